//! Driving the minimizing serializer from the built-in DOM: a walk over
//! the tree (explicit stack, no recursion) that emits [`Event`]s, with
//! foreign attributes under their serialized names (`xlink:href`) and the
//! quirks mode taken from the document.

use crate::dom::serialize::attribute_name_parts;
use crate::dom::shadow_root::serialized_template_attributes;
use crate::dom::{Document, NodeData, NodeId, Visit, Walk};
use crate::generated::names::{LocalName, Namespace};
use crate::quirks::QuirksMode;
use crate::tokenizer::Attribute;

use super::event::Event;
use super::options::SerializeOptions;
use super::output::{Output, SerializeError};
use super::stream::Serializer;

/// Calls `emit` with the event of each step of `walk` over `document`:
/// a start tag on entering an element, an end tag on leaving it (none for
/// an element that serializes as void), one event for any other node.
/// Attribute lists are built in one reused buffer.
///
/// ```
/// use htmlforge::dom::Walk;
/// use htmlforge::serializer::{walk_events, Event};
///
/// let document = htmlforge::parse_document("<svg><a xlink:href=x>t</a></svg>");
/// let mut names = Vec::new();
/// walk_events(&document, Walk::children(&document, document.document()), |event| {
///     if let Event::StartTag { name, attrs, .. } = event {
///         names.push(name.to_string());
///         names.extend(attrs.iter().map(|attr| attr.name().to_string()));
///     }
///     Ok::<(), ()>(())
/// })
/// .unwrap();
/// assert_eq!(names, ["html", "head", "body", "svg", "a", "xlink:href"]);
/// ```
pub fn walk_events<E>(
    document: &Document,
    walk: Walk<'_>,
    mut emit: impl FnMut(Event<'_>) -> Result<(), E>,
) -> Result<(), E> {
    let mut attrs: Vec<Attribute> = Vec::new();
    for visit in walk {
        match visit {
            Visit::Enter(node) => match document.data(node) {
                NodeData::Element(element) => {
                    // Reuse the strings of the previous element's attributes.
                    attrs.truncate(element.attrs().len());
                    for (index, attr) in element.attrs().enumerate() {
                        if index == attrs.len() {
                            attrs.push(Attribute::default());
                        }
                        let slot = &mut attrs[index];
                        // The attribute's serialized name: `xlink:href`.
                        let (prefix, local) = attribute_name_parts(&attr);
                        slot.name.clear();
                        if let Some(prefix) = prefix {
                            slot.name.push_str(prefix);
                            slot.name.push(':');
                        }
                        slot.name.push_str(local);
                        slot.known_name = match prefix {
                            None => attr.known_name,
                            Some(_) => LocalName::lookup(&slot.name),
                        };
                        slot.value.clear();
                        slot.value.push_str(attr.value);
                    }
                    emit(Event::StartTag { namespace: element.ns(), name: element.local_name(), attrs: &attrs })?
                }
                NodeData::Text(text) => emit(Event::Text(text))?,
                NodeData::Comment(text) => emit(Event::Comment(text))?,
                NodeData::ProcessingInstruction { target, data } => {
                    emit(Event::ProcessingInstruction { target, data })?
                }
                NodeData::Doctype(doctype) => emit(Event::Doctype {
                    name: &doctype.name,
                    public_id: &doctype.public_id,
                    system_id: &doctype.system_id,
                })?,
                // A serializable shadow root (a walk made
                // `with_serializable_shadow_roots`), as a template.
                NodeData::ShadowRoot { init, .. } => {
                    attrs.clear();
                    attrs.extend(
                        serialized_template_attributes(&init)
                            .into_iter()
                            .map(|(name, value)| Attribute::new(name, value)),
                    );
                    emit(Event::StartTag { namespace: Namespace::Html, name: "template", attrs: &attrs })?
                }
                // Never a child; the walk does not enter the node it starts from.
                NodeData::Document | NodeData::DocumentFragment => {}
            },
            Visit::Leave(node) => match document.data(node) {
                NodeData::Element(element) => {
                    emit(Event::EndTag { namespace: element.ns(), name: element.local_name() })?
                }
                NodeData::ShadowRoot { .. } => emit(Event::EndTag { namespace: Namespace::Html, name: "template" })?,
                _ => {}
            },
        }
    }
    Ok(())
}

impl<O: Output> Serializer<O> {
    /// Writes the whole `document` (its children), in the document's
    /// quirks mode.
    pub fn write_document(&mut self, document: &Document) -> Result<(), SerializeError> {
        self.write_children(document, document.document())
    }

    /// Writes the children of `node` (its template contents for a
    /// `template`), as `innerHTML` does, in the document's quirks mode.
    pub fn write_children(&mut self, document: &Document, node: NodeId) -> Result<(), SerializeError> {
        self.set_quirks_mode(document.quirks_mode() == QuirksMode::Quirks);
        self.set_document_scripting(document.scripting());
        let walk = self.with_shadow_roots(Walk::children(document, node));
        walk_events(document, walk, |event| self.write_event(event))
    }

    /// Writes `node` itself and its descendants, as `outerHTML` does, in
    /// the document's quirks mode.
    pub fn write_node(&mut self, document: &Document, node: NodeId) -> Result<(), SerializeError> {
        self.set_quirks_mode(document.quirks_mode() == QuirksMode::Quirks);
        self.set_document_scripting(document.scripting());
        let walk = self.with_shadow_roots(Walk::node(document, node));
        walk_events(document, walk, |event| self.write_event(event))
    }

    /// `walk`, with the serializable shadow roots if the options ask.
    fn with_shadow_roots<'d>(&self, walk: Walk<'d>) -> Walk<'d> {
        if self.options().serializable_shadow_roots {
            walk.with_serializable_shadow_roots()
        } else {
            walk
        }
    }
}

