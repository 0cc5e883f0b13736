//! CSS selectors, matched by the [`selectors`](https://docs.rs/selectors)
//! crate (Servo's, which scraper uses too) against the built-in DOM.
//! Behind the `selectors` cargo feature (on by default).
//!
//! ```
//! use htmlforge::select::Selector;
//!
//! let document = htmlforge::parse_document(
//!     r#"<nav><a class=active href="https://a.example/">A</a><a href="/b">B</a></nav><a href=c>C</a>"#,
//! );
//! let selector = Selector::parse("nav > a.active[href^=http]").unwrap();
//! let links: Vec<_> = document.select(&selector).map(|a| a.text_content()).collect();
//! assert_eq!(links, ["A"]);
//! let any_link = Selector::parse("a:link").unwrap();
//! assert_eq!(document.select(&any_link).count(), 3);
//! let error = Selector::parse("nav >").unwrap_err();
//! assert_eq!(error.to_string(), "invalid selector at column 6: a combinator with nothing after it");
//! ```
//!
//! What matches:
//! - Type, class, ID and attribute selectors (every operator, `i` and `s`
//!   flags; the HTML attributes whose values the HTML standard compares
//!   case-insensitively, such as `type`, are compared so), all
//!   combinators, `:is`, `:where`, `:not`, `:has`, the `:nth-*`, `*-child`
//!   and `*-of-type` families, `:root`, `:empty`, `:scope`.
//! - Class and ID selectors compare ASCII case-insensitively in a
//!   document in quirks mode, as the standard says.
//! - From the HTML standard's pseudo-classes, those a static document
//!   decides from its markup: `:link` and `:any-link` (`a` and `area`
//!   elements with an `href`; `:visited` never matches), `:checked`
//!   (checkbox and radio `input`s with a `checked` attribute, `option`s with
//!   a `selected` attribute), `:disabled` and `:enabled` (form controls,
//!   `optgroup`, `option` and `fieldset` by the `disabled` attribute of
//!   themselves, their `optgroup`, or a `fieldset` ancestor outside its
//!   first `legend`). User-action and other state pseudo-classes
//!   (`:hover`, `:focus`…) and pseudo-elements do not parse.
//! - Template contents are not searched, as `querySelectorAll` does not.

mod element;
mod error;
mod has;
mod pseudo;
mod query;
mod state;

use std::fmt;

use selectors::matching::{self, SelectorCaches};
use selectors::parser::{Component, ParseRelative, SelectorList};

use crate::dom::{Document, ElementRef, NodeId};
use crate::quirks::QuirksMode;

use element::Candidate;
pub use error::SelectorError;
use pseudo::{Impl, SelectorParser};

/// A parsed list of CSS selectors (a "selector list": `a, b > c`).
#[derive(Clone, PartialEq, Eq)]
pub struct Selector {
    list: SelectorList<Impl>,
}

impl Selector {
    /// Parses a selector list; an error says what and where.
    ///
    /// A selector nested deeper than [`MAX_NESTING`] blocks (`:is(`, `[`…)
    /// is an error: the `selectors` crate parses and matches nested lists
    /// by recursion, one set of frames per level.
    ///
    /// ```
    /// use htmlforge::select::Selector;
    ///
    /// let links = Selector::parse("nav a[href], footer a").unwrap();
    /// let document = htmlforge::parse_document("<nav><a href=/>Home</a><a>x</a></nav><footer><a>About</a></footer>");
    /// let texts: Vec<_> = document.select(&links).map(|a| a.text_content()).collect();
    /// assert_eq!(texts, ["Home", "About"]);
    /// assert!(Selector::parse("a[").is_err());
    /// ```
    pub fn parse(selectors: &str) -> Result<Selector, SelectorError> {
        if let Some(at) = too_deep(selectors) {
            return Err(SelectorError::too_deep(selectors, at));
        }
        let mut parser = cssparser::Parser::new(selectors);
        match SelectorList::parse(&SelectorParser, &mut parser, ParseRelative::No) {
            Ok(list) => Ok(Selector { list }),
            Err(error) => Err(SelectorError::new(error, selectors)),
        }
    }

    /// Whether `element` matches one of the selectors.
    ///
    /// With `:has()` in the selector this walks the element's whole tree
    /// once (see [`Document::select`]); to test many elements, `select`
    /// the tree once instead.
    ///
    /// ```
    /// use htmlforge::select::Selector;
    ///
    /// let document = htmlforge::parse_document("<ul><li class=done>a<li>b</ul>");
    /// let done = Selector::parse("ul > .done").unwrap();
    /// let flags: Vec<_> = document.get_elements_by_tag_name("li").map(|li| done.matches(&li)).collect();
    /// assert_eq!(flags, [true, false]);
    /// ```
    pub fn matches(&self, element: &ElementRef<'_>) -> bool {
        let mut caches = self.caches_for(element.document(), element.id(), None);
        self.matches_in(element, None, &mut caches)
    }

