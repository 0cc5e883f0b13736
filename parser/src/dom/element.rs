//! A borrowed view of an element of a [`Document`]: its name and
//! attributes, and the way to the elements around it.

use std::fmt;

use crate::generated::names::{LocalName, Namespace};
use crate::vocab::{AttrRef, Name, QualName};

use super::node::ElementData;
use super::{Children, Document, NodeId};

/// An element of a [`Document`]: its [`NodeId`] and the document it is in.
///
/// The lookups that can only find elements ([`Document::body`],
/// [`Document::get_element_by_id`], [`Document::select`]…) give
/// `ElementRef`s; the methods of [`Document`] that read a node take one
/// where they take a [`NodeId`] (it converts). To change the tree, give
/// the methods that change it the element's [`id`](ElementRef::id): an
/// `ElementRef` borrows the document.
///
/// ```
/// let document = htmlforge::parse_document(r#"<ul id=menu><li class="item active">One<li class=item>Two</ul>"#);
/// let menu = document.get_element_by_id("menu").unwrap();
/// let items: Vec<_> = menu.child_elements().collect();
/// assert_eq!(items.len(), 2);
/// assert!(items[0].has_class("active") && !items[1].has_class("active"));
/// assert_eq!(items[1].classes().collect::<Vec<_>>(), ["item"]);
/// assert_eq!(items[1].text_content(), "Two");
/// assert_eq!(items[1].parent_element(), Some(menu));
/// assert_eq!(items[0].next_sibling_element(), Some(items[1]));
/// assert_eq!(items[0].ancestors().map(|e| e.local_name()).collect::<Vec<_>>(), ["ul", "body", "html"]);
/// assert_eq!(menu.inner_html(), r#"<li class="item active">One</li><li class="item">Two</li>"#);
/// assert_eq!(format!("{:?}", items[1]), r#"<li class="item">"#);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ElementRef<'a> {
    pub(super) document: &'a Document,
    pub(super) id: NodeId,
    pub(super) data: ElementData,
}

