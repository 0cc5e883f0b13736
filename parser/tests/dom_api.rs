//! The DOM API refuses what the DOM refuses, and a `NodeId` works only
//! with its own document.

use htmlforge::dom::{Document, DomError, HierarchyRequest};
use htmlforge::vocab::{AttrRef, Name, QualName};
use htmlforge::Namespace;

fn by_tag(document: &Document, name: &str) -> htmlforge::NodeId {
    document.get_elements_by_tag_name(name).next().unwrap().id()
}

fn hierarchy(reason: HierarchyRequest) -> Result<(), DomError> {
    Err(DomError::HierarchyRequest(reason))
}

#[test]
fn cycles_are_refused_and_change_nothing() {
    let mut document = htmlforge::parse_document("<div><p><b>x</b></p></div>");
    let before = htmlforge::serialize_document(&document);
    let (div, b) = (by_tag(&document, "div"), by_tag(&document, "b"));
    assert_eq!(document.append_child(b, div), hierarchy(HierarchyRequest::Cycle));
    assert_eq!(document.append_child(div, div), hierarchy(HierarchyRequest::Cycle));
    let root = document.document();
    assert_eq!(document.append_child(root, root), hierarchy(HierarchyRequest::Cycle));
    let html = document.document_element().unwrap().id();
    assert_eq!(document.insert_before(b, html, None), hierarchy(HierarchyRequest::Cycle));
    assert_eq!(htmlforge::serialize_document(&document), before);
    // Text is preserved through all of it, and walks end.
    assert_eq!(document.text_content(root), "x");
}

#[test]
fn a_template_cannot_go_into_its_own_contents() {
    let mut document = htmlforge::parse_document("<template><p>t</p></template>");
    let template = by_tag(&document, "template");
    let contents = document.element(template).unwrap().template_contents().unwrap();
    assert_eq!(document.append_child(contents, template), hierarchy(HierarchyRequest::Cycle));
    // Nor into an element inside them (found through the host).
    let p = document.first_child(contents).unwrap();
    assert_eq!(document.append_child(p, template), hierarchy(HierarchyRequest::Cycle));
    // An empty template into its own empty contents.
    let empty = document.create_html_element("template").unwrap();
    let empty_contents = document.element(empty).unwrap().template_contents().unwrap();
    assert_eq!(document.append_child(empty_contents, empty), hierarchy(HierarchyRequest::Cycle));
    // A template made by hand.
    let made = document.create_html_element("template").unwrap();
    let inner = document.create_html_element("div").unwrap();
    let made_contents = document.element(made).unwrap().template_contents().unwrap();
    document.append_child(made_contents, inner).unwrap();
    assert_eq!(document.append_child(inner, made), hierarchy(HierarchyRequest::Cycle));
}

#[test]
fn the_document_keeps_its_shape() {
    let mut document = htmlforge::parse_document("<!doctype html><p>x");
    let root = document.document();
    let div = document.create_html_element("div").unwrap();
    assert_eq!(document.append_child(root, div), hierarchy(HierarchyRequest::SecondDocumentElement));
    let text = document.create_text_node("t");
    assert_eq!(document.append_child(root, text), hierarchy(HierarchyRequest::TextInDocument));
    assert_eq!(document.append_text(root, "t"), hierarchy(HierarchyRequest::TextInDocument));
    let doctype = document.first_child(root).unwrap();
    let body = document.body().unwrap().id();
    assert_eq!(document.append_child(body, doctype), hierarchy(HierarchyRequest::DoctypeOutsideDocument));
    assert_eq!(document.append_child(div, root), hierarchy(HierarchyRequest::NotInsertable));
    assert_eq!(document.append_child(text, div), hierarchy(HierarchyRequest::ParentCannotHaveChildren));
    // Moving the document element out, then a doctype after a new one.
    let html = document.document_element().unwrap().id();
    document.remove(html);
    document.remove(doctype);
    document.append_child(root, div).unwrap();
    assert_eq!(document.append_child(root, doctype), hierarchy(HierarchyRequest::DoctypeAfterElement));
    document.insert_before(root, doctype, Some(div)).unwrap();
    assert_eq!(htmlforge::serialize_document(&document), "<!DOCTYPE html><div></div>");
    let comment = document.create_comment("c");
    document.insert_before(root, comment, Some(doctype)).unwrap();
    assert_eq!(htmlforge::serialize_document(&document), "<!--c--><!DOCTYPE html><div></div>");
}

