//! Processing instructions (whatwg-parsing-2026.txt §13.1.7, §13.2.5.72–76,
//! "insert a processing instruction" in §13.2.6.1, §13.3): the tree they
//! make in each place the insertion modes treat differently, the DOM
//! operations, and the three serializers. The tokenizer's cases are in
//! `tests/custom/tokenizer/processing-instructions.test`, the tree
//! builder's in WPT's `processing-instructions.dat`.

use htmlforge::dom::{dump_children_html5lib, dump_html5lib, pretty_html, NodeData};
use htmlforge::serializer::{serialize_dom, SerializeOptions};
use htmlforge::{
    parse_document, parse_document_with, parse_fragment, serialize_document, FragmentContext, ParseOptions,
};

fn dump(input: &str) -> String {
    dump_html5lib(&parse_document(input))
}

#[test]
fn before_html_and_after_the_body_the_document_and_html_element_get_it() {
    // "initial" and "before html": the last child of the Document; "after
    // body": of the html element; "after after body": of the Document.
    assert_eq!(
        dump("<?a x><!DOCTYPE html><?b><html><body></body><?c y></html><?d z>"),
        "| <?a x?>\n| <!DOCTYPE html>\n| <?b ?>\n| <html>\n|   <head>\n|   <body>\n|   <?c y?>\n| <?d z?>\n"
    );
}

#[test]
fn in_head_in_body_and_in_tables_it_is_inserted_where_a_comment_would_be() {
    assert_eq!(
        dump("<head><?h d></head><?ah><body><p>x<?p q?>y</p><table><?t><tr><td><?c>"),
        "| <html>\n|   <head>\n|     <?h d?>\n|   <?ah ?>\n|   <body>\n|     <p>\n|       \"x\"\n|       <?p q?>\n|       \"y\"\n\
         |     <table>\n|       <?t ?>\n|       <tbody>\n|         <tr>\n|           <td>\n|             <?c ?>\n"
    );
}

#[test]
fn in_foreign_content_and_templates_it_is_a_child_of_the_current_node() {
    assert_eq!(
        dump("<svg><?s><g><?g x></g></svg><template><?t></template>"),
        "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       <?s ?>\n|       <svg g>\n|         <?g x?>\n\
         |     <template>\n|       content\n|         <?t ?>\n"
    );
}

#[test]
fn xml_targets_and_invalid_targets_are_bogus_comments() {
    assert_eq!(
        dump("<?xml version=\"1.0\"?><?xml-stylesheet href=a?><?1x>"),
        "| <!-- ?xml version=\"1.0\"? -->\n| <!-- ?xml-stylesheet href=a? -->\n| <!-- ?1x -->\n| <html>\n|   <head>\n|   <body>\n"
    );
}

#[test]
fn in_a_fragment_it_is_a_child_of_the_context() {
    let document = parse_fragment("a<?pi b>c", &FragmentContext::from_test_notation("div"));
    let root = document.fragment_root().unwrap();
    assert_eq!(dump_children_html5lib(&document, root), "| \"a\"\n| <?pi b?>\n| \"c\"\n");
}

#[test]
fn legacy_mode_makes_it_a_bogus_comment() {
    let options = ParseOptions { legacy_processing_instructions: true, ..ParseOptions::default() };
    let document = parse_document_with("<?pi data?><p>", options);
    assert!(dump_html5lib(&document).starts_with("| <!-- ?pi data? -->\n"));
    assert_eq!(document.errors[0].code.as_str(), "unexpected-question-mark-instead-of-tag-name");
}

#[test]
fn the_dom_creates_clones_and_skips_it_in_text_content() {
    let mut document = parse_document("<p>a<?pi data>b</p>");
    let body = document.first_child(document.document_element().unwrap()).and_then(|h| document.next_sibling(h));
    let p = document.first_child(body.unwrap()).unwrap();
    assert_eq!(document.text_content(p), "ab");
    let copy = document.clone_node_deep(p);
    let pi = document.children(copy).nth(1).unwrap();
    assert_eq!(document.data(pi), NodeData::ProcessingInstruction { target: "pi", data: "data" });
    let made = document.create_processing_instruction("t", "d").expect("a valid target");
    document.append_child(copy, made).expect("an element takes a processing instruction child");
    assert_eq!(document.data(made), NodeData::ProcessingInstruction { target: "t", data: "d" });
    assert_eq!(document.text_content(copy), "ab");
}

#[test]
fn every_serializer_writes_target_space_data_and_question_mark_greater_than() {
    let document = parse_document("<!DOCTYPE html><?top><p>a<?pi some data?>b");
    // §13.3: "<?", target, U+0020 SPACE, data, "?>" (the space also when the
    // data is empty).
    assert_eq!(
        serialize_document(&document),
        "<!DOCTYPE html><?top ?><html><head></head><body><p>a<?pi some data?>b</p></body></html>"
    );
    assert_eq!(serialize_dom(&document, &SerializeOptions::default()), "<!DOCTYPE html><?top ?><p>a<?pi some data?>b");
    let pretty = pretty_html(&document, document.document());
    assert!(pretty.contains("<?top ?>") && pretty.contains("<?pi some data?>"), "{pretty}");
}

#[test]
fn the_minimizing_serializer_keeps_tags_a_processing_instruction_needs() {
    // Omitting `<html>` or `<body>` before a processing instruction would
    // move it on reparse, as it would a comment.
    let document = parse_document("<html><?a><head></head><body><?b><p>x</p></body></html>");
    let minimal = serialize_dom(&document, &SerializeOptions::default());
    assert_eq!(dump(&minimal), dump_html5lib(&document), "{minimal}");
}

#[test]
fn serializing_and_reparsing_gives_the_same_tree() {
    for input in ["<?a>", "<?a b??>", "<p><?x-y_z  data with spaces ?></p>", "<svg><?s d></svg>", "<table><?t></table>"]
    {
        let document = parse_document(input);
        assert_eq!(dump(&serialize_document(&document)), dump_html5lib(&document), "{input}");
    }
}

#[test]
fn the_html5lib_dump_names_namespaced_attributes_by_their_namespace() {
    // An `xmlns` attribute on a foreign element is in the XMLNS namespace
    // with no prefix: the format writes `xmlns xmlns`.
    let document = parse_document(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" xlink:href=\"#a\">",
    );
    let dump = dump_html5lib(&document);
    assert!(
        dump.ends_with(
            "|     <svg svg>\n|       xlink href=\"#a\"\n|       xmlns xlink=\"http://www.w3.org/1999/xlink\"\n\
             |       xmlns xmlns=\"http://www.w3.org/2000/svg\"\n"
        ),
        "{dump}"
    );
}
