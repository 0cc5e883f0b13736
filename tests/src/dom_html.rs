//! A parsed [`Document`] back to HTML, for the round-trip checks (the
//! `roundtrip` fuzz target): a non-recursive walk of the DOM that feeds
//! the event serializer, every tag written and every value quoted
//! (`SerializeOptions::unminimized`), so the output is the spec's
//! "serializing HTML fragments" of the document's children.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments>

use htmlforge::dom::{Document, NodeData, NodeId};
use htmlforge::generated::names::Namespace as DomNamespace;
use htmlforge::serializer::{Attribute, Event, FmtOutput, Namespace, SerializeOptions, Serializer};

/// One step of the walk: enter a node (write its start and push its
/// children) or leave an element (write its end tag).
enum Step {
    Enter(NodeId),
    Leave(NodeId),
}

/// The HTML of the children of `parent` (the Document, or a fragment's
/// root `html` element). `scripting`: the scripting flag the tree was
/// parsed with (it decides whether `noscript` text is literal).
pub fn serialize_children(document: &Document, parent: NodeId, scripting: bool) -> String {
    let options = SerializeOptions::unminimized().scripting(Some(scripting));
    let mut serializer = Serializer::new(String::new(), options);
    let mut stack = Vec::new();
    push_children(document, parent, &mut stack);
    while let Some(step) = stack.pop() {
        match step {
            Step::Enter(node) => match document.data(node) {
                NodeData::Document | NodeData::DocumentFragment => push_children(document, node, &mut stack),
                NodeData::Doctype(doctype) => {
                    // The DOM serializer writes `<!DOCTYPE name>`; the
                    // identifiers are kept here so that the reparse gets
                    // the same quirks mode (they are not part of the dumps
                    // compared beyond that). A malformed DOCTYPE's
                    // force-quirks flag has no serialization: the fuzz
                    // round trip has an exception for it.
                    write(
                        &mut serializer,
                        Event::Doctype {
                            name: &doctype.name,
                            public_id: &doctype.public_id,
                            system_id: &doctype.system_id,
                        },
                    );
                }
                NodeData::Text(text) => write(&mut serializer, Event::Text(text)),
                NodeData::Comment(text) => write(&mut serializer, Event::Comment(text)),
                NodeData::ProcessingInstruction { target, data } => {
                    write(&mut serializer, Event::ProcessingInstruction { target, data })
                }
                NodeData::Element(element) => {
                    let namespace = namespace(element.ns());
                    let attrs: Vec<Attribute> = element
                        .attrs()
                        .map(|attr| {
                            // "the attribute's serialized name": the
                            // qualified name of a namespaced attribute.
                            let name = match attr.prefix {
                                Some(prefix) => format!("{prefix}:{}", attr.name),
                                None => attr.name.to_string(),
                            };
                            Attribute::new(name, attr.value)
                        })
                        .collect();
                    write(&mut serializer, Event::StartTag { namespace, name: element.local_name(), attrs: &attrs });
                    let void = namespace == Namespace::Html
                        && htmlforge::generated::serialization::serializes_as_void(element.local_name());
                    if !void {
                        stack.push(Step::Leave(node));
                        // A template's children are its contents.
                        match element.template_contents() {
                            Some(contents) => push_children(document, contents, &mut stack),
                            None => push_children(document, node, &mut stack),
                        }
                    }
                }
                // A node kind this walk does not know yet (`NodeData` is
                // non-exhaustive) fails the comparison loudly.
                other => panic!("no serialization for {other:?}"),
            },
            Step::Leave(node) => {
                if let Some(element) = document.element(node) {
                    write(
                        &mut serializer,
                        Event::EndTag { namespace: namespace(element.ns()), name: element.local_name() },
                    );
                }
            }
        }
    }
    serializer.finish().expect("writing to a String cannot fail")
}

fn push_children(document: &Document, parent: NodeId, stack: &mut Vec<Step>) {
    let mut child = document.last_child(parent);
    while let Some(node) = child {
        stack.push(Step::Enter(node));
        child = document.previous_sibling(node);
    }
}

fn write(serializer: &mut Serializer<FmtOutput<String>>, event: Event<'_>) {
    serializer.write_event(event).expect("writing to a String cannot fail");
}

fn namespace(ns: DomNamespace) -> Namespace {
    match ns {
        DomNamespace::Svg => Namespace::Svg,
        DomNamespace::MathMl => Namespace::MathMl,
        _ => Namespace::Html,
    }
}