#[test]
fn a_reference_node_must_be_a_child_of_the_parent() {
    let mut document = htmlforge::parse_document("<p>a</p><i>b</i>");
    let (p, i) = (by_tag(&document, "p"), by_tag(&document, "i"));
    let loose = document.create_html_element("span").unwrap();
    // A parentless reference node: an error, not a panic.
    assert_eq!(document.insert_before(p, i, Some(loose)), Err(DomError::NotFound));
    let body = document.body().unwrap().id();
    let a = document.first_child(p).unwrap();
    assert_eq!(document.insert_before(body, i, Some(a)), Err(DomError::NotFound));
    // Before itself: stays where it is.
    document.insert_before(body, i, Some(i)).unwrap();
    assert_eq!(document.inner_html(body), "<p>a</p><i>b</i>");
    document.insert_before(body, i, Some(p)).unwrap();
    assert_eq!(document.inner_html(body), "<i>b</i><p>a</p>");
}

#[test]
fn a_fragment_inserts_its_children() {
    let mut document = htmlforge::parse_document("<template><b>1</b>2</template><p>");
    let template = by_tag(&document, "template");
    let contents = document.element(template).unwrap().template_contents().unwrap();
    let p = by_tag(&document, "p");
    document.append_child(p, contents).unwrap();
    assert_eq!(document.inner_html(p), "<b>1</b>2");
    assert_eq!(document.first_child(contents), None);
}

#[test]
fn names_are_checked_and_the_serializer_cannot_be_tricked() {
    let mut document = Document::new();
    let html = |name: &str| QualName::new(Namespace::Html, Name::new(name));
    assert_eq!(document.create_element(&html("a b><script"), &[]), Err(DomError::InvalidCharacter));
    assert_eq!(document.create_element(&html(""), &[]), Err(DomError::InvalidCharacter));
    let bad_attr = [AttrRef::new("x onload=alert(1) y", "")];
    assert_eq!(document.create_element(&html("a"), &bad_attr), Err(DomError::InvalidCharacter));
    let count = document.node_count();
    assert_eq!(document.create_html_element("a>"), Err(DomError::InvalidCharacter));
    assert_eq!(document.node_count(), count, "nothing is created");
    let custom = document.create_html_element("x-élan").unwrap();
    assert_eq!(document.set_attribute(custom, "a=b", "v"), Err(DomError::InvalidCharacter));
    let text = document.create_text_node("t");
    assert_eq!(document.set_attribute(text, "a", "v"), Err(DomError::NotAnElement));
    assert_eq!(document.outer_html(custom), "<x-élan></x-élan>");
    assert_eq!(DomError::InvalidCharacter.to_string(), "InvalidCharacterError: not a valid name");
    let error: Box<dyn std::error::Error> = Box::new(DomError::HierarchyRequest(HierarchyRequest::Cycle));
    assert!(error.to_string().starts_with("HierarchyRequestError"));
}

#[test]
fn node_ids_belong_to_their_document() {
    let a = htmlforge::parse_document("<p>a");
    let b = htmlforge::parse_document("<p>b");
    let p = by_tag(&a, "p");
    assert!(a.contains(p) && !b.contains(p));
    let panic = std::panic::catch_unwind(|| b.parent(p)).unwrap_err();
    let message = panic.downcast_ref::<String>().unwrap();
    assert!(message.contains("used with a Document it does not belong to"), "{message}");
    // A clone has its own tag; ids carry over by index.
    let copy = a.clone();
    assert!(!copy.contains(p));
    let p_in_copy = copy.node_at(p.index()).unwrap();
    assert_eq!(copy.outer_html(p_in_copy), "<p>a</p>");
    assert_eq!(copy.node_at(copy.node_count()), None);
}

#[test]
fn mutation_through_a_foreign_id_panics_before_changing_anything() {
    let mut a = htmlforge::parse_document("<p>a");
    let b = htmlforge::parse_document("<p>b<i>c</i>");
    let i = by_tag(&b, "i");
    let body = a.body().unwrap().id();
    let before = htmlforge::serialize_document(&a);
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| a.append_child(body, i)));
    assert!(outcome.is_err());
    assert_eq!(htmlforge::serialize_document(&a), before);
}

#[test]
fn replacing_moves_the_node_and_a_refusal_restores_the_old_one() {
    let mut document = htmlforge::parse_document("<div><p>a</p><i>b</i></div>");
    let (div, p, i) = (by_tag(&document, "div"), by_tag(&document, "p"), by_tag(&document, "i"));
    // `i` moves into `p`'s place; `p` is left detached.
    document.replace_with(p, i).unwrap();
    assert_eq!(document.inner_html(div), "<i>b</i>");
    assert_eq!(document.parent(p), None);
    assert_eq!(document.replace_with(p, i), Err(DomError::NotFound));
    // A refused replacement (a cycle) leaves `i` where it was.
    assert_eq!(document.replace_with(i, div), hierarchy(HierarchyRequest::Cycle));
    assert_eq!(document.inner_html(div), "<i>b</i>");
    // The document element can be replaced by an element.
    let root = document.document();
    let html = document.document_element().unwrap().id();
    let svg = document.create_element(&QualName::new(Namespace::Svg, Name::new("svg")), &[]).unwrap();
    document.replace_with(html, svg).unwrap();
    assert_eq!(document.document_element().map(|root| root.id()), Some(svg));
    let text = document.create_text_node("t");
    assert_eq!(document.replace_with(svg, text), hierarchy(HierarchyRequest::TextInDocument));
    assert_eq!(document.first_child(root), Some(svg));
}

