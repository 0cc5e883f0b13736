"""The HTML Sanitizer API: sanitize (setHTML) and parse_html (parseHTML)."""

import threading

import pytest

import htmlforge


def test_default_configuration_removes_script_handlers_and_javascript_urls():
    html = '<p onclick="x()">a<script>b()</script><a href="javascript:c()">d</a><img src=x onerror=e()><!--f-->'
    # img is not in the built-in safe default configuration: removed with
    # its attributes, as the comment is.
    assert htmlforge.sanitize(html) == "<p>a<a>d</a></p>"
    assert htmlforge.sanitize(html, "default") == htmlforge.sanitize(html)


def test_configuration_dictionary_as_a_browser_takes_it():
    config = {
        "elements": ["p", {"name": "a", "attributes": ["href"]}],
        "replaceWithChildrenElements": ["i"],
        "attributes": [],
        "comments": True,
    }
    html = '<p title=t>x<a href="/y" title=z>y</a><b>z</b><i>w</i><!--c--></p>'
    # b is in no list: removed with its children; i is replaced with them.
    assert htmlforge.sanitize(html, config) == '<p>x<a href="/y">y</a>w<!--c--></p>'
    # The safe variant removes what is unsafe whatever the configuration allows.
    unsafe_config = {"elements": ["script", "p"], "attributes": ["onclick"]}
    assert htmlforge.sanitize("<p onclick=x()>a<script>b</script>", unsafe_config) == "<p>a</p>"


def test_unsafe_variant_filters_with_the_configuration_only():
    html = "<p onclick=x()>a<script>b</script><!--c-->"
    assert htmlforge.sanitize(html, safe=False) == '<p onclick="x()">a<script>b</script><!--c--></p>'
    assert htmlforge.sanitize(html, {"removeElements": ["script"]}, safe=False) == '<p onclick="x()">a<!--c--></p>'


def test_context_element_decides_the_fragment_parse():
    assert htmlforge.sanitize("<tr><td>a</td></tr><script>x</script>", context="tbody") == "<tr><td>a</td></tr>"
    # A script element is a target whose setHTML changes nothing.
    assert htmlforge.sanitize("a", context="script") == ""
    assert htmlforge.sanitize("<circle r=1 onload=x()>", context="svg g") == '<circle r="1"></circle>'
    with pytest.raises(ValueError):
        htmlforge.sanitize("a", context="not a name")


def test_processing_instructions():
    assert htmlforge.sanitize("<?x a?><?y b?>b") == "b"
    assert htmlforge.sanitize("<?x a?><?y b?>b", {"processingInstructions": ["x"]}) == "<?x a?>b"


@pytest.mark.parametrize(
    ("config", "rule"),
    [
        ({"elements": ["p"], "removeElements": ["b"]}, "elements or removeElements, not both"),
        ({"elements": ["p", "p"]}, "twice in elements"),
        ({"replaceWithChildrenElements": ["html"]}, "non-replaceable"),
        ({"dataAttributes": True}, "dataAttributes is allowed only with an attributes list"),
        ({"elements": 5}, "not a SanitizerConfig"),
        ("strict", "not a SanitizerConfig"),
    ],
)
def test_invalid_configuration_raises_value_error_with_the_rule(config, rule):
    with pytest.raises(htmlforge.SanitizerConfigError, match=rule) as raised:
        htmlforge.sanitize("<p>a", config)
    assert isinstance(raised.value, ValueError)
    with pytest.raises(ValueError, match=rule):
        htmlforge.parse_html("<p>a", config)


def test_parse_html_sanitizes_a_whole_document():
    document = htmlforge.parse_html("<title>t</title><p onclick=x()>hi<script>s()</script>")
    assert document.html == "<html><head><title>t</title></head><body><p>hi</p></body></html>"
    assert document.title == "t"
    document = htmlforge.parse_html("<p onclick=x()>hi<script>s()</script>", safe=False)
    assert document.select_one("script").text_content == "s()"


def test_template_contents_are_sanitized():
    html = "<template><b onclick=y()>z</b><script>s()</script><i>i</i><u>u</u></template>"
    config = {"elements": ["template", "b"], "replaceWithChildrenElements": ["i"]}
    assert htmlforge.sanitize(html, config) == "<template><b>z</b>i</template>"


def test_output_is_stable_and_the_call_releases_the_gil():
    html = "<table><td><noscript><p>x</noscript><form><math><mtext></form><mglyph><style><img src=x onerror=y()>"
    once = htmlforge.sanitize(html)
    assert htmlforge.sanitize(once) == once
    results = []
    threads = [threading.Thread(target=lambda: results.append(htmlforge.sanitize(html))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [once] * 4
