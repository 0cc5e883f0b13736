//! Finding the parts of a document as the DOM's `Document` interface
//! names them: `body`, `head`, `title`, `getElementById`,
//! `getElementsByTagName`. Each finds elements only, and gives
//! [`ElementRef`]s.

use crate::generated::names::Namespace;

use super::{Document, ElementRef};

impl Document {
    /// The `html` element: the document element when it is an HTML `html`.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p>a");
    /// assert_eq!(document.html_element().unwrap().child_elements().count(), 2);
    /// ```
    pub fn html_element(&self) -> Option<ElementRef<'_>> {
        self.document_element().filter(|root| root.is_html("html"))
    }

    /// The body element: the first child of the `html` element that is a
    /// `body` or `frameset` element.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<title>t</title>\n<p>Hello");
    /// let body = document.body().unwrap();
    /// assert_eq!(document.inner_html(body), "<p>Hello</p>");
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/dom.html#the-body-element-2>
    pub fn body(&self) -> Option<ElementRef<'_>> {
        self.html_element()?.child_elements().find(|element| element.is_html("body") || element.is_html("frameset"))
    }

    /// The head element: the first child of the `html` element that is a
    /// `head` element.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<title>t</title><p>a");
    /// assert_eq!(document.head().unwrap().inner_html(), "<title>t</title>");
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/dom.html#the-head-element-2>
    pub fn head(&self) -> Option<ElementRef<'_>> {
        self.html_element()?.child_elements().find(|element| element.is_html("head"))
    }

    /// The title element: the first HTML `title` element in tree order
    /// (under an SVG root, its first `title` child).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<title lang=en>t</title>");
    /// assert_eq!(document.title_element().unwrap().attr("lang"), Some("en"));
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/dom.html#the-title-element-2>
    pub fn title_element(&self) -> Option<ElementRef<'_>> {
        let root = self.document_element()?;
        if root.is(Namespace::Svg, "svg") {
            return root.child_elements().find(|child| child.is(Namespace::Svg, "title"));
        }
        self.descendants(self.document()).filter_map(|node| self.element(node)).find(|element| element.is_html("title"))
    }

    /// The document's title, as `document.title` reads it: the text of the
    /// title element's child text nodes, with ASCII whitespace stripped
    /// and collapsed to single spaces. `None` when there is no title
    /// element.
    ///
    /// ```
    /// let document = htmlforge::parse_document("<title>\n  Hello,\n  world </title>");
    /// assert_eq!(document.title().as_deref(), Some("Hello, world"));
    /// assert_eq!(htmlforge::parse_document("<p>x").title(), None);
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/dom.html#document.title>
    pub fn title(&self) -> Option<String> {
        let title = self.title_element()?;
        let mut text = String::new();
        for child in self.children(title) {
            if let Some(t) = self.text_node_data(child) {
                text.push_str(t);
            }
        }
        Some(
            text.split(|c: char| c.is_ascii_whitespace()).filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" "),
        )
    }

    /// The first element in tree order whose `id` attribute is `id`
    /// (`None` for an empty `id`, as in the DOM). In a fragment parse's
    /// document, the fragment's elements are searched (see
    /// [`Document::elements`]).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<p id=a>1</p><p id=a>2</p>");
    /// let first = document.get_element_by_id("a").unwrap();
    /// assert_eq!(document.text_content(first), "1");
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#dom-nonelementparentnode-getelementbyid>
    pub fn get_element_by_id(&self, id: &str) -> Option<ElementRef<'_>> {
        if id.is_empty() {
            return None;
        }
        self.elements().find(|element| element.attr("id") == Some(id))
    }

    /// The elements of the document with the tag name `name`, in tree
    /// order, as `getElementsByTagName` finds them in an HTML document:
    /// HTML elements by their local name compared with `name` in ASCII
    /// lowercase, other elements by their exact name, every element for
    /// `"*"`. Template contents are not searched (they are not
    /// descendants, as in the DOM). In a fragment parse's document, the
    /// fragment's elements are searched (see [`Document::elements`]).
    ///
    /// ```
    /// let document = htmlforge::parse_document("<a href=1>x</a><svg><a href=2></a></svg><A href=3>");
    /// assert_eq!(document.get_elements_by_tag_name("a").count(), 3);
    /// assert_eq!(document.get_elements_by_tag_name("A").count(), 2); // not the SVG `a`
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#concept-getelementsbytagname>
    pub fn get_elements_by_tag_name<'a>(&'a self, name: &'a str) -> impl Iterator<Item = ElementRef<'a>> + 'a {
        self.elements().filter(move |element| element.matches_qualified_name(name))
    }

    /// Every element of the document, in tree order (not template
    /// contents). In the document a fragment parse returns, the elements
    /// of the fragment ([`Document::fragment_root`]): what was parsed.
    ///
    /// ```
    /// use htmlforge::{parse_fragment, FragmentContext};
    ///
    /// let document = htmlforge::parse_document("<p>a<b>b</b>");
    /// let names: Vec<_> = document.elements().map(|e| e.local_name()).collect();
    /// assert_eq!(names, ["html", "head", "body", "p", "b"]);
    /// let cells = parse_fragment("<td>a<td>b", &FragmentContext::html("tr"));
    /// assert_eq!(cells.elements().count(), 2);
    /// ```
    pub fn elements(&self) -> impl Iterator<Item = ElementRef<'_>> + '_ {
        self.descendants(self.search_root()).filter_map(move |node| self.element(node))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn body_is_found_past_whitespace_and_frameset_counts() {
        let document = crate::parse_document("<html><head></head>\n\n<body><p>x");
        assert!(document.body().unwrap().is_html("body"));
        assert!(document.head().unwrap().is_html("head"));
        let frameset = crate::parse_document("<frameset><frame></frameset>");
        assert!(frameset.body().unwrap().is_html("frameset"));
        assert_eq!(crate::dom::Document::new().body(), None);
    }

    #[test]
    fn a_fragment_is_searched() {
        let fragment = crate::parse_fragment("<td id=a>a<td>b", &crate::FragmentContext::html("tr"));
        assert_eq!(fragment.elements().count(), 2);
        assert_eq!(fragment.get_elements_by_tag_name("td").count(), 2);
        assert_eq!(fragment.get_element_by_id("a").map(|td| td.text_content()).as_deref(), Some("a"));
        // The `html` element the algorithm appends to its Document is not
        // part of the fragment.
        assert_eq!(fragment.get_elements_by_tag_name("html").count(), 0);
    }

    #[test]
    fn title_and_ids() {
        let document = crate::parse_document("<svg><title>no</title></svg><title>a <b>b</b></title><p id=''>");
        // The first HTML title; its content is text (RCDATA).
        assert_eq!(document.title().as_deref(), Some("a <b>b</b>"));
        assert_eq!(document.get_element_by_id(""), None);
    }
}
