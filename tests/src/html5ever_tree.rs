//! html5ever's side of the differential tests: an arena DOM that
//! html5ever (0.40) builds into, dumped in the html5lib tree-construction
//! format (markup5ever_rcdom has no release for html5ever 0.40). Used by
//! `tests/html5ever_differential.rs` and the differential fuzz target.

use std::borrow::Cow;
use std::cell::{Ref, RefCell};
use std::fmt::Write;

use html5ever::interface::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::tendril::{StrTendril, TendrilSink};
use html5ever::{ns, Attribute, LocalName, QualName};

#[derive(Debug)]
enum Data {
    Document,
    Doctype(String, String, String),
    Element { name: QualName, attrs: Vec<Attribute>, template_contents: Option<usize>, integration_point: bool },
    Text(String),
    Comment(String),
    Fragment,
}

#[derive(Debug)]
struct Node {
    parent: Option<usize>,
    children: Vec<usize>,
    data: Data,
}

/// An arena DOM for html5ever: handles are indices.
#[derive(Debug)]
pub struct ArenaSink {
    nodes: RefCell<Vec<Node>>,
}

impl Default for ArenaSink {
    fn default() -> ArenaSink {
        ArenaSink::new()
    }
}

impl ArenaSink {
    pub fn new() -> ArenaSink {
        ArenaSink { nodes: RefCell::new(vec![Node { parent: None, children: Vec::new(), data: Data::Document }]) }
    }

    fn add(&self, data: Data) -> usize {
        let mut nodes = self.nodes.borrow_mut();
        nodes.push(Node { parent: None, children: Vec::new(), data });
        nodes.len() - 1
    }

    fn detach(&self, node: usize) {
        let mut nodes = self.nodes.borrow_mut();
        if let Some(parent) = nodes[node].parent.take() {
            nodes[parent].children.retain(|&c| c != node);
        }
    }

    /// Inserts `child` into `parent` at `index`, merging text into the
    /// previous sibling when both are text.
    fn insert(&self, parent: usize, index: usize, child: NodeOrText<usize>) {
        match child {
            NodeOrText::AppendText(text) => {
                let mut nodes = self.nodes.borrow_mut();
                if index > 0 {
                    let previous = nodes[parent].children[index - 1];
                    if let Data::Text(existing) = &mut nodes[previous].data {
                        existing.push_str(&text);
                        return;
                    }
                }
                nodes.push(Node { parent: Some(parent), children: Vec::new(), data: Data::Text(text.to_string()) });
                let id = nodes.len() - 1;
                nodes[parent].children.insert(index, id);
            }
            NodeOrText::AppendNode(node) => {
                self.detach(node);
                let mut nodes = self.nodes.borrow_mut();
                nodes[node].parent = Some(parent);
                nodes[parent].children.insert(index, node);
            }
        }
    }

    fn has_attr(&self, node: usize, name: &str) -> bool {
        match &self.nodes.borrow()[node].data {
            Data::Element { attrs, .. } => attrs.iter().any(|a| a.name.ns == ns!() && &*a.name.local == name),
            _ => false,
        }
    }

    fn is_html(&self, node: usize, local: &str) -> bool {
        matches!(&self.nodes.borrow()[node].data, Data::Element { name, .. } if name.ns == ns!(html) && &*name.local == local)
    }

    /// `node` and its descendants in tree order.
    fn descendants(&self, node: usize) -> Vec<usize> {
        let nodes = self.nodes.borrow();
        let mut out = Vec::new();
        let mut stack = vec![node];
        while let Some(current) = stack.pop() {
            out.push(current);
            stack.extend(nodes[current].children.iter().rev());
        }
        out
    }

    fn deep_clone(&self, node: usize) -> usize {
        let data = match &self.nodes.borrow()[node].data {
            Data::Element { name, attrs, template_contents, integration_point } => Data::Element {
                name: name.clone(),
                attrs: attrs.clone(),
                template_contents: template_contents.map(|_| usize::MAX),
                integration_point: *integration_point,
            },
            Data::Text(t) => Data::Text(t.clone()),
            Data::Comment(t) => Data::Comment(t.clone()),
            Data::Doctype(a, b, c) => Data::Doctype(a.clone(), b.clone(), c.clone()),
            Data::Document => Data::Document,
            Data::Fragment => Data::Fragment,
        };
        let copy = self.add(data);
        let children = self.nodes.borrow()[node].children.clone();
        for child in children {
            let child_copy = self.deep_clone(child);
            let len = self.nodes.borrow()[copy].children.len();
            self.insert(copy, len, NodeOrText::AppendNode(child_copy));
        }
        copy
    }

