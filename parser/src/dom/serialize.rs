//! The HTML fragment serialization algorithm: what `innerHTML` and
//! `outerHTML` return, and the serialization of a whole document.
//!
//! It follows the 2025-01-14 text: every tag written, every attribute
//! value double-quoted, text escaped unless its parent is a literal-text
//! element, DOCTYPEs as `<!DOCTYPE name>`. Where the html5lib serializer
//! tests (newer) differ, they win: `<` and `>` in attribute values are
//! escaped too (see [`EscapeMode::Attribute`]). Like today's text, it adds
//! no newline after `<pre>`, `<textarea>` or `<listing>`, so a leading
//! newline of their text does not survive a reparse.
//!
//! The output streams to any [`Output`] as the walk goes; nothing recurses.
//! Processing instructions, shadow roots and `is` values are not part of
//! the built-in DOM, so the algorithm's steps for them never apply.
//!
//! ```
//! let document = htmlforge::parse_document("<p class=a>x &amp; <br>y");
//! assert_eq!(
//!     htmlforge::serialize_document(&document),
//!     "<html><head></head><body><p class=\"a\">x &amp; <br>y</p></body></html>"
//! );
//! let body = document.body().unwrap();
//! assert_eq!(document.inner_html(body), "<p class=\"a\">x &amp; <br>y</p>");
//! let p = document.first_child(body).unwrap();
//! assert_eq!(document.outer_html(p), "<p class=\"a\">x &amp; <br>y</p>");
//! ```
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments>

use crate::generated::names::Namespace;
use crate::generated::serialization::text_is_literal_inside;
use crate::serializer::{escape, Adapter, EscapeMode, FmtOutput, IoOutput, Output, SerializeError};
use crate::vocab::AttrRef;

use super::shadow_root::write_template_start;
use super::walk::{Visit, Walk};
use super::{Document, ElementRef, NodeData, NodeId};

/// What the serialization algorithm takes from the node's document. Set
/// the options with the methods named after the fields (the struct is
/// `#[non_exhaustive]`): `SpecSerializeOptions::default().scripting(Some(false))`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SpecSerializeOptions {
    /// Whether scripting is enabled for the node: then text inside
    /// `noscript` is written literally. `None` (the default): the flag the
    /// document was parsed with ([`Document::scripting`]), so that the
    /// output parses back to the same tree with the same options.
    pub scripting: Option<bool>,
    /// serializableShadowRoots: write each serializable shadow root as a
    /// `<template shadowrootmode=…>` before its host's children, as
    /// `getHTML({ serializableShadowRoots: true })` does (see
    /// [`Walk::with_serializable_shadow_roots`]). Off by default, as for
    /// `innerHTML`.
    pub serializable_shadow_roots: bool,
}

crate::setters::setters!(const SpecSerializeOptions {
    scripting: Option<bool>,
    serializable_shadow_roots: bool,
});

/// The serialization of a whole document: the HTML fragment serialization
/// algorithm run on the Document node (with the document's scripting flag).
///
/// ```
/// let document = htmlforge::parse_document("<title>t</title>");
/// assert_eq!(
///     htmlforge::serialize_document(&document),
///     "<html><head><title>t</title></head><body></body></html>"
/// );
/// ```
pub fn serialize_document(document: &Document) -> String {
    document.inner_html(document.document())
}

/// Serializing a subtree: `innerHTML` (the node's children) and
/// `outerHTML` (the node itself and its descendants), to a `String` or to
/// any `std::io::Write`. The `_with` forms take the
/// [`SpecSerializeOptions`]; [`serialize_inner_html`] and
/// [`serialize_outer_html`] write to any [`Output`].
impl Document {
    /// `innerHTML` of `node`: the serialization of its children (of its
    /// template contents for a `template`), with the document's scripting
    /// flag.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>a<br>b");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap();
    /// assert_eq!(document.inner_html(p), "a<br>b");
    /// ```
    pub fn inner_html(&self, node: impl Into<NodeId>) -> String {
        self.inner_html_with(node, SpecSerializeOptions::default())
    }

    /// `outerHTML` of `node`: the serialization of `node` itself and its
    /// descendants, with the document's scripting flag.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p class=a>a<br>b");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap();
    /// assert_eq!(document.outer_html(p), r#"<p class="a">a<br>b</p>"#);
    /// ```
    pub fn outer_html(&self, node: impl Into<NodeId>) -> String {
        self.outer_html_with(node, SpecSerializeOptions::default())
    }

