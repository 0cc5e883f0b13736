//! `<template for>` content patching (`ParseOptions::template_patching`):
//! whatwg-parsing-2026.txt Appendix A.1 and A.3, and "prepare content
//! patching" / "find markers" of the template element section.

use htmlforge::dom::dump_html5lib;
use htmlforge::{parse_document_with, serialize_document, ParseOptions, Parser};

fn patching() -> ParseOptions {
    ParseOptions { template_patching: true, ..ParseOptions::default() }
}

fn body(html: &str, options: ParseOptions) -> String {
    let serialized = serialize_document(&parse_document_with(html, options));
    let start = serialized.find("<body>").expect("a body") + "<body>".len();
    let end = serialized.rfind("</body>").expect("a body end tag");
    serialized[start..end].to_string()
}

#[test]
fn a_marker_is_replaced_by_the_template_content() {
    let html = r#"<div>a<?marker name="x">b</div><template for=x><p>new</p></template>"#;
    assert_eq!(body(html, patching()), "<div>a<p>new</p>b</div>");
}

#[test]
fn a_range_loses_its_placeholder() {
    let html = r#"<aside><?start name="r"><ul class=placeholder><li>…</li></ul><?end><p>after</p></aside>
<template for="r"><ul><li>one</li></ul></template>"#;
    assert_eq!(body(html, patching()), "<aside><ul><li>one</li></ul><p>after</p></aside>\n");
}

#[test]
fn ranges_nest_and_an_unclosed_range_runs_to_the_end_of_its_parent() {
    let html = r#"<div><?start name="x">a<?start>b<?end>c<?end>d</div><template for="x">N</template>"#;
    assert_eq!(body(html, patching()), "<div>Nd</div>");
    let html = r#"<div>a<?start name="x">b<p>c</p></div><template for="x">N</template>"#;
    assert_eq!(body(html, patching()), "<div>aN</div>");
}

#[test]
fn the_first_marker_in_tree_order_is_taken() {
    let html = r#"<p><i><?marker name="x"></i><?marker name="x"></p><template for="x">N</template>"#;
    assert_eq!(body(html, patching()), "<p><i>N</i><?marker name=\"x\"?></p>");
}

#[test]
fn markers_are_named_by_a_quoted_pseudo_attribute() {
    // `name=x` is not a pseudo-attribute (the value must be quoted), so
    // nothing matches and the template is inserted as usual.
    let html = "<div><?marker name=x></div><template for=x>N</template>";
    assert_eq!(body(html, patching()), "<div><?marker name=x?></div><template for=\"x\">N</template>");
    let html = "<div><?marker name='x' other=\"&lt;\"></div><template for=x>N</template>";
    assert_eq!(body(html, patching()), "<div>N</div>");
}

#[test]
fn without_a_marker_the_template_is_inserted_as_usual() {
    for html in [
        "<div></div><template for=nothing><p>x</p></template>",
        r#"<div><?marker name=""></div><template for=""><p>x</p></template>"#,
    ] {
        let got = body(html, patching());
        assert!(got.contains("</div><template for=") && got.ends_with("><p>x</p></template>"), "{html}: {got}");
    }
}

#[test]
fn the_option_is_off_by_default() {
    let html = r#"<div><?marker name="x"></div><template for="x">N</template>"#;
    assert_eq!(body(html, ParseOptions::default()), r#"<div><?marker name="x"?></div><template for="x">N</template>"#);
}

#[test]
fn a_declarative_shadow_root_template_is_never_a_patch() {
    let html = r#"<div><?marker name="x"></div><template shadowrootmode=OPEN for="x">N</template>"#;
    assert_eq!(
        body(html, patching()),
        r#"<div><?marker name="x"?></div><template shadowrootmode="OPEN" for="x">N</template>"#
    );
    // An invalid mode is the None state: the template patches.
    let html = r#"<div><?marker name="x"></div><template shadowrootmode=sideways for="x">N</template>"#;
    assert_eq!(body(html, patching()), "<div>N</div>");
}

#[test]
fn a_template_in_body_patches_the_head() {
    let html = r#"<head><title>t</title><?start name="h"><meta name=old><?end></head>
<body><template for="h"><meta name=new></template>"#;
    let document = parse_document_with(html, patching());
    let serialized = serialize_document(&document);
    assert!(serialized.starts_with(r#"<html><head><title>t</title><meta name="new"></head>"#), "{serialized}");
}

#[test]
fn markers_inside_a_template_are_patched_from_inside_it() {
    let html = r#"<template><p><?marker name="x"></p><template for="x">N</template></template>"#;
    let document = parse_document_with(html, patching());
    assert_eq!(serialize_document(&document), "<html><head><template><p>N</p></template></head><body></body></html>");
}

#[test]
fn an_element_left_open_in_the_patch_is_closed_by_the_end_tag() {
    let html = r#"<div><?marker name="x"></div><template for="x"><section>open</template><p>after</p>"#;
    assert_eq!(body(html, patching()), "<div><section>open</section></div><p>after</p>");
}

#[test]
fn a_patch_reaching_the_end_of_the_input_keeps_its_markers() {
    // No end tag: "in template" at the end of the input pops the template
    // without the end tag's steps, so the marker stays.
    let html = r#"<div><?marker name="x"></div><template for="x">N"#;
    assert_eq!(body(html, patching()), r#"<div>N<?marker name="x"?></div>"#);
}

#[test]
fn any_split_of_the_input_gives_the_same_tree() {
    let html = r#"<div><?start name="x">old<?end></div><p>z</p><template for="x"><b>new</b> text</template>"#;
    let whole = dump_html5lib(&parse_document_with(html, patching()));
    assert!(whole.contains("\"new\"") && !whole.contains("old"), "{whole}");
    let mut parser = Parser::new(patching());
    for c in html.chars() {
        let _ = parser.feed(c.encode_utf8(&mut [0; 4]));
    }
    let _ = parser.end();
    assert_eq!(dump_html5lib(&parser.finish()), whole);
}