    /// The html5lib-format dump of the document.
    pub fn dump(&self) -> String {
        self.dump_children(0)
    }

    /// The children of `parent` at indent level 0.
    pub fn dump_children(&self, parent: usize) -> String {
        let nodes = self.nodes.borrow();
        let mut out = String::new();
        let mut stack: Vec<(usize, usize)> = nodes[parent].children.iter().rev().map(|&c| (c, 0)).collect();
        while let Some((node, depth)) = stack.pop() {
            let indent = "  ".repeat(depth);
            match &nodes[node].data {
                Data::Document => {}
                Data::Fragment => {
                    let _ = writeln!(out, "| {indent}content");
                }
                Data::Doctype(name, public, system) => {
                    if public.is_empty() && system.is_empty() {
                        let _ = writeln!(out, "| {indent}<!DOCTYPE {name}>");
                    } else {
                        let _ = writeln!(out, "| {indent}<!DOCTYPE {name} \"{public}\" \"{system}\">");
                    }
                }
                Data::Text(text) => {
                    let _ = writeln!(out, "| {indent}\"{text}\"");
                }
                Data::Comment(text) => {
                    let _ = writeln!(out, "| {indent}<!-- {text} -->");
                }
                Data::Element { name, attrs, template_contents, .. } => {
                    let prefix = if name.ns == ns!(svg) {
                        "svg "
                    } else if name.ns == ns!(mathml) {
                        "math "
                    } else {
                        ""
                    };
                    let _ = writeln!(out, "| {indent}<{prefix}{}>", &*name.local);
                    let mut list: Vec<(String, String)> = attrs
                        .iter()
                        .map(|a| {
                            // html5lib's form: `prefix local`, the prefix named
                            // by the namespace (a bare `xmlns` is `xmlns xmlns`).
                            let ns = &a.name.ns;
                            let key = if *ns == ns!(xlink) {
                                format!("xlink {}", &*a.name.local)
                            } else if *ns == ns!(xml) {
                                format!("xml {}", &*a.name.local)
                            } else if *ns == ns!(xmlns) {
                                format!("xmlns {}", &*a.name.local)
                            } else {
                                a.name.local.to_string()
                            };
                            (key, a.value.to_string())
                        })
                        .collect();
                    list.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
                    for (key, value) in list {
                        let _ = writeln!(out, "| {indent}  {key}=\"{value}\"");
                    }
                    stack.extend(nodes[node].children.iter().rev().map(|&c| (c, depth + 1)));
                    if let Some(contents) = template_contents {
                        stack.push((*contents, depth + 1));
                    }
                    continue;
                }
            }
            stack.extend(nodes[node].children.iter().rev().map(|&c| (c, depth + 1)));
        }
        out
    }
}

impl TreeSink for ArenaSink {
    type Handle = usize;
    type Output = ArenaSink;
    type ElemName<'a> = Ref<'a, QualName>;

    fn finish(self) -> ArenaSink {
        self
    }

