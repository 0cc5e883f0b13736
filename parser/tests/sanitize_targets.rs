//! setHTML and setHTMLUnsafe on each kind of target: an element, a
//! template (its contents), a shadow root (its children replaced, its host
//! the context), and a node that is neither.

use htmlforge::sanitize::{set_html, set_html_unsafe, SanitizeOptions, SetHtmlError};
use htmlforge::{parse_document_with, DomError, ParseOptions};

fn document_with_shadow_root() -> htmlforge::Document {
    let html = "<div id=host><template shadowrootmode=open><i>old</i></template><b>light</b></div>";
    parse_document_with(html, ParseOptions::default().declarative_shadow_roots(true))
}

#[test]
fn set_html_on_a_shadow_root_parses_in_its_host_and_replaces_its_children() {
    let mut document = document_with_shadow_root();
    let host = document.get_element_by_id("host").unwrap().id();
    let shadow = document.shadow_root(host).expect("the declarative shadow root");
    set_html(&mut document, shadow, "<p onclick=x()>new<script>s()</script>", &SanitizeOptions::default()).unwrap();
    assert_eq!(document.inner_html(shadow), "<p>new</p>");
    // The host's own children are not the target.
    assert_eq!(document.inner_html(host), "<b>light</b>");
    set_html_unsafe(&mut document, shadow, "<p onclick=x()>s", &SanitizeOptions::default()).unwrap();
    assert_eq!(document.inner_html(shadow), "<p onclick=\"x()\">s</p>");
}

#[test]
fn set_html_on_a_template_replaces_its_contents_and_refuses_a_text_node() {
    let mut document = parse_document_with("<template id=t><i>old</i></template>p", ParseOptions::default());
    let template = document.get_element_by_id("t").unwrap().id();
    set_html(&mut document, template, "<b onclick=x()>new</b>", &SanitizeOptions::default()).unwrap();
    assert_eq!(document.inner_html(template), "<b>new</b>");
    let text = document.create_text_node("x");
    assert_eq!(
        set_html(&mut document, text, "<b>", &SanitizeOptions::default()),
        Err(SetHtmlError::Dom(DomError::NotAnElement))
    );
}