    /// The serialization of `node`'s children with `options` (`getHTML()`
    /// when `options.serializable_shadow_roots` is set): see
    /// [`serialize_inner_html`].
    ///
    /// ```
    /// use htmlforge::dom::SpecSerializeOptions;
    /// use htmlforge::{parse_document_with, ParseOptions};
    ///
    /// let document = parse_document_with("<noscript><b>a</b></noscript>", ParseOptions::default());
    /// let head = document.head().unwrap();
    /// assert_eq!(document.inner_html(head), "<noscript><b>a</b></noscript>");
    /// let no_scripting = SpecSerializeOptions::default().scripting(Some(false));
    /// assert_eq!(document.inner_html_with(head, no_scripting), "<noscript>&lt;b&gt;a&lt;/b&gt;</noscript>");
    /// ```
    pub fn inner_html_with(&self, node: impl Into<NodeId>, options: SpecSerializeOptions) -> String {
        let node = node.into();
        to_string(|out| serialize_inner_html(self, node, options, out))
    }

    /// The serialization of `node` itself and its descendants with
    /// `options`: see [`serialize_outer_html`].
    ///
    /// ```
    /// use htmlforge::dom::SpecSerializeOptions;
    ///
    /// let document = htmlforge::parse_document("<p>a");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap();
    /// assert_eq!(document.outer_html_with(p, SpecSerializeOptions::default()), "<p>a</p>");
    /// ```
    pub fn outer_html_with(&self, node: impl Into<NodeId>, options: SpecSerializeOptions) -> String {
        let node = node.into();
        to_string(|out| serialize_outer_html(self, node, options, out))
    }

    /// Writes `innerHTML` of `node` to `writer`, piece by
    /// piece: nothing is built in memory. Wrap a file or socket in a
    /// `BufWriter`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>a<br>b");
    /// let mut out = Vec::new();
    /// document.write_inner_html(document.document(), &mut out)?;
    /// assert_eq!(out, b"<html><head></head><body><p>a<br>b</p></body></html>");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_inner_html(&self, node: impl Into<NodeId>, writer: impl std::io::Write) -> std::io::Result<()> {
        let node = node.into();
        to_writer(writer, |out| serialize_inner_html(self, node, SpecSerializeOptions::default(), out))
    }

    /// Writes `outerHTML` of `node` to `writer`, piece by
    /// piece.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<ul><li>a<li>b</ul>");
    /// let ul = document.get_elements_by_tag_name("ul").next().unwrap();
    /// let mut out = Vec::new();
    /// document.write_outer_html(ul, &mut out)?;
    /// assert_eq!(out, b"<ul><li>a</li><li>b</li></ul>");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_outer_html(&self, node: impl Into<NodeId>, writer: impl std::io::Write) -> std::io::Result<()> {
        let node = node.into();
        to_writer(writer, |out| serialize_outer_html(self, node, SpecSerializeOptions::default(), out))
    }
}

fn to_writer<W: std::io::Write>(
    writer: W,
    write: impl FnOnce(&mut IoOutput<W>) -> Result<(), SerializeError>,
) -> std::io::Result<()> {
    match write(&mut IoOutput(writer)) {
        Ok(()) => Ok(()),
        Err(SerializeError::Io(error)) => Err(error),
        // An `IoOutput` fails with I/O errors only.
        Err(error) => Err(std::io::Error::other(error)),
    }
}

fn to_string(write: impl FnOnce(&mut FmtOutput<String>) -> Result<(), SerializeError>) -> String {
    let mut out = FmtOutput(String::new());
    // Writing to a String cannot fail.
    let _ = write(&mut out);
    out.0
}

/// Writes the HTML fragment serialization of `node`'s children (the
/// Document node's for a whole document) with `options` to `out`, piece
/// by piece: [`Document::inner_html_with`] to any [`Output`].
///
/// ```
/// use htmlforge::dom::{serialize_inner_html, SpecSerializeOptions};
/// use htmlforge::serializer::FmtOutput;
///
/// let document = htmlforge::parse_document("<title>a<b</title>");
/// let mut out = FmtOutput(String::new());
/// serialize_inner_html(&document, document.document(), SpecSerializeOptions::default(), &mut out).unwrap();
/// assert_eq!(out.0, "<html><head><title>a&lt;b</title></head><body></body></html>");
/// ```
pub fn serialize_inner_html<O: Output>(
    document: &Document,
    node: impl Into<NodeId>,
    options: SpecSerializeOptions,
    out: &mut O,
) -> Result<(), SerializeError> {
    write_walk(document, Walk::children(document, node.into()), options, out)
}

