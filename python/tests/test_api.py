"""The Pythonic API: parse, select, navigate, text, serializers, errors."""

import pytest

import htmlforge


def test_parse_str_select_and_text():
    document = htmlforge.parse("<title>Shop</title><p class=x>Hello <b>world</b><script>x()</script>")
    assert document.title == "Shop"
    (p,) = document.select("p.x")
    assert p.tag == "p"
    assert p.namespace == "http://www.w3.org/1999/xhtml"
    assert p.attrs == {"class": "x"}
    assert p.text_content == "Hello worldx()"
    assert p.visible_text() == "Hello world"
    assert document.visible_text() == "Hello world"
    assert document.select_one("b").text_content == "world"
    assert document.select_one("table") is None
    assert document.encoding is None


def test_bytes_sniffing_and_http_charset():
    koi8 = b"<meta charset=koi8-r><p>\xf0\xd2\xc9\xd7\xc5\xd4"
    document = htmlforge.parse(koi8)
    assert (document.encoding, document.encoding_source) == ("KOI8-R", "meta-prescan")
    assert document.select_one("p").text_content == "Привет"
    # The HTTP charset wins over <meta>.
    document = htmlforge.parse("<meta charset=koi8-r><p>café".encode("utf-8"), encoding="utf-8")
    assert (document.encoding, document.encoding_source, document.encoding_confidence) == (
        "UTF-8",
        "transport",
        "certain",
    )
    assert document.select_one("p").text_content == "café"
    # Undeclared: UTF-8 when the bytes are UTF-8, windows-1252 otherwise.
    assert htmlforge.parse("<p>café".encode("utf-8")).encoding == "UTF-8"
    latin = htmlforge.parse("<p>café".encode("latin-1"))
    assert latin.encoding == "windows-1252"
    assert latin.select_one("p").text_content == "café"
    with pytest.raises(TypeError):
        htmlforge.parse("<p>x", encoding="utf-8")


def test_navigation():
    document = htmlforge.parse("<!DOCTYPE html><ul><li>a<li>b</ul><!--c-->")
    root = document.root
    assert root.type == "document"
    doctype = root.first_child
    assert (doctype.type, doctype.name, doctype.public_id) == ("doctype", "html", "")
    ul = document.select_one("ul")
    first, second = ul.children
    assert first.next_sibling == second and second.previous_sibling == first
    assert first.parent == ul and ul.first_child == first and ul.last_child == second
    assert [node.tag for node in second.ancestors] == ["ul", "body", "html", None]
    assert document.body.last_child.type == "comment"
    assert document.body.last_child.data == "c"
    assert [node.tag for node in ul.descendants() if node.type == "element"] == ["ul", "li", "li"]
    assert len({first, second, ul.children[0]}) == 2


def test_fragment_and_template():
    fragment = htmlforge.parse_fragment("<td>a</td>b", "tr")
    assert fragment.type == "fragment"
    assert [node.type for node in fragment.children] == ["element", "text"]
    assert fragment.outer_html == "<td>a</td>b"
    svg = htmlforge.parse_fragment("<path/>", "svg g").first_child
    assert svg.namespace == "http://www.w3.org/2000/svg"
    template = htmlforge.parse("<template><i>x</i></template>").select_one("template")
    assert template.children == []
    assert template.template_contents.first_child.tag == "i"
    with pytest.raises(ValueError):
        htmlforge.parse_fragment("x", "not a name")


def test_serializers():
    document = htmlforge.parse("<!DOCTYPE html><title>T</title><ul><li>a<li>b</ul>")
    assert document.html == "<!DOCTYPE html><html><head><title>T</title></head><body><ul><li>a</li><li>b</li></ul></body></html>"
    assert document.to_html("minimal") == "<!DOCTYPE html><title>T</title><ul><li>a<li>b</ul>"
    assert document.to_html("pretty").startswith("<!DOCTYPE html><html\n  ><head\n    ><title>")
    ul = document.select_one("ul")
    assert ul.outer_html == "<ul><li>a</li><li>b</li></ul>"
    assert ul.inner_html == "<li>a</li><li>b</li>"
    assert ul.to_html("minimal", outer=False) == "<li>a<li>b"
    with pytest.raises(ValueError):
        document.to_html("xml")


def test_parse_errors_with_positions():
    document = htmlforge.parse("<p>\n</div>")
    codes = [(error.code, error.line) for error in document.errors]
    assert codes == [("missing-doctype", 1), ("unexpected-end-tag", 2)]
    assert document.errors[1].column > 0


def test_bad_selector_raises_value_error_with_column():
    document = htmlforge.parse("<p>")
    with pytest.raises(ValueError) as caught:
        document.select("p >")
    assert isinstance(caught.value, htmlforge.SelectorError)
    assert caught.value.column == 4
    # The bad token's column (the pseudo-class's colon), not the end.
    with pytest.raises(htmlforge.SelectorError) as caught:
        document.select("ul > li:hovered a")
    assert caught.value.column == 8
    assert "column 8" in str(caught.value)


class StrSubclass(str):
    """A str that CPython keeps apart from its characters (not compact):
    the parse encodes it with the GIL held instead of reading it."""


@pytest.mark.parametrize("make", [str, StrSubclass])
@pytest.mark.parametrize(
    "text",
    ["", "plain ASCII", "Latin-1: caf\u00e9 \u00ff", "two bytes: \u0100 \u2019 \uffff", "four: \U0001f600 \U0010ffff", "a\ud800b\udfffc\ud83d\ude00"],
)
def test_a_str_of_every_kind_parses_as_its_utf8(make, text):
    document = htmlforge.parse(make(f"<p title='{text}'>{text}</p>"))
    paragraph = document.select_one("p")
    # Each lone surrogate (UTF-8 cannot hold one) becomes one U+FFFD.
    expected = "".join("\ufffd" if 0xD800 <= ord(char) <= 0xDFFF else char for char in text)
    assert paragraph.text_content == expected
    assert paragraph.get("title") == expected


