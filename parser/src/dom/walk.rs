//! The walk that both serializers make over a tree: each node entered in
//! tree order, each element with content left after its descendants. An
//! explicit stack, not recursion, so a deep tree cannot overflow the call
//! stack; the stack holds one entry per open element.

use crate::generated::names::Namespace;
use crate::generated::serialization::serializes_as_void;

use super::{Document, ElementRef, NodeData, NodeId};

/// One step of a [`Walk`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visit {
    /// A node: for an element, its start tag. An element that serializes
    /// as void is entered and never left: its children (which only DOM
    /// manipulation could give it) are not walked, as the spec's
    /// serialization algorithm skips them.
    Enter(NodeId),
    /// The end of an element that does not serialize as void (or of the
    /// Document or DocumentFragment a walk started from), after its
    /// descendants.
    Leave(NodeId),
}

/// Whether `element` serializes as void: an HTML element whose type is a
/// void element, `basefont`, `bgsound`, `frame`, `keygen` or `param`.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#serializes-as-void>
pub fn element_serializes_as_void(element: &ElementRef<'_>) -> bool {
    element.ns() == Namespace::Html && serializes_as_void(element.local_name())
}

/// The node whose children are serialized as `node`'s: a `template`'s
/// template contents, else `node` itself.
pub fn serialized_children_parent(document: &Document, node: NodeId) -> NodeId {
    document.element(node).and_then(|element| element.template_contents()).unwrap_or(node)
}

struct Frame {
    /// The node whose children are being walked.
    node: NodeId,
    /// The next of them to enter.
    next_child: Option<NodeId>,
}

/// A walk over the nodes that serializing a node writes. Template
/// contents are walked in place of the template's children.
pub struct Walk<'a> {
    document: &'a Document,
    /// The node to enter first (for [`Walk::node`]), before the frames.
    first: Option<NodeId>,
    stack: Vec<Frame>,
    /// Whether the bottom frame is an element entered by the walk, to be
    /// left at the end.
    root_is_entered: bool,
    /// Whether serializable shadow roots are walked (see
    /// [`Walk::with_serializable_shadow_roots`]).
    shadow_roots: bool,
    /// The shadow root to enter next, right after its host's start tag.
    pending_shadow_root: Option<NodeId>,
    /// The level of the node of the last visit (see [`Walk::level`]).
    level: usize,
}

impl<'a> Walk<'a> {
    /// The descendants of `node` (the content of its serialization, as for
    /// `innerHTML`): nothing for an element that serializes as void.
    pub fn children(document: &'a Document, node: NodeId) -> Walk<'a> {
        let mut walk = Walk {
            document,
            first: None,
            stack: Vec::new(),
            root_is_entered: false,
            shadow_roots: false,
            pending_shadow_root: None,
            level: 0,
        };
        if !document.element(node).is_some_and(|element| element_serializes_as_void(&element)) {
            walk.push(node);
        }
        walk
    }

    /// `node` itself, then its descendants (as for `outerHTML`).
    pub fn node(document: &'a Document, node: NodeId) -> Walk<'a> {
        Walk {
            document,
            first: Some(node),
            stack: Vec::new(),
            root_is_entered: true,
            shadow_roots: false,
            pending_shadow_root: None,
            level: 0,
        }
    }

    /// Also walks the shadow root of each shadow host whose shadow root is
    /// serializable, entered right after the host and before its children
    /// (the HTML fragment serialization algorithm with
    /// serializableShadowRoots true, as `getHTML()` runs it), including the
    /// shadow root of the node whose children a [`Walk::children`] walks.
    ///
    /// ```
    /// use htmlforge::dom::SpecSerializeOptions;
    /// use htmlforge::{parse_document_with, ParseOptions};
    ///
    /// let options = ParseOptions::default().declarative_shadow_roots(true);
    /// let html = "<div><template shadowrootmode=open shadowrootserializable><b>s</b></template>l</div>";
    /// let document = parse_document_with(html, options);
    /// let body = document.body().unwrap();
    /// let with = SpecSerializeOptions::default().serializable_shadow_roots(true);
    /// assert_eq!(
    ///     document.inner_html_with(body, with),
    ///     "<div><template shadowrootmode=\"open\" shadowrootserializable=\"\"><b>s</b></template>l</div>"
    /// );
    /// assert_eq!(document.inner_html(body), "<div>l</div>");
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-serialisation-algorithm>
    pub fn with_serializable_shadow_roots(mut self) -> Walk<'a> {
        self.shadow_roots = true;
        // The node whose children are walked: its own shadow root comes
        // first (step 4 of the algorithm, for the node it is given).
        if let [root] = &self.stack[..] {
            self.pending_shadow_root = self.serializable_shadow_root(root.node);
        }
        self
    }

    fn serializable_shadow_root(&self, host: NodeId) -> Option<NodeId> {
        self.document.shadow_root(host).filter(
            |&shadow| matches!(self.document.data(shadow), NodeData::ShadowRoot { init, .. } if init.serializable),
        )
    }

    /// The level of the node of the last [`Visit`], for indenting it:
    /// 0 for the node a [`Walk::node`] starts from and for the children a
    /// [`Walk::children`] walks, one more for each element (or shadow
    /// root) between. A node's `Enter` and `Leave` have the same level, and
    /// siblings have the same level whatever their kind.
    ///
    /// ```
    /// use htmlforge::dom::{NodeData, Visit, Walk};
    ///
    /// let document = htmlforge::parse_document("<ul><li>a<br></li></ul>");
    /// let body = document.body().unwrap();
    /// let mut walk = Walk::children(&document, body.id());
    /// let mut lines = Vec::new();
    /// while let Some(visit) = walk.next() {
    ///     let indent = "  ".repeat(walk.level());
    ///     match (visit, document.data(match visit { Visit::Enter(n) | Visit::Leave(n) => n })) {
    ///         (Visit::Enter(_), NodeData::Element(e)) => lines.push(format!("{indent}<{}>", e.local_name())),
    ///         (Visit::Leave(_), NodeData::Element(e)) => lines.push(format!("{indent}</{}>", e.local_name())),
    ///         (_, NodeData::Text(text)) => lines.push(format!("{indent}{text}")),
    ///         _ => {}
    ///     }
    /// }
    /// assert_eq!(lines, ["<ul>", "  <li>", "    a", "    <br>", "  </li>", "</ul>"]);
    /// ```
    pub fn level(&self) -> usize {
        self.level
    }

    /// The frames below the walk's top level: [`Walk::children`]'s bottom
    /// frame is the node whose children are walked, never entered.
    fn base(&self) -> usize {
        usize::from(!self.root_is_entered)
    }

    fn push(&mut self, node: NodeId) {
        let next_child = self.document.first_child(serialized_children_parent(self.document, node));
        self.stack.push(Frame { node, next_child });
    }

    /// Enters `node`: an element with content gets a frame, and so does a
    /// Document or DocumentFragment that [`Walk::node`] starts from (its
    /// children are walked; it has no tags of its own).
    fn enter(&mut self, node: NodeId) -> Visit {
        let has_content = match self.document.data(node) {
            NodeData::Element(element) => !element_serializes_as_void(&element),
            NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot { .. } => true,
            NodeData::Doctype(_)
            | NodeData::Text(_)
            | NodeData::Comment(_)
            | NodeData::ProcessingInstruction { .. } => false,
        };
        // The node's level: the frames of the elements around it.
        self.level = self.stack.len() - self.base().min(self.stack.len());
        if has_content {
            self.push(node);
            if self.shadow_roots {
                self.pending_shadow_root = self.serializable_shadow_root(node);
            }
        }
        Visit::Enter(node)
    }
}

impl Iterator for Walk<'_> {
    type Item = Visit;