/// Serializes the whole `document` with `options` (minimized by default;
/// the quirks mode is the document's).
///
/// Text in `noscript` is written literally when scripting is on:
/// `options.scripting`, by default the flag the document was parsed with,
/// so that the output parses back to the same tree.
///
/// ```
/// use htmlforge::serializer::{serialize_dom, SerializeOptions};
///
/// let document = htmlforge::parse_document("<!DOCTYPE html><title>T</title><ul><li>a<li>b</ul>");
/// assert_eq!(serialize_dom(&document, &SerializeOptions::default()), "<!DOCTYPE html><title>T</title><ul><li>a<li>b</ul>");
/// ```
pub fn serialize_dom(document: &Document, options: &SerializeOptions) -> String {
    let mut serializer = Serializer::new(String::new(), options.clone());
    // A String destination never fails.
    let _ = serializer.write_document(document);
    serializer.finish().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_document, parse_fragment, FragmentContext};

    #[test]
    fn quirks_mode_comes_from_the_document() {
        // In quirks mode a table does not close a p, so `</p>` must stay.
        let quirks = parse_document("<p>a</p><table></table>");
        assert_eq!(serialize_dom(&quirks, &SerializeOptions::default()), "<p>a</p><table></table>");
        let standard = parse_document("<!DOCTYPE html><p>a</p><table></table>");
        assert_eq!(serialize_dom(&standard, &SerializeOptions::default()), "<!DOCTYPE html><p>a<table></table>");
    }

    #[test]
    fn doctype_identifiers_are_kept() {
        let document = parse_document("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"x\">");
        assert_eq!(
            serialize_dom(&document, &SerializeOptions::default()),
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"x\">"
        );
    }

    #[test]
    fn children_and_node_of_a_fragment() {
        let document = parse_fragment("<li>a<li>b<svg xlink:href=x></svg>", &FragmentContext::html("ul"));
        let root = document.fragment_root().unwrap();
        let mut serializer = Serializer::new(String::new(), SerializeOptions::default());
        serializer.write_children(&document, root).unwrap();
        assert_eq!(serializer.finish().unwrap(), "<li>a<li>b<svg xlink:href=x></svg>");
        let mut serializer = Serializer::new(String::new(), SerializeOptions::unminimized());
        serializer.write_node(&document, document.first_child(root).unwrap()).unwrap();
        assert_eq!(serializer.finish().unwrap(), "<li>a</li>");
    }
}