/// Writes the serialization of `node` itself and its descendants with
/// `options` to `out` (`outerHTML`: the algorithm run on a fragment whose
/// only child is the node): [`Document::outer_html_with`] to any [`Output`].
///
/// ```
/// use htmlforge::dom::{serialize_outer_html, SpecSerializeOptions};
/// use htmlforge::serializer::IoOutput;
///
/// let document = htmlforge::parse_document("<p>a &amp; b");
/// let p = document.get_elements_by_tag_name("p").next().unwrap();
/// let mut out = IoOutput(Vec::new());
/// serialize_outer_html(&document, p, SpecSerializeOptions::default(), &mut out).unwrap();
/// assert_eq!(out.0, b"<p>a &amp; b</p>");
/// ```
pub fn serialize_outer_html<O: Output>(
    document: &Document,
    node: impl Into<NodeId>,
    options: SpecSerializeOptions,
    out: &mut O,
) -> Result<(), SerializeError> {
    write_walk(document, Walk::node(document, node.into()), options, out)
}

fn write_walk<O: Output>(
    document: &Document,
    walk: Walk<'_>,
    options: SpecSerializeOptions,
    out: &mut O,
) -> Result<(), SerializeError> {
    let walk = if options.serializable_shadow_roots { walk.with_serializable_shadow_roots() } else { walk };
    for visit in walk {
        match visit {
            Visit::Enter(node) => write_node(document, node, options, out)?,
            Visit::Leave(node) => match document.data(node) {
                NodeData::Element(element) => {
                    out.write_str("</")?;
                    out.write_str(element.local_name())?;
                    out.write_str(">")?;
                }
                NodeData::ShadowRoot { .. } => out.write_str("</template>")?,
                _ => {}
            },
        }
    }
    Ok(())
}

/// Writes a node's own markup: an element's start tag, or the whole of
/// any other node.
fn write_node<O: Output>(
    document: &Document,
    node: NodeId,
    options: SpecSerializeOptions,
    out: &mut O,
) -> Result<(), SerializeError> {
    match document.data(node) {
        NodeData::Element(element) => write_start_tag(&element, out),
        NodeData::Text(text) => {
            if parent_makes_text_literal(document, node, options) {
                out.write_str(text)
            } else {
                write_escaped(text, EscapeMode::Text, out)
            }
        }
        NodeData::Comment(text) => {
            out.write_str("<!--")?;
            out.write_str(text)?;
            out.write_str("-->")
        }
        // "Append "<?", followed by the value of current node's target,
        // U+0020 SPACE, the value of current node's data, and "?>"."
        // [#serialising-html-fragments]
        NodeData::ProcessingInstruction { target, data } => write_processing_instruction(target, data, out),
        NodeData::Doctype(doctype) => {
            out.write_str("<!DOCTYPE ")?;
            out.write_str(&doctype.name)?;
            out.write_str(">")
        }
        // A serializable shadow root, entered after its host's start tag
        // (step 4 of the algorithm).
        NodeData::ShadowRoot { init, .. } => {
            write_template_start(&init, out)?;
            out.write_str(">")
        }
        // Never a child; the walk does not enter the node it starts from.
        NodeData::Document | NodeData::DocumentFragment => Ok(()),
    }
}

/// "If the parent of current node is a style, script, xmp, iframe,
/// noembed, noframes, or plaintext element, or if the parent of current
/// node is a noscript element and scripting is enabled for the node".
pub(super) fn parent_makes_text_literal(document: &Document, node: NodeId, options: SpecSerializeOptions) -> bool {
    document.parent(node).and_then(|parent| document.element(parent)).is_some_and(|parent| {
        let scripting = options.scripting.unwrap_or_else(|| document.scripting());
        parent.ns() == Namespace::Html && text_is_literal_inside(parent.local_name(), scripting)
    })
}

/// The tag name is the local name: the built-in DOM only holds elements of
/// the HTML, SVG and MathML namespaces with a prefix-free name, so the
/// qualified name the spec takes for other namespaces is the local name too.
fn write_start_tag<O: Output>(element: &ElementRef<'_>, out: &mut O) -> Result<(), SerializeError> {
    write_start_tag_without_end(element, out)?;
    out.write_str(">")
}

