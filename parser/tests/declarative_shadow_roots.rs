//! Declarative shadow roots (`ParseOptions::declarative_shadow_roots`):
//! whatwg-parsing-2026.txt A.3, the "template" start tag, step 7; the
//! DOM's "attach a shadow root"; serialization step 4 of §13.3.

use htmlforge::dom::{dump_html5lib, NodeData, SpecSerializeOptions};
use htmlforge::vocab::{ShadowRootMode, SlotAssignmentMode};
use htmlforge::{parse_document_with, Document, NodeId, ParseOptions, Parser};

fn allowed() -> ParseOptions {
    ParseOptions::default().declarative_shadow_roots(true)
}

fn first_in_body(document: &Document) -> NodeId {
    document.element(document.body().unwrap()).unwrap().child_elements().next().unwrap().id()
}

const HOSTED: &str =
    "<div id=h><template shadowrootmode=open shadowrootserializable><p>shadow</p></template>light</div>";

#[test]
fn off_by_default_the_template_stays_a_template() {
    let document = parse_document_with(HOSTED, ParseOptions::default());
    let div = first_in_body(&document);
    assert_eq!(document.shadow_root(div), None);
    assert_eq!(
        document.inner_html(div),
        "<template shadowrootmode=\"open\" shadowrootserializable=\"\"><p>shadow</p></template>light"
    );
}