#[test]
fn setting_text_replaces_children_or_data() {
    let mut document = htmlforge::parse_document("<p>a<b>b</b><!--c--></p>");
    let p = by_tag(&document, "p");
    let comment = document.last_child(p).unwrap();
    document.set_text_content(comment, "d");
    assert_eq!(document.inner_html(p), "a<b>b</b><!--d-->");
    document.set_text_content(p, "<x>");
    assert_eq!(document.inner_html(p), "&lt;x&gt;");
    assert_eq!(document.children(p).count(), 1);
    document.set_text_content(p, "");
    assert_eq!(document.first_child(p), None);
    let root = document.document();
    document.set_text_content(root, "ignored");
    assert!(document.document_element().is_some());
}

#[test]
fn attribute_values_of_every_length_survive_the_copy_into_the_dom() {
    // Values up to and past the 64 bytes a tokenizer slot starts with, in
    // one document (each tag reuses the tokenizer's slots, grown by the
    // longer values before it) and with character references and multibyte characters,
    // the values ending at every distance from the end of the input.
    let units = ["\u{e9}", "a", "&amp;", "b"];
    let values: Vec<String> = (0..110).map(|n| units.iter().cycle().take(n).copied().collect()).collect();
    let mut html = String::new();
    for (i, value) in values.iter().chain(values.iter().rev()).enumerate() {
        html.push_str(&format!("<p id=x{i} title=\"{value}\" class='{value}'>"));
    }
    for cut in [html.len(), html.len() - 1] {
        let document = htmlforge::parse_document(&html[..cut]);
        let expected = values.iter().chain(values.iter().rev()).map(|v| v.replace("&amp;", "&"));
        let mut found = 0;
        for (i, expected) in expected.enumerate() {
            let Some(p) = document.get_element_by_id(&format!("x{i}")) else { continue };
            let element = document.element(p).unwrap();
            assert_eq!(element.attr("title"), Some(expected.as_str()), "title of x{i}");
            assert_eq!(element.attr("class"), Some(expected.as_str()), "class of x{i}");
            found += 1;
        }
        // The cut drops the last tag (end of file in a tag).
        assert_eq!(found, 2 * values.len() - usize::from(cut < html.len()));
    }
}

#[test]
fn text_appended_to_a_cloned_node_leaves_the_copy_intact() {
    // A deep copy shares its original's text in the string store; growing
    // the original past its chunk's room moves it, and the copy's text
    // must stay where it was (found by the `dom_api` fuzz target).
    let mut document = htmlforge::parse_document("<p>a<p>b<ul><li>1<li>2</ul>");
    let html = document.document_element().unwrap().id();
    let copy = document.clone_node_deep(html);
    let li = document.get_elements_by_tag_name("li").nth(1).unwrap().id();
    let mut expected = String::from("2");
    for round in 0..2_000 {
        let text = if round % 100 == 99 { "x".repeat(5_000) } else { "t".to_string() };
        document.append_text(li, &text).unwrap();
        expected.push_str(&text);
    }
    assert_eq!(document.text_content(li), expected);
    assert_eq!(
        document.outer_html(copy),
        "<html><head></head><body><p>a</p><p>b</p><ul><li>1</li><li>2</li></ul></body></html>"
    );
}

#[test]
fn text_set_on_a_grown_text_node_takes_no_room_from_its_old_text() {
    // A text node that grew between other strings was moved with room to
    // grow in place; `set_text` gives it new text elsewhere, and a later
    // append must not write into the old text's room (found by the
    // `dom_api` fuzz target).
    let mut document = htmlforge::parse_document("<p>a</p><div>b</div>");
    let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    let div = document.get_elements_by_tag_name("div").next().unwrap().id();
    document.append_text(p, "bc").unwrap();
    document.append_text(div, "x").unwrap();
    document.append_text(p, "d").unwrap();
    let text = document.first_child(p).unwrap();
    document.set_text_content(text, "1a");
    for more in ["t", "uv", "wxyz"] {
        document.append_text(p, more).unwrap();
    }
    assert_eq!(document.text_content(p), "1atuvwxyz");
    assert_eq!(document.text_content(div), "bx");
}