def test_bad_input_never_raises():
    for html in ["", "<", "</", "\x00", "<svg><template>", "\ud800", b"\xff\xfe\x00", b"\x80" * 10, "<" * 1000]:
        htmlforge.parse(html).to_html()


def test_limits():
    deep = "<div>" * 1000
    capped = htmlforge.parse(deep)
    assert max(len(node.ancestors) for node in capped.select("div")) == 512 + 1  # and the Document
    unlimited = htmlforge.parse(deep, limits=None)
    assert max(len(node.ancestors) for node in unlimited.select("div")) == 999 + 3  # the other divs, body, html, the Document
    small = htmlforge.parse(deep, limits={"max_depth": 10})
    assert max(len(node.ancestors) for node in small.select("div")) == 10 + 1
    with pytest.raises(ValueError):
        htmlforge.parse("x", limits={"max_depth": -1})
    with pytest.raises(ValueError):
        htmlforge.parse("x", limits={"depth": 1})
    with pytest.raises(ValueError):
        htmlforge.parse("x", limits="trusted")


def test_scripting_flag():
    html = "<head><noscript><img src=p.gif></noscript><link rel=canonical href=/a>"
    assert htmlforge.parse(html).select_one("head link") is not None
    assert htmlforge.parse(html, scripting=False).select_one("head link") is None


def test_mutation_and_misuse():
    document = htmlforge.parse("<ul><li>a</ul><p>x")
    ul, p = document.select_one("ul"), document.select_one("p")
    ul.append_child(p)
    assert ul.inner_html == "<li>a</li><p>x</p>"
    ul.set_attribute("class", "list")
    assert ul.get("class") == "list" and ul.remove_attribute("class")
    with pytest.raises(htmlforge.DomError):
        p.append_child(ul)  # a cycle
    other = htmlforge.parse("<i>")
    with pytest.raises(htmlforge.DomError):
        ul.append_child(other.select_one("i"))
    p.remove()
    assert p.parent is None and ul.inner_html == "<li>a</li>"
    p.text_content = "1 < 2"
    assert p.outer_html == "<p>1 &lt; 2</p>"


def test_pickle_round_trips_a_document():
    import pickle
    from pathlib import Path

    from treetests import dump

    corpus = Path(__file__).resolve().parents[2] / "bench" / "corpus"
    pages = [path.read_bytes() for path in sorted(corpus.glob("*.html"))]
    pages.append(b"<!DOCTYPE html PUBLIC '-//W3C//DTD HTML 4.01//EN'><template><b>t</b></template><svg><a xlink:href=#x></a></svg><?pi data?><a<b>x")
    pages.append("<meta charset=koi8-r><p>\u043f".encode("koi8-r"))
    for page in pages:
        document = htmlforge.parse(page)
        copy = pickle.loads(pickle.dumps(document))
        assert dump(copy.root) == dump(document.root)
        assert copy.html == document.html
        assert copy.errors == document.errors
        assert (copy.encoding, copy.encoding_source, copy.encoding_confidence) == (
            document.encoding,
            document.encoding_source,
            document.encoding_confidence,
        )
        assert (copy.quirks_mode, copy.scripting) == (document.quirks_mode, document.scripting)
    # Detached nodes are not kept.
    document = htmlforge.parse("<p>a</p><p>b</p>")
    document.select("p")[0].remove()
    assert pickle.loads(pickle.dumps(document)).body.inner_html == "<p>b</p>"
    with pytest.raises(ValueError):
        htmlforge._native._restore_document(b"not a document")


def test_inner_html_setter_and_import_node():
    document = htmlforge.parse("<table><tbody id=rows></tbody></table><div></div>")
    rows = document.get_element_by_id("rows")
    rows.inner_html = "<tr><td>a<td>b"
    assert rows.inner_html == "<tr><td>a</td><td>b</td></tr>"
    other = htmlforge.parse("<ul><li class=a>one</li></ul>")
    copy = document.import_node(other.select_one("li"))
    assert copy.parent is None and copy.document.root == document.root
    document.select_one("div").append_child(copy)
    assert document.select_one("div").inner_html == '<li class="a">one</li>'
    assert other.select_one("ul").inner_html == '<li class="a">one</li>'
    with pytest.raises(htmlforge.DomError):
        document.root.inner_html = "x"  # the Document is not an element


def test_streaming_parser_pauses_for_scripts_and_shows_its_document():
    parser = htmlforge.Parser()
    script = parser.feed("<p id=a>one<script>document.write('<b>two</b>')</script>three")
    assert script == "document.write('<b>two</b>')"
    # Paused: the document so far, which the caller may change as the
    # script would.
    paragraph = parser.document.get_element_by_id("a")
    assert paragraph.text_content == "onedocument.write('<b>two</b>')"
    paragraph.set_attribute("class", "seen")
    parser.write("<b>two</b>")
    assert parser.resume() is None
    assert parser.end() is None
    document = parser.finish()
    assert parser.document.html == document.html
    assert document.select_one("p").outer_html == (
        '<p id="a" class="seen">one<script>document.write(\'<b>two</b>\')</script><b>two</b>three</p>'
    )
    with pytest.raises(ValueError, match="finished"):
        parser.feed("more")