    fn next(&mut self) -> Option<Visit> {
        crate::cost::step!("dom::walk");
        if let Some(first) = self.first.take() {
            return Some(self.enter(first));
        }
        if let Some(shadow) = self.pending_shadow_root.take() {
            return Some(self.enter(shadow));
        }
        let frame = self.stack.last_mut()?;
        match frame.next_child {
            Some(child) => {
                frame.next_child = self.document.next_sibling(child);
                Some(self.enter(child))
            }
            None => {
                let frame = self.stack.pop()?;
                // The bottom frame of `Walk::children` is the node whose
                // content is walked: it was never entered.
                if self.stack.is_empty() && !self.root_is_entered {
                    return None;
                }
                self.level = self.stack.len() - self.base();
                Some(Visit::Leave(frame.node))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(document: &Document, walk: Walk<'_>) -> Vec<String> {
        walk.map(|visit| {
            let (sign, node) = match visit {
                Visit::Enter(node) => ("+", node),
                Visit::Leave(node) => ("-", node),
            };
            let name = match document.data(node) {
                NodeData::Element(element) => element.local_name().to_string(),
                NodeData::Text(text) => format!("{text:?}"),
                NodeData::Comment(_) => "comment".to_string(),
                NodeData::ProcessingInstruction { target, .. } => format!("?{target}"),
                NodeData::Doctype(_) => "doctype".to_string(),
                NodeData::Document | NodeData::DocumentFragment => "?".to_string(),
                NodeData::ShadowRoot { .. } => "#shadow-root".to_string(),
            };
            format!("{sign}{name}")
        })
        .collect()
    }

    #[test]
    fn walks_template_contents_and_skips_void_content() {
        let document =
            crate::parse_fragment("<p>a<br>b</p><template><i>t</i></template>", &crate::FragmentContext::html("div"));
        let root = document.fragment_root().unwrap();
        assert_eq!(
            names(&document, Walk::children(&document, root)),
            ["+p", "+\"a\"", "+br", "+\"b\"", "-p", "+template", "+i", "+\"t\"", "-i", "-template"]
        );
        let p = document.first_child(root).unwrap();
        assert_eq!(names(&document, Walk::node(&document, p)), ["+p", "+\"a\"", "+br", "+\"b\"", "-p"]);
        let br = document.children(p).nth(1).unwrap();
        assert_eq!(names(&document, Walk::node(&document, br)), ["+br"]);
        assert!(names(&document, Walk::children(&document, br)).is_empty());
        // A Document node's walk covers its children.
        let whole = names(&document, Walk::node(&document, document.document()));
        assert_eq!(whole.first().map(String::as_str), Some("+?"));
        assert_eq!(whole.last().map(String::as_str), Some("-?"));
        assert_eq!(whole.len(), 2 + names(&document, Walk::children(&document, document.document())).len());
        let text = document.first_child(p).unwrap();
        assert_eq!(names(&document, Walk::node(&document, text)), ["+\"a\""]);
        assert!(names(&document, Walk::children(&document, text)).is_empty());
    }
}
