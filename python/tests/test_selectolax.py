"""selectolax compatibility: the same programs, run with selectolax (from
PyPI) and with htmlforge, give the same answers. The differences are the
ones docs/python.md lists, where htmlforge follows the standard and
lexbor does not; the comparisons below normalize exactly those:

- attributes written without a value: selectolax gives None, the standard
  (and htmlforge) the empty string;
- bytes: selectolax reads them as UTF-8 unless told `encoding=True`, and
  keeps a UTF-8 byte order mark as text; htmlforge sniffs the encoding as
  the standard says (so the pages run through selectolax with
  `encoding=True`), and decodes as the Encoding Standard says (pages in
  another encoding are compared on the text both decode alike).
"""

from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser as Selectolax

import htmlforge
from selectolax_program import answers, edited

REPO = Path(__file__).resolve().parents[2]
CORPORA = [REPO / "bench" / "corpus", REPO.parent / "shared" / "corpus" / "pages", Path("/work/shared/corpus/pages")]
PAGES = sorted({path.name: path for corpus in CORPORA if corpus.is_dir() for path in corpus.glob("*.html")}.values())


def standard_selectolax(html):
    """selectolax with the standard's encoding sniffing turned on."""
    return Selectolax(html, encoding=True)


def normalized(result: dict) -> dict:
    """Valueless attributes as the standard gives them: ""."""
    if "meta" in result:
        result["meta"] = [{key: "" if value is None else value for key, value in meta.items()} for meta in result["meta"]]
    return result


@pytest.mark.parametrize("program", [answers, edited], ids=["read", "edit"])
@pytest.mark.parametrize("page", PAGES, ids=[path.name for path in PAGES])
def test_corpus_page(page, program):
    data = page.read_bytes()
    if htmlforge.parse(data).encoding != "UTF-8":
        # lexbor's decoders and the Encoding Standard's differ on malformed
        # bytes: compare the trees on one decoded text.
        data = data.decode(htmlforge.parse(data).encoding, "replace")
    assert normalized(program(htmlforge.HTMLParser, data)) == normalized(program(standard_selectolax, data))


def test_the_corpus_is_there():
    assert len(PAGES) >= 11


SNIPPETS = [
    "<div id=a class='x y'><p>One <b>two</b> three</p><p>four<br>five</p><!--c--></div>",
    "<ul><li>a<li>b<li><a href=/c>c</a></ul><table><tr><td>1<td>2</table>",
    "<p>  spaced \n text  </p><p>\xa0</p><script>var x = '<p>'</script><style>p{}</style>",
    "<svg><foreignObject><p>in svg</p></foreignObject><use xlink:href=#a href=#b></use></svg><math><mi>x</mi></math>",
    "<template><b>t</b></template><noscript><i>n</i></noscript><select><option>o</select>",
    "<!DOCTYPE html><title>T</title><body data-x=1><span>s</span>tail",
]


def program_results(parser_class, html):
    tree = parser_class(html)
    body = tree.body
    div = tree.css_first("div")
    results = {
        "tags": [node.tag for node in tree.root.traverse(include_text=True)],
        "traverse_skip": [node.tag for node in body.traverse(include_text=True, skip_empty=True)],
        "iter": [node.tag for node in body.iter(include_text=True)],
        "iter_skip": [node.tag for node in body.iter(include_text=True, skip_empty=True)],
        "text": [
            body.text(),
            body.text(deep=False),
            body.text(separator="|"),
            body.text(separator="|", strip=True),
            body.text(separator="|", strip=True, skip_empty=True),
            tree.text(separator="/"),
        ],
        "html": tree.html,
        "body_html": body.html,
        "attributes": [node.attributes for node in tree.css("*")],
        "ids": [node.id for node in tree.css("*")],
        "css_first": (tree.css_first("p").html if tree.css_first("p") else None, tree.css_first("nope", default="d")),
        "matches": [tree.css_matches("p"), body.css_matches("body"), body.any_css_matches(("nope", "span"))],
        "nav": [
            (node.tag, node.parent.tag if node.parent else None, node.prev.tag if node.prev else None)
            for node in tree.css("*")
        ],
        "kinds": [
            (node.is_element_node, node.is_text_node, node.is_comment_node, node.is_empty_text_node, node.text_content)
            for node in body.traverse(include_text=True)
        ],
        "head": tree.head.html if tree.head else None,
        "tags_p": len(tree.tags("p")),
        "root": tree.root.tag,
    }
    if div is not None:
        results["div"] = (div.text(), div.inner_html, div.attrs.get("class"), "id" in div.attrs, len(div.attrs))
    return results


