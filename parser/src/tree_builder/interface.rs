//! The interface between the tree builder and the tree it builds: the
//! [`TreeSink`] trait an embedder implements to build its own tree (the
//! built-in [`crate::dom::Document`] implements it, in `dom_sink`). The
//! names, attributes and errors it passes are the crate's [`vocab`](crate::vocab).
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tree-construction>

use crate::quirks::QuirksMode;
use crate::tokenizer::Attribute;
use crate::vocab::{AttrRef, ParseError, QualName, ShadowRootInit};

/// What the tree builder inserts: a node made before, or text that the
/// sink merges into an adjacent text node ("insert a character").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeOrText<'a, H> {
    /// A node the sink made before.
    Node(H),
    /// Text, merged into an adjacent text node.
    Text(&'a str),
}

/// Receives the tree as the tree builder builds it. Handles are small
/// `Copy` ids (indices into the sink's own storage).
///
/// The tree builder keeps the names of the open elements itself, so a sink
/// is never asked what an element is called. Nodes passed to `append` and
/// `insert_before` may already have a parent (the adoption agency
/// algorithm moves nodes): the sink moves them.
///
/// A sink that keeps only an outline of the elements:
///
/// ```
/// use htmlforge::tree_builder::{NodeOrText, TreeSink};
/// use htmlforge::vocab::{AttrRef, Name, Namespace, QualName, QuirksMode};
/// use htmlforge::{ParseOptions, Parser};
///
/// #[derive(Default)]
/// struct Outline {
///     names: Vec<String>,            // by handle; 0 is the Document
///     parents: Vec<Option<usize>>,
/// }
///
/// impl TreeSink for Outline {
///     type Handle = usize;
///     fn document(&self) -> usize { 0 }
///     fn create_element(&mut self, name: QualName, _attrs: &[AttrRef<'_>]) -> usize {
///         self.names.push(name.local.as_str().to_string());
///         self.parents.push(None);
///         self.names.len() - 1
///     }
///     fn create_comment(&mut self, _text: &str) -> usize {
///         self.create_element(QualName::new(Namespace::Html, Name::new("#comment")), &[])
///     }
///     fn create_processing_instruction(&mut self, _target: &str, _data: &str) -> usize {
///         self.create_element(QualName::new(Namespace::Html, Name::new("#processing-instruction")), &[])
///     }
///     fn append_doctype_to_document(&mut self, _: &str, _: &str, _: &str) {}
///     fn append(&mut self, parent: usize, child: NodeOrText<'_, usize>) {
///         if let NodeOrText::Node(child) = child { self.parents[child] = Some(parent); }
///     }
///     fn insert_before(&mut self, sibling: usize, child: NodeOrText<'_, usize>) {
///         if let NodeOrText::Node(child) = child { self.parents[child] = self.parents[sibling]; }
///     }
///     fn has_parent(&self, node: usize) -> bool { self.parents[node].is_some() }
///     fn remove_from_parent(&mut self, node: usize) { self.parents[node] = None; }
///     fn reparent_children(&mut self, node: usize, new_parent: usize) {
///         for parent in self.parents.iter_mut().filter(|p| **p == Some(node)) { *parent = Some(new_parent); }
///     }
///     fn add_attrs_if_missing(&mut self, _: usize, _: &[AttrRef<'_>]) {}
///     fn template_contents(&mut self, template: usize) -> usize { template }
///     fn set_quirks_mode(&mut self, _: QuirksMode) {}
///     fn clone_option_into_selectedcontent(&mut self, _: usize, _: usize) {}
/// }
///
/// let mut parser = Parser::with_sink(Outline { names: vec!["#document".into()], parents: vec![None] }, ParseOptions::default());
/// parser.feed("<ul><li>one<li>two</ul>").unwrap();
/// let outline = parser.finish();
/// let second_li = outline.names.iter().rposition(|n| n == "li").unwrap();
/// assert_eq!(outline.names[outline.parents[second_li].unwrap()], "ul");
/// ```
pub trait TreeSink {
    /// A node of the sink's tree.
    type Handle: Copy + Eq + std::fmt::Debug;

    /// The Document node.
    fn document(&self) -> Self::Handle;