    fn parse_error(&self, _msg: Cow<'static, str>) {}

    fn get_document(&self) -> usize {
        0
    }

    fn elem_name<'a>(&'a self, target: &'a usize) -> Ref<'a, QualName> {
        Ref::map(self.nodes.borrow(), |nodes| match &nodes[*target].data {
            Data::Element { name, .. } => name,
            _ => panic!("elem_name of a non-element"),
        })
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> usize {
        let template_contents = flags.template.then(|| self.add(Data::Fragment));
        self.add(Data::Element {
            name,
            attrs,
            template_contents,
            integration_point: flags.mathml_annotation_xml_integration_point,
        })
    }

    fn create_comment(&self, text: StrTendril) -> usize {
        self.add(Data::Comment(text.to_string()))
    }

    fn create_pi(&self, _target: StrTendril, data: StrTendril) -> usize {
        self.add(Data::Comment(data.to_string()))
    }

    fn append(&self, parent: &usize, child: NodeOrText<usize>) {
        let len = self.nodes.borrow()[*parent].children.len();
        self.insert(*parent, len, child);
    }

    fn append_based_on_parent_node(&self, element: &usize, prev_element: &usize, child: NodeOrText<usize>) {
        if self.nodes.borrow()[*element].parent.is_some() {
            self.append_before_sibling(element, child);
        } else {
            self.append(prev_element, child);
        }
    }

    fn append_doctype_to_document(&self, name: StrTendril, public_id: StrTendril, system_id: StrTendril) {
        let doctype = self.add(Data::Doctype(name.to_string(), public_id.to_string(), system_id.to_string()));
        self.append(&0, NodeOrText::AppendNode(doctype));
    }

    fn get_template_contents(&self, target: &usize) -> usize {
        match &self.nodes.borrow()[*target].data {
            Data::Element { template_contents: Some(contents), .. } => *contents,
            _ => panic!("template contents of a non-template"),
        }
    }

    fn same_node(&self, x: &usize, y: &usize) -> bool {
        x == y
    }

    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, sibling: &usize, new_node: NodeOrText<usize>) {
        let parent = self.nodes.borrow()[*sibling].parent.expect("a sibling with a parent");
        if let NodeOrText::AppendNode(node) = &new_node {
            self.detach(*node);
        }
        let index =
            self.nodes.borrow()[parent].children.iter().position(|c| c == sibling).expect("a child of its parent");
        self.insert(parent, index, new_node);
    }

    fn add_attrs_if_missing(&self, target: &usize, attrs: Vec<Attribute>) {
        if let Data::Element { attrs: existing, .. } = &mut self.nodes.borrow_mut()[*target].data {
            for attr in attrs {
                if !existing.iter().any(|a| a.name == attr.name) {
                    existing.push(attr);
                }
            }
        }
    }

    fn remove_from_parent(&self, target: &usize) {
        self.detach(*target);
    }

    fn reparent_children(&self, node: &usize, new_parent: &usize) {
        let children = std::mem::take(&mut self.nodes.borrow_mut()[*node].children);
        for child in children {
            self.nodes.borrow_mut()[child].parent = None;
            self.append(new_parent, NodeOrText::AppendNode(child));
        }
    }

    fn is_mathml_annotation_xml_integration_point(&self, handle: &usize) -> bool {
        matches!(self.nodes.borrow()[*handle].data, Data::Element { integration_point: true, .. })
    }

    /// The selected option is the first option of the select, replaced by
    /// any later one with a `selected` attribute; its children are cloned
    /// into the select's first `selectedcontent`.
    fn maybe_clone_an_option_into_selectedcontent(&self, option: &usize) {
        let mut select = self.nodes.borrow()[*option].parent;
        while let Some(node) = select {
            if self.is_html(node, "select") {
                break;
            }
            select = self.nodes.borrow()[node].parent;
        }
        let Some(select) = select else { return };
        let descendants = self.descendants(select);
        let Some(&selectedcontent) = descendants.iter().find(|&&n| self.is_html(n, "selectedcontent")) else { return };
        let mut selected = None;
        for &node in &descendants {
            if self.is_html(node, "option") && (selected.is_none() || self.has_attr(node, "selected")) {
                selected = Some(node);
            }
            if node == *option {
                break;
            }
        }
        if selected != Some(*option) {
            return;
        }
        let old = std::mem::take(&mut self.nodes.borrow_mut()[selectedcontent].children);
        for child in old {
            self.nodes.borrow_mut()[child].parent = None;
        }
        let children = self.nodes.borrow()[*option].children.clone();
        for child in children {
            let copy = self.deep_clone(child);
            self.append(&selectedcontent, NodeOrText::AppendNode(copy));
        }
    }
}

/// html5ever's tree of the document `input` (scripting off), in the
/// html5lib tree-construction format.
pub fn html5ever_tree(input: &str) -> String {
    let mut opts = html5ever::ParseOpts::default();
    opts.tree_builder.scripting_enabled = false;
    let sink = html5ever::parse_document(ArenaSink::new(), opts).one(StrTendril::from(input));
    sink.dump()
}

/// html5ever's tree of the fragment `input` parsed in the context of the
/// element `local` in namespace `namespace` (`"html"`, `"svg"`, `"math"`),
/// scripting off: the children of the root `html` element, as in the
/// html5lib tests' `#document-fragment` dumps.
pub fn html5ever_fragment_tree(input: &str, namespace: &str, local: &str) -> String {
    let mut opts = html5ever::ParseOpts::default();
    opts.tree_builder.scripting_enabled = false;
    let ns = match namespace {
        "svg" => ns!(svg),
        "math" => ns!(mathml),
        _ => ns!(html),
    };
    let context = QualName::new(None, ns, LocalName::from(local));
    let sink =
        html5ever::parse_fragment(ArenaSink::new(), opts, context, Vec::new(), false).one(StrTendril::from(input));
    let root = sink.nodes.borrow()[0].children.first().copied();
    match root {
        Some(root) => sink.dump_children(root),
        None => String::new(),
    }
}