impl<'a> ElementRef<'a> {
    /// The element's node.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// The document the element is in.
    pub fn document(&self) -> &'a Document {
        self.document
    }

    /// The element's namespace.
    ///
    /// ```
    /// use htmlforge::vocab::Namespace;
    ///
    /// let document = htmlforge::parse_document("<p><svg><circle/></svg>");
    /// let namespaces: Vec<_> = document.elements().map(|e| (e.local_name(), e.ns())).skip(3).collect();
    /// assert_eq!(namespaces, [("p", Namespace::Html), ("svg", Namespace::Svg), ("circle", Namespace::Svg)]);
    /// ```
    pub fn ns(&self) -> Namespace {
        self.data.ns
    }

    /// The local name, e.g. `"div"` or `"foreignObject"`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<DIV><svg><foreignobject/></svg></DIV>");
    /// let names: Vec<_> = document.elements().map(|e| e.local_name()).collect();
    /// // HTML names are lowercased; SVG's camelCase names are restored.
    /// assert_eq!(names, ["html", "head", "body", "div", "svg", "foreignObject"]);
    /// ```
    pub fn local_name(&self) -> &'a str {
        self.document.name_str(self.data.name)
    }

    /// The interned local name, when the names table knows it.
    pub fn known_name(&self) -> Option<LocalName> {
        LocalName::from_index(self.data.name.0 as usize)
    }

    /// The namespace and local name.
    ///
    /// ```
    /// use htmlforge::vocab::{Name, Namespace};
    ///
    /// let document = htmlforge::parse_document("<svg><my-shape/></svg>");
    /// let shape = document.get_elements_by_tag_name("my-shape").next().unwrap();
    /// let name = shape.name();
    /// assert_eq!((name.ns, name.local.as_str()), (Namespace::Svg, "my-shape"));
    /// assert!(matches!(name.local, Name::Other(_))); // not in the names table
    /// ```
    pub fn name(&self) -> QualName {
        let local = match self.known_name() {
            Some(known) => Name::Known(known),
            None => Name::Other(self.local_name().into()),
        };
        QualName::new(self.data.ns, local)
    }

    /// Whether this is the element `local` of namespace `ns`.
    ///
    /// ```
    /// use htmlforge::Namespace;
    ///
    /// let document = htmlforge::parse_document("<svg><title>drawn</title></svg><title>page</title>");
    /// let titles: Vec<_> = document.get_elements_by_tag_name("title").collect();
    /// assert!(titles[0].is(Namespace::Svg, "title"));
    /// assert!(titles[1].is(Namespace::Html, "title"));
    /// ```
    pub fn is(&self, ns: Namespace, local: &str) -> bool {
        self.data.ns == ns && self.local_name() == local
    }

    /// Whether this is the HTML element `local`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<svg><a></a></svg><a></a>");
    /// let html_links = document.get_elements_by_tag_name("a").filter(|a| a.is_html("a")).count();
    /// assert_eq!(html_links, 1);
    /// ```
    pub fn is_html(&self, local: &str) -> bool {
        self.is(Namespace::Html, local)
    }

    /// The attributes, in source order.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<a href=/x id=y HREF=z>");
    /// let a = document.get_elements_by_tag_name("a").next().unwrap();
    /// // A repeated attribute is dropped, as the parser says.
    /// let attrs: Vec<_> = a.attrs().map(|attr| (attr.name, attr.value)).collect();
    /// assert_eq!(attrs, [("href", "/x"), ("id", "y")]);
    /// ```
    pub fn attrs(&self) -> impl ExactSizeIterator<Item = AttrRef<'a>> + 'a {
        let document = self.document;
        document.attrs[self.data.attrs.range()].iter().map(move |attr| document.attr_ref(attr))
    }

    /// The value of the no-namespace attribute `name` (the DOM's
    /// `getAttribute` for a name given in lowercase).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<img SRC=cat.png alt=''>");
    /// let img = document.get_elements_by_tag_name("img").next().unwrap();
    /// assert_eq!(img.attr("src"), Some("cat.png"));
    /// assert_eq!(img.attr("alt"), Some(""));
    /// assert_eq!(img.attr("title"), None);
    /// ```
    pub fn attr(&self, name: &str) -> Option<&'a str> {
        crate::cost::step!("dom::attr", self.data.attrs.range().len());
        self.attrs().find(|a| a.ns.is_none() && a.name == name).map(|a| a.value)
    }

    /// Whether the element has the no-namespace attribute `name`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<input type=checkbox checked>");
    /// let input = document.get_elements_by_tag_name("input").next().unwrap();
    /// assert!(input.has_attr("checked"));
    /// assert!(!input.has_attr("disabled"));
    /// ```
    pub fn has_attr(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }

    /// The `id` attribute.
    pub fn id_attr(&self) -> Option<&'a str> {
        self.attr("id")
    }

    /// The classes of the `class` attribute: its ASCII-whitespace-separated
    /// tokens, in order, duplicates kept.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p class=' lead  note\tlead'>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap();
    /// assert_eq!(p.classes().collect::<Vec<_>>(), ["lead", "note", "lead"]);
    /// assert!(p.has_class("note") && !p.has_class("Note"));
    /// ```
    pub fn classes(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.attr("class").unwrap_or("").split(|c: char| c.is_ascii_whitespace()).filter(|token| !token.is_empty())
    }

    /// Whether `class` is one of [`classes`](Self::classes) (case-sensitive,
    /// as `classList.contains`).
    pub fn has_class(&self, class: &str) -> bool {
        self.classes().any(|token| token == class)
    }

    /// The template contents of an HTML `template`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<template><li>row</li></template>");
    /// let template = document.get_elements_by_tag_name("template").next().unwrap();
    /// // The content is not a child of the template, but a fragment of its own.
    /// assert_eq!(template.children().count(), 0);
    /// let contents = template.template_contents().unwrap();
    /// assert_eq!(document.inner_html(contents), "<li>row</li>");
    /// ```
    pub fn template_contents(&self) -> Option<NodeId> {
        self.document.template_contents_link(self.id.link(), &self.data).map(|link| self.document.id(link))
    }

    /// The parent element (none under the Document or a fragment).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p><b>x</b></p>");
    /// let b = document.get_elements_by_tag_name("b").next().unwrap();
    /// assert_eq!(b.parent_element().unwrap().local_name(), "p");
    /// // The html element's parent is the Document, which is not an element.
    /// assert!(document.document_element().unwrap().parent_element().is_none());
    /// ```
    pub fn parent_element(&self) -> Option<ElementRef<'a>> {
        crate::cost::step!("dom::parent_element");
        self.document.parent(self.id).and_then(|parent| self.document.element(parent))
    }

    /// The ancestor elements, nearest first.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<ul><li><b>x</b></ul>");
    /// let b = document.get_elements_by_tag_name("b").next().unwrap();
    /// let path: Vec<_> = b.ancestors().map(|e| e.local_name()).collect();
    /// assert_eq!(path, ["li", "ul", "body", "html"]);
    /// ```
    pub fn ancestors(&self) -> impl Iterator<Item = ElementRef<'a>> + 'a {
        std::iter::successors(self.parent_element(), |element| element.parent_element())
    }

    /// The child nodes, in order.
    pub fn children(&self) -> Children<'a> {
        self.document.children(self.id)
    }

    /// The child elements, in order.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<ul>text<li>a<li>b</ul>");
    /// let ul = document.get_elements_by_tag_name("ul").next().unwrap();
    /// assert_eq!(ul.children().count(), 3);
    /// assert_eq!(ul.child_elements().map(|li| li.text_content()).collect::<Vec<_>>(), ["a", "b"]);
    /// ```
    pub fn child_elements(&self) -> impl Iterator<Item = ElementRef<'a>> + 'a {
        let document = self.document;
        self.children().filter_map(move |child| document.element(child))
    }

    /// The element's descendant elements in tree order (not itself; not
    /// template contents).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<nav><a>1</a><span><a>2</a></span></nav>");
    /// let nav = document.get_elements_by_tag_name("nav").next().unwrap();
    /// let names: Vec<_> = nav.descendant_elements().map(|e| e.local_name()).collect();
    /// assert_eq!(names, ["a", "span", "a"]);
    /// ```
    pub fn descendant_elements(&self) -> impl Iterator<Item = ElementRef<'a>> + 'a {
        let document = self.document;
        document.descendants(self.id).skip(1).filter_map(move |node| document.element(node))
    }

    /// The next sibling that is an element.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<dl><dt>Term</dt> <dd>Definition</dd></dl>");
    /// let dt = document.get_elements_by_tag_name("dt").next().unwrap();
    /// assert_eq!(dt.next_sibling_element().unwrap().text_content(), "Definition");
    /// assert!(dt.previous_sibling_element().is_none());
    /// ```
    pub fn next_sibling_element(&self) -> Option<ElementRef<'a>> {
        let document = self.document;
        std::iter::successors(document.next_sibling(self.id), |&n| document.next_sibling(n)).find_map(|n| {
            crate::cost::step!("dom::sibling_element");
            document.element(n)
        })
    }

    /// The previous sibling that is an element.
    pub fn previous_sibling_element(&self) -> Option<ElementRef<'a>> {
        let document = self.document;
        std::iter::successors(document.previous_sibling(self.id), |&n| document.previous_sibling(n)).find_map(|n| {
            crate::cost::step!("dom::sibling_element");
            document.element(n)
        })
    }

    /// The descendant elements with the tag name `name`, as
    /// [`Document::get_elements_by_tag_name`] matches it.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p><a>1</a></p><div><a>2</a><a>3</a></div>");
    /// let div = document.get_elements_by_tag_name("div").next().unwrap();
    /// let links: Vec<_> = div.get_elements_by_tag_name("a").map(|a| a.text_content()).collect();
    /// assert_eq!(links, ["2", "3"]);
    /// ```
    pub fn get_elements_by_tag_name(&self, name: &'a str) -> impl Iterator<Item = ElementRef<'a>> + 'a {
        self.descendant_elements().filter(move |element| element.matches_qualified_name(name))
    }

    /// The DOM's `textContent`: the text of all descendant text nodes,
    /// scripts and styles included (see [`Document::text_content`]).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>Hello <b>world</b><script>x()</script>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap();
    /// assert_eq!(p.text_content(), "Hello worldx()");
    /// assert_eq!(p.visible_text(), "Hello world");
    /// ```
    pub fn text_content(&self) -> String {
        self.document.text_content(self.id)
    }

    /// The text a reader sees: see [`Document::visible_text`].
    ///
    /// ```
    /// let document = htmlforge::parse_document("<div>Shown<style>p{}</style><p hidden>not</p></div>");
    /// let div = document.get_elements_by_tag_name("div").next().unwrap();
    /// assert_eq!(div.visible_text(), "Shown");
    /// assert_eq!(div.text_content(), "Shownp{}not");
    /// ```
    pub fn visible_text(&self) -> String {
        self.document.visible_text(self.id)
    }

    /// `innerHTML` (see [`Document::inner_html`]).
    pub fn inner_html(&self) -> String {
        self.document.inner_html(self.id)
    }

    /// `outerHTML` (see [`Document::outer_html`]).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p class=x>a<br>b");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap();
    /// assert_eq!(p.inner_html(), "a<br>b");
    /// assert_eq!(p.outer_html(), r#"<p class="x">a<br>b</p>"#);
    /// ```
    pub fn outer_html(&self) -> String {
        self.document.outer_html(self.id)
    }

    /// Whether the element is one that `getElementsByTagName(name)` finds
    /// in an HTML document: `*`, an HTML element whose local name is
    /// `name` in ASCII lowercase, or another element whose qualified name
    /// is `name`.
    ///
    /// Spec: <https://dom.spec.whatwg.org/#concept-getelementsbytagname>
    pub(super) fn matches_qualified_name(&self, name: &str) -> bool {
        if name == "*" {
            return true;
        }
        if self.data.ns == Namespace::Html {
            let local = self.local_name();
            return local.len() == name.len()
                && local.bytes().zip(name.bytes()).all(|(l, n)| l == n.to_ascii_lowercase());
        }
        // Elements the parser makes in other namespaces have no prefix.
        self.local_name() == name
    }
}

/// An element is a node: an `ElementRef` goes wherever a [`NodeId`] is
/// read.
///
/// ```
/// use htmlforge::dom::NodeId;
///
/// let document = htmlforge::parse_document("<p>a");
/// let body = document.body().unwrap();
/// let id: NodeId = body.into();
/// assert_eq!(id, body.id());
/// assert_eq!(document.inner_html(body), document.inner_html(id));
/// ```
impl From<ElementRef<'_>> for NodeId {
    fn from(element: ElementRef<'_>) -> NodeId {
        element.id
    }
}

/// See the conversion from `ElementRef`.
impl From<&ElementRef<'_>> for NodeId {
    fn from(element: &ElementRef<'_>) -> NodeId {
        element.id
    }
}

impl fmt::Debug for ElementRef<'_> {
    /// The start tag, as the serializer writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{}", self.local_name())?;
        for attr in self.attrs() {
            let name = super::attribute_serialized_name(&attr);
            write!(f, " {name}=\"")?;
            crate::serializer::escape(attr.value, crate::serializer::EscapeMode::Attribute, f)?;
            f.write_str("\"")?;
        }
        f.write_str(">")
    }
}