    /// Creates an element, not yet in the tree.
    fn create_element(&mut self, name: QualName, attrs: &[AttrRef<'_>]) -> Self::Handle;

    /// Creates an element for the same token as `previous` (the element
    /// the list of active formatting elements created last for it, when
    /// reconstructing or in the adoption agency algorithm), not yet in the
    /// tree. `attrs` are the token's; a sink may share `previous`'s
    /// attribute storage instead of storing them again, as long as
    /// `previous`'s attributes did not change. The default creates it from
    /// `attrs`.
    fn create_element_again(&mut self, name: QualName, attrs: &[AttrRef<'_>], previous: Self::Handle) -> Self::Handle {
        let _ = previous;
        self.create_element(name, attrs)
    }

    /// Creates an element and appends it as the last child of `parent`:
    /// what [`TreeSink::create_element`] then [`TreeSink::append`] do, which
    /// is the default. The tree builder calls it when it inserts an HTML
    /// element at the end of its parent (most elements), so that a sink
    /// can link the new element as it creates it.
    fn create_element_appended(&mut self, parent: Self::Handle, name: QualName, attrs: &[AttrRef<'_>]) -> Self::Handle {
        let element = self.create_element(name, attrs);
        self.append(parent, NodeOrText::Node(element));
        element
    }

    /// Creates an HTML element for a start tag token from the token's own
    /// attributes (`attrs`, as the tokenizer made them: an HTML element
    /// takes them unadjusted, in no namespace), appended as the last child
    /// of `parent` when one is given; or returns `None`, the default, and
    /// the tree builder calls [`TreeSink::create_element_appended`] or
    /// [`TreeSink::create_element`] instead, with an [`AttrRef`] per
    /// attribute. The built-in DOM stores the attributes straight from the
    /// token, without that list of references between.
    ///
    /// ```
    /// use htmlforge::tokenizer::Attribute;
    /// use htmlforge::tree_builder::TreeSink;
    /// use htmlforge::vocab::QualName;
    ///
    /// let mut document = htmlforge::parse_document("<p>x");
    /// let body = document.body().unwrap().id();
    /// let name = QualName::html("hr");
    /// let attrs = [Attribute::new("class", "wide")];
    /// let hr = document.create_html_element_from_token(Some(body), &name, &attrs).unwrap();
    /// assert_eq!(document.outer_html(hr), r#"<hr class="wide">"#);
    /// assert_eq!(document.inner_html(body), r#"<p>x</p><hr class="wide">"#);
    /// ```
    fn create_html_element_from_token(
        &mut self,
        parent: Option<Self::Handle>,
        name: &QualName,
        attrs: &[Attribute],
    ) -> Option<Self::Handle> {
        let _ = (parent, name, attrs);
        None
    }

    /// Creates a comment node, not yet in the tree.
    fn create_comment(&mut self, text: &str) -> Self::Handle;

    /// Creates a ProcessingInstruction node, not yet in the tree.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insert-a-processing-instruction>
    fn create_processing_instruction(&mut self, target: &str, data: &str) -> Self::Handle;

    /// Appends a DocumentType node to the Document.
    fn append_doctype_to_document(&mut self, name: &str, public_id: &str, system_id: &str);

    /// Appends `child` as the last child of `parent` (text merges into a
    /// last child that is a text node).
    fn append(&mut self, parent: Self::Handle, child: NodeOrText<'_, Self::Handle>);

    /// Appends `text` to `parent` as `append(parent, NodeOrText::Text(text))`
    /// does, which is the default. `text_and_after` is `text` followed by
    /// the input after it when the parser took `text` as one run of its
    /// input (else `text` itself): a sink that copies the text may copy a
    /// short one by a fixed-size copy that reads past its end, once it has
    /// checked that `text_and_after` starts where `text` does (the built-in
    /// DOM does, and ignores any other string). The tree builder calls it
    /// for text it inserts at the end of an open element (most text).
    ///
    /// ```
    /// use htmlforge::tree_builder::TreeSink;
    ///
    /// let mut document = htmlforge::parse_document("<p>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// let input = "one two, and more than sixty-four bytes of input after it, for the copy";
    /// document.append_text_from_input(p, &input[..3], input);
    /// // Anything but the text's own bytes is ignored.
    /// document.append_text_from_input(p, " two", "elsewhere");
    /// assert_eq!(document.inner_html(p), "one two");
    /// ```
    fn append_text_from_input(&mut self, parent: Self::Handle, text: &str, text_and_after: &str) {
        let _ = text_and_after;
        self.append(parent, NodeOrText::Text(text));
    }

    /// Inserts `child` right before `sibling` (text merges into a previous
    /// sibling that is a text node).
    fn insert_before(&mut self, sibling: Self::Handle, child: NodeOrText<'_, Self::Handle>);

    /// Whether `node` has a parent node (foster parenting asks it of the
    /// last table).
    fn has_parent(&self, node: Self::Handle) -> bool;

    /// Removes `node` from its parent, if it has one.
    fn remove_from_parent(&mut self, node: Self::Handle);

    /// Moves all children of `node` to the end of `new_parent`, in order.
    fn reparent_children(&mut self, node: Self::Handle, new_parent: Self::Handle);

    /// Adds each attribute of `attrs` that `element` does not already have.
    fn add_attrs_if_missing(&mut self, element: Self::Handle, attrs: &[AttrRef<'_>]);

    /// The template contents (a DocumentFragment) of a `template` element.
    fn template_contents(&mut self, template: Self::Handle) -> Self::Handle;

    /// Sets the Document's quirks mode.
    fn set_quirks_mode(&mut self, mode: QuirksMode);

    /// Tells the sink the parser's scripting flag, once, before the first
    /// node: with scripting on, `noscript` holds its content as text, which
    /// a serializer writes literally and a reader never sees. The default
    /// ignores it; the built-in DOM keeps it ([`Document::scripting`](crate::dom::Document::scripting)).
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#scripting-flag>
    fn set_scripting(&mut self, enabled: bool) {
        let _ = enabled;
    }

    /// Replaces the children of `selectedcontent` by deep clones of the
    /// children of `option`.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/form-elements.html#clone-an-option-into-a-selectedcontent>
    fn clone_option_into_selectedcontent(&mut self, option: Self::Handle, selectedcontent: Self::Handle);

    /// Whether the sink's storage reached a hard cap and cut what did not
    /// fit (reported as [`LimitsHit::storage_full`](crate::LimitsHit::storage_full)).
    /// The default: never.
    fn storage_full(&self) -> bool {
        false
    }

    /// Receives a parse error.
    fn parse_error(&mut self, error: ParseError) {
        let _ = error;
    }

    /// Attaches a declarative shadow root to `host` and makes it the
    /// template contents of `template` (a `template` element the parser
    /// created and put on the stack of open elements only), so that what
    /// the template holds goes into the shadow root. Only asked with
    /// [`ParseOptions::declarative_shadow_roots`](crate::ParseOptions::declarative_shadow_roots).
    ///
    /// Returns `false`, changing nothing, when `host` already is a shadow
    /// host or the DOM's "attach a shadow root" throws (`host` is not an
    /// HTML element with a valid shadow host name): the parser then inserts
    /// the template as an ordinary element. The default always does.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead>,
    /// <https://dom.spec.whatwg.org/#concept-attach-a-shadow-root>
    fn attach_declarative_shadow_root(
        &mut self,
        host: Self::Handle,
        template: Self::Handle,
        init: &ShadowRootInit,
    ) -> bool {
        let _ = (host, template, init);
        false
    }

    /// Creates the DocumentFragment that the HTML fragment parsing
    /// algorithm returns (step 15, "Let fragment be the result of creating a
    /// document fragment"), not in the tree. The parser makes it its root
    /// insertion target: what the algorithm would insert into its `html`
    /// root element goes into the fragment instead.
    ///
    /// The default, `None`, leaves the fragment's nodes as the children of
    /// that `html` element, as the algorithm's text before 2026-07 returned
    /// them ("root's children"); the nodes and their order are the same.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm>
    fn create_document_fragment(&mut self) -> Option<Self::Handle> {
        None
    }

    /// The parent of `node`, if it has one.
    ///
    /// This and the next three methods let the tree builder walk the tree,
    /// which only `<template for>` content patching needs (off unless
    /// [`ParseOptions::template_patching`](crate::ParseOptions::template_patching)
    /// is set). The defaults answer `None`: a sink that keeps them finds
    /// no markers, so every `<template for>` is inserted as an ordinary
    /// template, as the standard's failure path does.
    fn parent_of(&self, node: Self::Handle) -> Option<Self::Handle> {
        let _ = node;
        None
    }

    /// The first child of `node`, if any. See [`TreeSink::parent_of`].
    fn first_child_of(&self, node: Self::Handle) -> Option<Self::Handle> {
        let _ = node;
        None
    }

    /// The sibling right after `node`, if any. See [`TreeSink::parent_of`].
    fn next_sibling_of(&self, node: Self::Handle) -> Option<Self::Handle> {
        let _ = node;
        None
    }

    /// The target and data of `node` if it is a processing instruction.
    /// See [`TreeSink::parent_of`].
    fn processing_instruction_of(&self, node: Self::Handle) -> Option<(&str, &str)> {
        let _ = node;
        None
    }
}