#[test]
fn the_template_content_goes_into_a_shadow_root_of_its_parent() {
    let document = parse_document_with(HOSTED, allowed());
    let div = first_in_body(&document);
    let shadow = document.shadow_root(div).expect("a shadow root");
    match document.data(shadow) {
        NodeData::ShadowRoot { host, init } => {
            assert_eq!(host, div);
            assert_eq!(init.mode, ShadowRootMode::Open);
            assert!(init.serializable && !init.clonable && !init.delegates_focus);
            assert_eq!(init.slot_assignment, SlotAssignmentMode::Named);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(document.parent(shadow), None);
    assert_eq!(document.inner_html(shadow), "<p>shadow</p>");
    // The template element is in no tree; the light children stay.
    assert_eq!(document.inner_html(div), "light");
    assert!(document
        .descendants(document.document())
        .all(|node| document.element(node).is_none_or(|e| e.local_name() != "template")));
}

#[test]
fn the_attributes_are_read_as_enumerated_and_boolean_attributes() {
    let html = "<span><template shadowrootmode=CLOSED shadowrootdelegatesfocus shadowrootclonable \
                shadowrootslotassignment=Manual shadowrootcustomelementregistry></template></span>";
    let document = parse_document_with(html, allowed());
    let shadow = document.shadow_root(first_in_body(&document)).unwrap();
    let NodeData::ShadowRoot { init, .. } = document.data(shadow) else { panic!() };
    assert_eq!(init.mode, ShadowRootMode::Closed);
    assert!(init.delegates_focus && init.clonable && !init.serializable && init.keep_custom_element_registry_null);
    assert_eq!(init.slot_assignment, SlotAssignmentMode::Manual);
    // An invalid mode is the None state: an ordinary template.
    let document = parse_document_with("<div><template shadowrootmode=sideways>x</template></div>", allowed());
    let div = first_in_body(&document);
    assert_eq!(document.shadow_root(div), None);
    assert_eq!(document.inner_html(div), "<template shadowrootmode=\"sideways\">x</template>");
}

#[test]
fn hosts_the_dom_refuses_keep_the_template() {
    // Not a valid shadow host name, not HTML, or already a shadow host:
    // the template is inserted where it would have gone.
    for (html, expected) in [
        ("<a><template shadowrootmode=open>x</template></a>", "<a><template shadowrootmode=\"open\">x</template></a>"),
        (
            "<svg><foreignObject><template shadowrootmode=open>x</template></foreignObject></svg>",
            "<svg><foreignObject><template shadowrootmode=\"open\">x</template></foreignObject></svg>",
        ),
        (
            "<div><template shadowrootmode=open>1</template><template shadowrootmode=open>2</template></div>",
            "<div><template shadowrootmode=\"open\">2</template></div>",
        ),
        (
            "<font-face><template shadowrootmode=open>x</template></font-face>",
            "<font-face><template shadowrootmode=\"open\">x</template></font-face>",
        ),
    ] {
        let document = parse_document_with(html, allowed());
        assert_eq!(document.inner_html(document.body().unwrap()), expected, "{html}");
    }
    // A custom element is a valid host.
    let document = parse_document_with("<my-el><template shadowrootmode=open>x</template></my-el>", allowed());
    assert!(document.shadow_root(first_in_body(&document)).is_some());
}

#[test]
fn shadow_roots_nest() {
    let html = "<div><template shadowrootmode=open><section><template shadowrootmode=open>inner</template>\
                mid</section></template>outer</div>";
    let document = parse_document_with(html, allowed());
    let div = first_in_body(&document);
    let shadow = document.shadow_root(div).unwrap();
    let section = document.first_child(shadow).unwrap();
    assert_eq!(document.inner_html(section), "mid");
    assert_eq!(document.inner_html(document.shadow_root(section).unwrap()), "inner");
}

#[test]
fn serializable_shadow_roots_serialize_when_asked() {
    let document = parse_document_with(
        "<div><template shadowrootmode=open shadowrootserializable shadowrootclonable \
         shadowrootslotassignment=manual><b>s</b></template>l</div>\
         <p><template shadowrootmode=closed>hidden</template>q</p>",
        allowed(),
    );
    let body = document.body().unwrap();
    let options = SpecSerializeOptions::default().serializable_shadow_roots(true);
    assert_eq!(
        document.inner_html_with(body, options),
        "<div><template shadowrootmode=\"open\" shadowrootserializable=\"\" shadowrootslotassignment=\"manual\" \
         shadowrootclonable=\"\"><b>s</b></template>l</div><p>q</p>"
    );
    // getHTML on the host itself starts with its shadow root.
    let div = first_in_body(&document);
    assert!(document.inner_html_with(div, options).starts_with("<template shadowrootmode=\"open\""));
    // The output parses back to the same tree (but for the shadow root
    // that is not serializable).
    let reparsed = parse_document_with(&document.inner_html_with(document.document(), options), allowed());
    let without_closed = dump_html5lib(&document).replace("|       #shadow-root (closed)\n|         \"hidden\"\n", "");
    assert_eq!(dump_html5lib(&reparsed), without_closed);
    // Pretty printing follows the same option.
    let pretty = htmlforge::dom::write_pretty_html;
    let mut out = htmlforge::serializer::FmtOutput(String::new());
    pretty(&document, div, options, &mut out).unwrap();
    assert!(out.0.contains("<template shadowrootmode=\"open\""), "{}", out.0);
}

#[test]
fn the_html5lib_dump_shows_shadow_roots() {
    let document = parse_document_with(HOSTED, allowed());
    let dump = dump_html5lib(&document);
    assert!(dump.contains("|     <div>\n|       id=\"h\"\n|       #shadow-root (open)\n|         <p>\n|           \"shadow\"\n|       \"light\"\n"), "{dump}");
}

#[test]
fn clones_copy_clonable_shadow_roots_and_compaction_keeps_all() {
    let html = "<div><template shadowrootmode=open shadowrootclonable>c</template></div>\
                <span><template shadowrootmode=open>n</template></span>";
    let mut document = parse_document_with(html, allowed());
    let body = document.body().unwrap();
    let div = document.first_child(body).unwrap();
    let span = document.next_sibling(div).unwrap();
    let div_copy = document.clone_node_deep(div);
    let span_copy = document.clone_node_deep(span);
    assert_eq!(document.inner_html(document.shadow_root(div_copy).expect("clonable")), "c");
    assert_eq!(document.shadow_root(span_copy), None);
    let compact = document.compacted();
    assert_eq!(dump_html5lib(&compact), dump_html5lib(&document));
}

#[test]
fn any_split_of_the_input_gives_the_same_tree() {
    let whole = dump_html5lib(&parse_document_with(HOSTED, allowed()));
    let mut parser = Parser::new(allowed());
    for c in HOSTED.chars() {
        let _ = parser.feed(c.encode_utf8(&mut [0; 4]));
    }
    let _ = parser.end();
    assert_eq!(dump_html5lib(&parser.finish()), whole);
}