    /// Whether a selector of the list has a combinator of its own (those
    /// nested in `:is()`, `:not()`… do not count: the crate matches them).
    fn has_combinators(&self) -> bool {
        self.list.slice().iter().any(|selector| {
            selector.iter_raw_parse_order_from(0).any(|component| matches!(component, Component::Combinator(_)))
        })
    }

    /// Caches for one query from `start`'s tree: with `:has()` in the
    /// selector, its answers for every element of the tree (`has`).
    fn caches_for(&self, document: &Document, start: NodeId, scope: Option<&ElementRef<'_>>) -> SelectorCaches {
        let mut caches = SelectorCaches::default();
        let relative = has::relative_selectors(&self.list);
        if !relative.is_empty() {
            let elements = tree_elements(document, start);
            has::precompute(&relative, document, &elements, scope, quirks_mode(document), &mut caches);
        }
        caches
    }

    fn matches_in(
        &self,
        element: &ElementRef<'_>,
        scope: Option<&ElementRef<'_>>,
        caches: &mut SelectorCaches,
    ) -> bool {
        let mut context = query::context(caches, quirks_mode(element.document()));
        context.scope_element = scope.map(|scope| selectors::Element::opaque(&Candidate(*scope)));
        crate::cost::step!("select::candidate");
        let candidate = Candidate(*element);
        self.list.slice().iter().any(|selector| matching::matches_selector(selector, 0, None, &candidate, &mut context))
    }
}

/// The deepest nesting of blocks (parentheses, brackets, braces) a
/// selector may have. cssparser stops at 75, where the recursion of the
/// `selectors` crate's parser and of the error's placing overflowed a
/// 256 KB stack in a debug build; a stylesheet's selectors nest a few
/// levels.
pub const MAX_NESTING: usize = 32;

/// The byte offset of the first block opened past [`MAX_NESTING`], if any:
/// one scan that skips strings, escapes and comments, as CSS tokenizes them.
fn too_deep(selectors: &str) -> Option<usize> {
    let bytes = selectors.as_bytes();
    let mut depth = 0usize;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 1,
            quote @ (b'"' | b'\'') => {
                at += 1;
                while at < bytes.len() && bytes[at] != quote {
                    at += usize::from(bytes[at] == b'\\') + 1;
                }
            }
            b'/' if bytes.get(at + 1) == Some(&b'*') => {
                at = selectors[at + 2..].find("*/").map_or(bytes.len(), |end| at + 2 + end + 1);
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(at);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += 1;
    }
    None
}

/// The elements of the tree that holds `start` (from its root), in tree order.
fn tree_elements(document: &Document, start: NodeId) -> Vec<ElementRef<'_>> {
    let mut root = start;
    while let Some(parent) = document.parent(root) {
        crate::cost::step!("select::root");
        root = parent;
    }
    document.descendants(root).filter_map(|node| document.element(node)).collect()
}

/// The document's quirks mode, as the `selectors` crate names it.
fn quirks_mode(document: &Document) -> matching::QuirksMode {
    match document.quirks_mode() {
        QuirksMode::Quirks => matching::QuirksMode::Quirks,
        QuirksMode::LimitedQuirks => matching::QuirksMode::LimitedQuirks,
        QuirksMode::NoQuirks => matching::QuirksMode::NoQuirks,
    }
}

impl std::str::FromStr for Selector {
    type Err = SelectorError;

    fn from_str(selectors: &str) -> Result<Selector, SelectorError> {
        Selector::parse(selectors)
    }
}

impl fmt::Display for Selector {
    /// The selector list, serialized as CSS.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        cssparser::ToCss::to_css(&self.list, f)
    }
}

impl fmt::Debug for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Selector({self})")
    }
}

/// The elements that match a [`Selector`], in tree order: see
/// [`Document::select`] and [`ElementRef::select`].
pub struct Select<'a, 's> {
    document: &'a Document,
    selector: &'s Selector,
    caches: SelectorCaches,
    how: How<'a>,
}