def edit_results(parser_class, html):
    tree = parser_class(html)
    out = []
    for node in tree.css("b, br"):
        node.unwrap()
    out.append(tree.body.html)
    for node in tree.css("p"):
        node.insert_before("<before>")
        node.insert_after("after")
        node.insert_child("child")
    out.append(tree.body.html)
    first = tree.css_first("li")
    if first is not None:
        first.replace_with("replaced")
        out.append(tree.body.html)
    span = tree.css_first("span")
    if span is not None:
        span.attrs["title"] = "t"
        span.attrs["data-y"] = "2"
        del span.attrs["title"]
        out.append((span.html, dict(span.attrs.items())))
    tree.strip_tags(["script", "style"])
    tree.unwrap_tags(["a", "i"])
    out.append(tree.html)
    target = tree.css_first("td")
    moved = tree.css_first("p")
    if target is not None and moved is not None:
        target.insert_child(moved)  # a copy
        out.append(tree.html)
        target.insert_child(moved, move=True)
        out.append(tree.html)
    for node in tree.css("div, table"):
        node.decompose()
    out.append(tree.html)
    tree.body.merge_text_nodes()
    out.append([node.text_content for node in tree.body.iter(include_text=True)])
    return out


@pytest.mark.parametrize("html", SNIPPETS)
def test_snippet_reads(html):
    assert program_results(htmlforge.HTMLParser, html) == program_results(Selectolax, html)


@pytest.mark.parametrize("html", SNIPPETS)
def test_snippet_edits(html):
    assert edit_results(htmlforge.HTMLParser, html) == edit_results(Selectolax, html)


def test_fragments():
    for html in ["<p>x</p><!--c-->tail", "<td>cell</td>", "text only"]:
        for tag in ["div", "tr"]:
            ours = htmlforge.HTMLParser(html, is_fragment=True, fragment_tag=tag)
            theirs = Selectolax(html, is_fragment=True, fragment_tag=tag)
            assert (ours.html, ours.text(), ours.root.tag if ours.root else None) == (
                theirs.html,
                theirs.text(),
                theirs.root.tag if theirs.root else None,
            )


def test_valueless_attribute_is_the_empty_string():
    # The documented difference: the standard gives "" (selectolax None).
    node = htmlforge.HTMLParser("<div hidden>").css_first("div")
    assert node.attributes == {"hidden": ""}


def test_misuse_raises():
    tree = htmlforge.HTMLParser("<div><p>x</p></div>")
    p = tree.css_first("p")
    tree.css_first("div").decompose()
    with pytest.raises(htmlforge.DomError):
        p.text()
    p.decompose()  # already gone: nothing to do
    with pytest.raises(htmlforge.SelectolaxError):
        tree.root.decompose()
    with pytest.raises(ValueError):
        tree.css("p >")
    with pytest.raises(ValueError):
        htmlforge.HTMLParser("<p><p>").css_first("p", strict=True)


def test_nodes_of_another_parser_and_inner_html():
    for parser_class in (htmlforge.HTMLParser, Selectolax):
        tree = parser_class("<div id=a><span>x</span></div>")
        other = parser_class("<p>Test</p><i>moved</i>")
        div = tree.css_first("div")
        div.insert_child(other.body.child)
        div.insert_before(other.css_first("i"), move=True)
        div.css_first("span").inner_html = "<b>y</b>"
        results = (tree.body.html, other.body.html)
        if parser_class is Selectolax:
            assert results == ours
        ours = results
