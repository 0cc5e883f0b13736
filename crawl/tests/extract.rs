//! The functions on payload bytes: each answer, the HTTP charset, the base
//! URL, and the limits a crawl parses with.

use htmlforge_crawl::{links, metadata, select, text, title, Limits, Options, Page, Selector, Take};

#[test]
fn text_is_the_visible_text_of_the_document() {
    let html = b"<title>T</title><style>p{}</style><h1>Head</h1><p>One <b>two</b></p><noscript>off</noscript>";
    assert_eq!(text(html, None), "Head\n\nOne two");
    // Scripting off: noscript's content is markup, and shown.
    let page = Page::parse_with(html, None, Options::default().scripting(false));
    assert_eq!(page.text(), "Head\n\nOne two\n\noff");
    assert_eq!(text(b"", None), "");
}

#[test]
fn title_is_document_title() {
    assert_eq!(title(b"<title>\n A  page </title>", None).as_deref(), Some("A page"));
    assert_eq!(title(b"<p>no title", None), None);
}

#[test]
fn the_http_charset_wins_over_the_meta() {
    // "Привет" in windows-1251, under a meta that says UTF-8.
    let html = b"<meta charset=utf-8><title>\xCF\xF0\xE8\xE2\xE5\xF2</title>";
    assert_eq!(title(html, Some("windows-1251")).as_deref(), Some("Привет"));
    let page = Page::parse(html, Some("windows-1251"));
    assert_eq!(page.metadata(None).encoding, "windows-1251");
    assert_eq!(page.metadata(None).encoding_source, "transport");
    // An unknown label is ignored: the meta decides.
    assert_eq!(metadata(html, Some("no-such-charset"), None).encoding_source, "meta-prescan");
}

#[test]
fn without_a_declared_encoding_valid_utf8_is_utf8() {
    let utf8 = metadata("<p>café".as_bytes(), None, None);
    assert_eq!((utf8.encoding, utf8.encoding_source), ("UTF-8", "fallback"));
    let latin = b"<p>caf\xE9";
    assert_eq!(metadata(latin, None, None).encoding, "windows-1252");
    assert_eq!(text(latin, None), "café");
}

#[test]
fn links_resolve_against_the_base_element_then_the_record_url() {
    let html = br#"<a href="a">1</a><base href="/dir/"><base href="/other/"><area href="b?x=1#f">
        <a>no href</a><a href="https://other.example/">abs</a><a href="http://[bad">bad</a><link href=c>"#;
    let url = Some("https://example.com/page.html");
    assert_eq!(
        links(html, None, url),
        ["https://example.com/dir/a", "https://example.com/dir/b?x=1#f", "https://other.example/"]
    );
    // No record URL: the base is relative, so only absolute links resolve.
    assert_eq!(links(html, None, None), ["https://other.example/"]);
    // A base that does not parse leaves the record URL.
    let html = br#"<base href="http://[bad"><a href=x>"#;
    assert_eq!(links(html, None, url), ["https://example.com/x"]);
}

#[test]
fn a_query_is_encoded_in_the_page_encoding() {
    // The standard's "encoding-parse a URL": é is %E9 in windows-1252; the
    // path is always UTF-8.
    let html = b"<meta charset=windows-1252><a href='/\xE9?q=\xE9'>";
    assert_eq!(links(html, None, Some("http://e.example/")), ["http://e.example/%C3%A9?q=%E9"]);
    let html = "<meta charset=utf-8><a href='/é?q=é'>".as_bytes();
    assert_eq!(links(html, None, Some("http://e.example/")), ["http://e.example/%C3%A9?q=%C3%A9"]);
}

#[test]
fn select_takes_text_an_attribute_or_html() {
    let html = br#"<ul><li class=x data-id=1>One <i>1</i></li><li class=x>Two</li><li>Three</li></ul>"#;
    let items = Selector::parse("li.x").unwrap();
    assert_eq!(select(html, None, &items, Take::Text), ["One 1", "Two"]);
    assert_eq!(select(html, None, &items, Take::Attr("data-id")), ["1"]);
    assert_eq!(
        select(html, None, &items, Take::Html),
        [r#"<li class="x" data-id="1">One <i>1</i></li>"#, r#"<li class="x">Two</li>"#]
    );
    assert_eq!(Selector::parse("li >").unwrap_err().column(), 5);
}

#[test]
fn metadata_reads_declarations_only() {
    let empty = metadata(b"<p>x", None, None);
    assert_eq!(empty.lang, None);
    assert_eq!(empty.description, None);
    assert_eq!(empty.canonical, None);
    assert_eq!(empty.robots, None);
    assert!(empty.open_graph.is_empty());
    // The pragma-set default language: the last meta wins, one with a
    // comma is ignored, the html element's lang wins over all.
    let html =
        br#"<meta http-equiv=Content-Language content=" fr  x"><meta http-equiv=content-language content="de, en">"#;
    assert_eq!(metadata(html, None, None).lang.as_deref(), Some("fr"));
    let html = br#"<html lang=""><meta http-equiv=content-language content=fr>"#;
    assert_eq!(metadata(html, None, None).lang, None, "lang=\"\" says the language is unknown");
    // The first description; canonical against the base URL.
    let html =
        br#"<base href="https://cdn.example/x/"><meta name=description content=one><meta name=description content=two>
        <link rel=stylesheet href=s.css><link rel=CANONICAL href=c>"#;
    let found = metadata(html, None, Some("https://example.com/"));
    assert_eq!(found.description.as_deref(), Some("one"));
    assert_eq!(found.canonical.as_deref(), Some("https://cdn.example/x/c"));
}

#[test]
fn the_default_limits_are_untrusted() {
    assert_eq!(Options::default().limits, Limits::UNTRUSTED);
    // 600 nested divs: the untrusted depth cap (512) stops the nesting.
    let html = "<div>".repeat(600);
    let page = Page::parse(html.as_bytes(), None);
    assert!(page.limits_hit().depth_capped);
    let page = Page::parse_with(html.as_bytes(), None, Options::default().limits(Limits::NONE));
    assert!(!page.limits_hit().depth_capped);
}

#[test]
fn every_corpus_page_gives_the_text_of_its_parse() {
    // The one-call function and the DOM agree: the text is the visible
    // text of the parse of the same bytes with the same options.
    let dir = htmlforge_conformance::corpus::corpus_dir();
    let mut pages: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()).collect();
    pages.retain(|path| path.extension().is_some_and(|extension| extension == "html"));
    assert!(!pages.is_empty(), "no pages in {}", dir.display());
    for page in pages {
        let bytes = std::fs::read(&page).unwrap();
        let options = htmlforge::ParseOptions::default().scripting(true).limits(Limits::UNTRUSTED);
        let fallback = std::str::from_utf8(&bytes).is_ok().then_some(encoding_rs::UTF_8);
        let parsed =
            htmlforge::parse_bytes(&bytes, htmlforge::ByteParseOptions::default().parse(options).fallback(fallback));
        let root = parsed.document.document();
        let expected =
            parsed.document.visible_text_with(root, htmlforge::dom::TextOptions::default().scripting(Some(true)));
        assert_eq!(text(&bytes, None), expected, "{}", page.display());
    }
}