/// A start tag up to its final `>`.
pub(super) fn write_start_tag_without_end<O: Output>(
    element: &ElementRef<'_>,
    out: &mut O,
) -> Result<(), SerializeError> {
    out.write_str("<")?;
    out.write_str(element.local_name())?;
    for attr in element.attrs() {
        out.write_str(" ")?;
        write_attribute_name(&attr, out)?;
        out.write_str("=\"")?;
        write_escaped(attr.value, EscapeMode::Attribute, out)?;
        out.write_str("\"")?;
    }
    Ok(())
}

/// The attribute's serialized name, in pieces.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#attribute's-serialised-name>
pub(crate) fn attribute_name_parts<'a>(attr: &AttrRef<'a>) -> (Option<&'a str>, &'a str) {
    match attr.ns {
        None => (None, attr.name),
        Some(Namespace::Xml) => (Some("xml"), attr.name),
        Some(Namespace::XmlNs) if attr.name == "xmlns" => (None, "xmlns"),
        Some(Namespace::XmlNs) => (Some("xmlns"), attr.name),
        Some(Namespace::XLink) => (Some("xlink"), attr.name),
        // Any other namespace: the qualified name.
        Some(_) => (attr.prefix, attr.name),
    }
}

/// The attribute's serialized name as a string: `class`, `xlink:href`,
/// `xmlns`, `xmlns:xlink`, `xml:lang`.
pub fn attribute_serialized_name(attr: &AttrRef<'_>) -> String {
    match attribute_name_parts(attr) {
        (Some(prefix), local) => format!("{prefix}:{local}"),
        (None, local) => local.to_string(),
    }
}

fn write_attribute_name<O: Output>(attr: &AttrRef<'_>, out: &mut O) -> Result<(), SerializeError> {
    let (prefix, local) = attribute_name_parts(attr);
    if let Some(prefix) = prefix {
        out.write_str(prefix)?;
        out.write_str(":")?;
    }
    out.write_str(local)
}

/// `<?target data?>`, with the space even when the data is empty: the
/// 2026 text's serialization, which the parser reads back unchanged.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments>
pub(super) fn write_processing_instruction<O: Output>(
    target: &str,
    data: &str,
    out: &mut O,
) -> Result<(), SerializeError> {
    out.write_str("<?")?;
    out.write_str(target)?;
    out.write_str(" ")?;
    out.write_str(data)?;
    out.write_str("?>")
}

