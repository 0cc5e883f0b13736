//! Setting an element's inner HTML: the fragment parser with the element
//! as the context, its nodes copied into the element's document. It lives
//! on the parser's side: the DOM knows nothing of the parser.

use crate::dom::{Document, DomError, NodeId};
use crate::parse::{parse_fragment_in_tree, FragmentContext, ParseOptions};
use crate::vocab::Attr;

impl Document {
    /// Replaces the children of the element `element` by the nodes that
    /// `html` parses to, as the DOM's `innerHTML` setter does (with the
    /// default [`ParseOptions`]: see [`Document::set_inner_html_with`]).
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<table><tbody id=rows></tbody></table>");
    /// let rows = document.get_element_by_id("rows").unwrap().id();
    /// document.set_inner_html(rows, "<tr><td>a<td>b")?;
    /// assert_eq!(document.inner_html(rows), "<tr><td>a</td><td>b</td></tr>");
    /// // Only an element has inner HTML to set.
    /// let text = document.create_text_node("x");
    /// assert_eq!(document.set_inner_html(text, "<b>"), Err(htmlforge::DomError::NotAnElement));
    /// # Ok::<(), htmlforge::DomError>(())
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-innerhtml>
    pub fn set_inner_html(&mut self, element: NodeId, html: &str) -> Result<(), DomError> {
        self.set_inner_html_with(element, html, ParseOptions::default())
    }

    /// [`Document::set_inner_html`] with `options` (the scripting flag,
    /// limits…). The fragment parsing algorithm runs with `element` as
    /// its context element: its name and attributes, the document's quirks
    /// mode, and its `form` ancestor if it has one. For a `template`, the
    /// template contents are replaced. Refused, with nothing changed, when
    /// `element` is not an element ([`DomError::NotAnElement`]). Parse
    /// errors are not reported, as the setter reports none.
    ///
    /// ```
    /// use htmlforge::ParseOptions;
    ///
    /// let mut document = htmlforge::parse_document("<div></div>");
    /// let div = document.get_elements_by_tag_name("div").next().unwrap().id();
    /// let scripting_off = ParseOptions::default().scripting(false);
    /// document.set_inner_html_with(div, "<noscript><a href=/x>x</a></noscript>", scripting_off)?;
    /// assert_eq!(document.get_elements_by_tag_name("a").count(), 1);
    /// # Ok::<(), htmlforge::DomError>(())
    /// ```
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-innerhtml>,
    /// <https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm>
    pub fn set_inner_html_with(&mut self, element: NodeId, html: &str, options: ParseOptions) -> Result<(), DomError> {
        let (parsed, target) = self.parse_fragment_for(element, html, options)?;
        self.replace_all_with_fragment(target, &parsed)
    }

    /// The fragment parsing algorithm with `element` as its context
    /// element (its name and attributes, the document's quirks mode, its
    /// `form` ancestor), into a document of its own; and the node whose
    /// children the result replaces (a template's contents, else
    /// `element`). Refused when `element` is not an element.
    pub(crate) fn parse_fragment_for(
        &self,
        element: NodeId,
        html: &str,
        options: ParseOptions,
    ) -> Result<(Document, NodeId), DomError> {
        let context = self.element(element).ok_or(DomError::NotAnElement)?;
        // The algorithm reads the context's attributes by name in no
        // namespace (`annotation-xml`'s `encoding`): prefixes are dropped.
        let fragment_context = FragmentContext {
            name: context.name(),
            attrs: context
                .attrs()
                .map(|attr| Attr { ns: attr.ns, prefix: None, name: attr.name.into(), value: attr.value.into() })
                .collect(),
        };
        let form_ancestor = context.ancestors().any(|ancestor| ancestor.is_html("form"));
        // "If context is a template element, then set context to the
        // template element's template contents."
        let target = context.template_contents().unwrap_or(element);
        let parsed = parse_fragment_in_tree(html, &fragment_context, options, self.quirks_mode(), form_ancestor);
        Ok((parsed, target))
    }

    /// "Replace all with fragment within target": the children of the
    /// fragment `parsed` returned, copied into this document.
    pub(crate) fn replace_all_with_fragment(&mut self, target: NodeId, parsed: &Document) -> Result<(), DomError> {
        let parsed_root = parsed.fragment_root().expect("a fragment parse returns a fragment");
        let fragment = self.import_node(parsed, parsed_root, true)?;
        while let Some(child) = self.first_child(target) {
            self.remove(child);
        }
        self.append_child(target, fragment)
    }
}

#[cfg(test)]
mod tests {
    use crate::{parse_document, DomError};

    #[test]
    fn the_context_element_decides_how_the_markup_parses() {
        let mut document = parse_document("<select id=s></select><textarea id=t></textarea><svg id=g></svg>");
        let select = document.get_element_by_id("s").unwrap().id();
        document.set_inner_html(select, "<option>a<div>b</div>").unwrap();
        assert_eq!(document.inner_html(select), "<option>a<div>b</div></option>");
        let textarea = document.get_element_by_id("t").unwrap().id();
        document.set_inner_html(textarea, "<b>not a tag</b>").unwrap();
        assert_eq!(document.inner_html(textarea), "&lt;b&gt;not a tag&lt;/b&gt;");
        let svg = document.get_element_by_id("g").unwrap().id();
        document.set_inner_html(svg, "<foreignobject><p>x</p></foreignobject>").unwrap();
        let foreign = document.get_elements_by_tag_name("foreignObject").next().unwrap();
        assert_eq!(foreign.ns(), crate::Namespace::Svg);
    }

    #[test]
    fn a_template_gets_new_contents_and_a_form_ancestor_ignores_a_form() {
        let mut document = parse_document("<template id=t><i>old</i></template><form><div id=d></div></form>");
        let template = document.get_element_by_id("t").unwrap().id();
        document.set_inner_html(template, "<b>new</b>").unwrap();
        assert_eq!(document.inner_html(template), "<b>new</b>");
        assert_eq!(document.first_child(template), None);
        let div = document.get_element_by_id("d").unwrap().id();
        // "in body", a start tag "form": ignored while the form element
        // pointer is set, as it is under a `form`.
        document.set_inner_html(div, "<form><input></form>x").unwrap();
        assert_eq!(document.inner_html(div), "<input>x");
    }

    #[test]
    fn the_old_children_are_detached_and_the_document_keeps_its_errors() {
        let mut document = parse_document("<!DOCTYPE html><p id=p>a<b>b</b>");
        let errors = document.errors.clone();
        let p = document.get_element_by_id("p").unwrap().id();
        let b = document.get_elements_by_tag_name("b").next().unwrap().id();
        document.set_inner_html(p, "</x><i>c").unwrap();
        assert_eq!(document.inner_html(p), "<i>c</i>");
        assert_eq!(document.parent(b), None);
        assert_eq!(document.errors, errors);
        let doc = document.document();
        assert_eq!(document.set_inner_html(doc, "x"), Err(DomError::NotAnElement));
    }
}