/// How a query finds its elements.
enum How<'a> {
    /// The document's: the combinators followed in one walk (`query`).
    Walk(query::Walker<'a>),
    /// Each descendant matched by the `selectors` crate: an element's
    /// query, with `:scope` the element (the walk would have to start at
    /// the root), and a document's whose selectors have no combinator
    /// (`a[href]`, `.x, #y`), with no scope: with nothing to follow, the
    /// walk's bookkeeping per element cost more than the match (see
    /// docs/performance-log.md, 2026-11-28).
    Candidates { nodes: crate::dom::Descendants<'a>, scope: Option<ElementRef<'a>> },
}

impl fmt::Debug for Select<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Select").field("selector", self.selector).finish_non_exhaustive()
    }
}

impl<'a> Iterator for Select<'a, '_> {
    type Item = ElementRef<'a>;

    fn next(&mut self) -> Option<ElementRef<'a>> {
        match &mut self.how {
            How::Walk(walker) => {
                let mut context = query::context(&mut self.caches, quirks_mode(self.document));
                walker.next_match(&self.selector.list, &mut context)
            }
            How::Candidates { nodes, scope } => {
                for node in nodes.by_ref() {
                    if let Some(element) = self.document.element(node) {
                        if self.selector.matches_in(&element, scope.as_ref(), &mut self.caches) {
                            return Some(element);
                        }
                    }
                }
                None
            }
        }
    }
}

impl Document {
    /// The elements of the document that match `selector`, in tree order
    /// (`querySelectorAll`); in a fragment parse's document, those of the
    /// fragment (see [`Document::elements`]).
    ///
    /// Each `:has()` in the selector costs one pass over the document per
    /// query, before the first match: its answer for every element is
    /// computed bottom-up, without recursion, so that matching looks it up
    /// (the elements times the compounds of its argument).
    ///
    /// ```
    /// use htmlforge::select::Selector;
    ///
    /// let document = htmlforge::parse_document("<ul><li>1<li class=x>2<li>3</ul>");
    /// let odd = Selector::parse("li:nth-child(odd)").unwrap();
    /// assert_eq!(document.select(&odd).map(|li| li.text_content()).collect::<Vec<_>>(), ["1", "3"]);
    /// ```
    pub fn select<'a, 's>(&'a self, selector: &'s Selector) -> Select<'a, 's> {
        let root = self.search_root();
        let how = if selector.has_combinators() {
            How::Walk(query::Walker::new(self, root, &selector.list))
        } else {
            let mut nodes = self.descendants(root);
            nodes.next();
            How::Candidates { nodes, scope: None }
        };
        Select { document: self, selector, caches: selector.caches_for(self, root, None), how }
    }

    /// The first element that matches `selector` (`querySelector`).
    ///
    /// ```
    /// use htmlforge::select::Selector;
    ///
    /// let document = htmlforge::parse_document("<h2>First</h2><h2>Second</h2>");
    /// let h2 = Selector::parse("h2").unwrap();
    /// assert_eq!(document.select_first(&h2).unwrap().text_content(), "First");
    /// assert!(document.select_first(&Selector::parse("h3").unwrap()).is_none());
    /// ```
    pub fn select_first(&self, selector: &Selector) -> Option<ElementRef<'_>> {
        self.select(selector).next()
    }
}

impl<'a> ElementRef<'a> {
    /// The descendants of this element that match `selector`, in tree
    /// order; `:scope` is this element.
    ///
    /// ```
    /// use htmlforge::select::Selector;
    ///
    /// let document = htmlforge::parse_document("<div id=a><p>1</p></div><p>2</p>");
    /// let div = document.get_element_by_id("a").unwrap();
    /// let p = Selector::parse(":scope > p").unwrap();
    /// assert_eq!(div.select(&p).map(|p| p.text_content()).collect::<Vec<_>>(), ["1"]);
    /// ```
    pub fn select<'s>(&self, selector: &'s Selector) -> Select<'a, 's> {
        let document = self.document();
        let mut nodes = document.descendants(self.id());
        nodes.next();
        let caches = selector.caches_for(document, self.id(), Some(self));
        Select { document, selector, caches, how: How::Candidates { nodes, scope: Some(*self) } }
    }

    /// The first descendant of this element that matches `selector`.
    ///
    /// ```
    /// use htmlforge::select::Selector;
    ///
    /// let document = htmlforge::parse_document("<p>out</p><article><p>in</p><p>too</p></article>");
    /// let article = document.select_first(&Selector::parse("article").unwrap()).unwrap();
    /// let p = Selector::parse("p").unwrap();
    /// assert_eq!(article.select_first(&p).unwrap().text_content(), "in");
    /// ```
    pub fn select_first(&self, selector: &Selector) -> Option<ElementRef<'a>> {
        self.select(selector).next()
    }
}