pub(super) fn write_escaped<O: Output>(text: &str, mode: EscapeMode, out: &mut O) -> Result<(), SerializeError> {
    let mut adapter = Adapter::new(out);
    match escape(text, mode, &mut adapter) {
        Ok(()) => Ok(()),
        Err(e) => Err(adapter.error(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_document, parse_document_with, parse_fragment, FragmentContext, ParseOptions};

    fn div_inner(html: &str) -> String {
        let document = parse_fragment(html, &FragmentContext::html("div"));
        document.inner_html(document.fragment_root().unwrap())
    }

    fn body_inner(html: &str) -> String {
        let document = parse_document(html);
        let body = document.body().unwrap();
        document.inner_html(body)
    }

    #[test]
    fn escapes_text_and_attribute_values_as_specified() {
        assert_eq!(
            body_inner("<p title='a&amp;b\u{a0}\"c\" <d>'>e&amp;f\u{a0}\"g\" &lt;h&gt;</p>"),
            "<p title=\"a&amp;b&nbsp;&quot;c&quot; &lt;d&gt;\">e&amp;f&nbsp;\"g\" &lt;h&gt;</p>"
        );
    }

    #[test]
    fn writes_raw_text_parents_literally() {
        for name in ["style", "script", "xmp", "iframe", "noembed", "noframes"] {
            let html = format!("<{name}>a<b>&amp;</{name}>");
            assert_eq!(div_inner(&html), html, "{name}");
        }
        assert_eq!(body_inner("<plaintext>a<b>&amp;"), "<plaintext>a<b>&amp;</plaintext>");
        // Text in other elements, foreign ones included, is escaped.
        assert_eq!(body_inner("<textarea>a<b>&amp;</textarea>"), "<textarea>a&lt;b&gt;&amp;</textarea>");
        assert_eq!(body_inner("<svg><style>a&lt;b</style></svg>"), "<svg><style>a&lt;b</style></svg>");
    }

    #[test]
    fn noscript_text_is_literal_only_with_scripting() {
        let document = parse_document_with("<noscript>a<b>&amp;</noscript>", ParseOptions::default().scripting(true));
        let head = document.first_child(document.document_element().unwrap()).unwrap();
        let mut on = FmtOutput(String::new());
        let options = SpecSerializeOptions::default().scripting(Some(true));
        serialize_inner_html(&document, head, options, &mut on).unwrap();
        assert_eq!(on.0, "<noscript>a<b>&amp;</noscript>");
        // By default, the document's flag: the output parses back the same.
        assert_eq!(document.inner_html(head), on.0);
        let off = SpecSerializeOptions::default().scripting(Some(false));
        assert_eq!(document.inner_html_with(head, off), "<noscript>a&lt;b&gt;&amp;amp;</noscript>");
        // A document parsed with scripting off has no text in a noscript
        // but what was text in the markup, escaped again.
        let document =
            parse_document_with("<p><noscript>&lt;b&gt;</noscript>", ParseOptions::default().scripting(false));
        assert_eq!(document.body().unwrap().inner_html(), "<p><noscript>&lt;b&gt;</noscript></p>");
    }

    #[test]
    fn void_elements_have_no_end_tag_and_no_content() {
        let html = "<area><base><br><col><embed><hr><img><input><keygen><link><meta><param><source><track><wbr><basefont><bgsound><frame>";
        let document = parse_fragment(html, &FragmentContext::html("div"));
        let root = document.fragment_root().unwrap();
        // `col` and `frame` are dropped by the parser outside a table and
        // a frameset; the rest stay.
        assert_eq!(document.inner_html(root), html.replace("<col>", "").replace("<frame>", ""));
        let br = document.children(root).nth(2).unwrap();
        assert!(document.is_element(br, Namespace::Html, "br"));
        assert_eq!(document.inner_html(br), "");
        assert_eq!(document.outer_html(br), "<br>");
        // An SVG `input` is not void.
        let document = parse_fragment("<input>x</input>", &FragmentContext::new(Namespace::Svg, "g"));
        let root = document.fragment_root().unwrap();
        assert_eq!(document.inner_html(root), "<input>x</input>");
    }

    #[test]
    fn template_contents_are_serialized_as_the_children() {
        let document = parse_document("<template><td>x</td></template>");
        let head = document.first_child(document.document_element().unwrap()).unwrap();
        let template = document.first_child(head).unwrap();
        assert_eq!(document.inner_html(template), "<td>x</td>");
        assert_eq!(document.outer_html(template), "<template><td>x</td></template>");
    }

    #[test]
    fn foreign_attribute_names() {
        let html = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
                    xml:lang=\"en\" xlink:href=\"#a\" viewBox=\"0 0 1 1\" foo:bar=\"x\"></svg>";
        assert_eq!(body_inner(html), html.replace("  ", ""));
        let document = parse_document(html);
        let svg =
            document.descendants(document.document()).find(|&n| document.is_element(n, Namespace::Svg, "svg")).unwrap();
        let names: Vec<String> =
            document.element(svg).unwrap().attrs().map(|a| attribute_serialized_name(&a)).collect();
        assert_eq!(names, ["xmlns", "xmlns:xlink", "xml:lang", "xlink:href", "viewBox", "foo:bar"]);
    }

    #[test]
    fn doctype_comments_and_leading_newlines() {
        let document = parse_document(
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><!--a--><pre>\n\nx</pre><textarea>\ny</textarea><listing>\n\nz</listing>",
        );
        assert_eq!(
            serialize_document(&document),
            "<!DOCTYPE html><!--a--><html><head></head><body><pre>\nx</pre><textarea>y</textarea><listing>\nz</listing></body></html>"
        );
    }

    #[test]
    fn streams_to_io_and_reports_errors() {
        struct Full(usize);
        impl std::io::Write for Full {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                if self.0 < buf.len() {
                    return Err(std::io::Error::other("full"));
                }
                self.0 -= buf.len();
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let document = parse_document("<p>a&amp;b</p>");
        let mut out = crate::serializer::IoOutput(Full(20));
        let error = serialize_inner_html(&document, document.document(), SpecSerializeOptions::default(), &mut out)
            .unwrap_err();
        assert!(matches!(error, SerializeError::Io(_)), "{error:?}");
    }
}
