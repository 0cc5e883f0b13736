//! "sanitize core" over the htmlforge DOM, with a configuration made into
//! hashed lookups first: a node costs a lookup of its name and one per
//! attribute, whatever the lists' lengths.
//!
//! Spec: <https://wicg.github.io/sanitizer-api/#sanitize-core>

use std::collections::{HashMap, HashSet};

use foldhash::fast::RandomState;

use super::config::{SanitizerConfig, SanitizerName};
use crate::dom::{Document, NodeData, NodeId};
use crate::generated::names::Namespace;
use crate::generated::sanitizer_builtins::{BuiltinName, ANIMATING_URL_ATTRIBUTES, NAVIGATING_URL_ATTRIBUTES};

type Map<K, V> = HashMap<K, V, RandomState>;
type Set<K> = HashSet<K, RandomState>;

/// A set (or map) of names keyed by namespace, then local name, so that a
/// lookup borrows the node's strings.
#[derive(Debug, Clone)]
pub(crate) struct NameMap<V> {
    null: Map<String, V>,
    namespaced: Map<String, Map<String, V>>,
}

impl<V> Default for NameMap<V> {
    fn default() -> Self {
        NameMap { null: Map::default(), namespaced: Map::default() }
    }
}

impl<V> NameMap<V> {
    fn insert(&mut self, name: &SanitizerName, value: V) {
        match &name.namespace {
            None => self.null.insert(name.name.clone(), value),
            Some(ns) => self.namespaced.entry(ns.clone()).or_default().insert(name.name.clone(), value),
        };
    }

    fn get(&self, namespace: Option<&str>, name: &str) -> Option<&V> {
        match namespace {
            None => self.null.get(name),
            Some(ns) => self.namespaced.get(ns)?.get(name),
        }
    }

    fn contains(&self, namespace: Option<&str>, name: &str) -> bool {
        self.get(namespace, name).is_some()
    }
}

fn name_set<'a>(names: impl IntoIterator<Item = &'a SanitizerName>) -> NameMap<()> {
    let mut set = NameMap::default();
    for name in names {
        set.insert(name, ());
    }
    set
}

/// An element's own attribute lists.
#[derive(Debug, Clone, Default)]
struct LocalAttributes {
    attributes: Option<NameMap<()>>,
    remove_attributes: Option<NameMap<()>>,
}

/// A valid configuration as lookups.
#[derive(Debug, Clone)]
pub(crate) struct Compiled {
    /// `elements`, with each element's lists; `None`: `removeElements` is used.
    elements: Option<NameMap<LocalAttributes>>,
    remove_elements: NameMap<()>,
    replace_with_children: NameMap<()>,
    /// `processingInstructions`; `None`: `removeProcessingInstructions` is used.
    processing_instructions: Option<Set<String>>,
    remove_processing_instructions: Set<String>,
    /// `attributes`; `None`: `removeAttributes` is used.
    attributes: Option<NameMap<()>>,
    remove_attributes: NameMap<()>,
    comments: bool,
    data_attributes: bool,
    handle_javascript_navigation_urls: bool,
}

impl Compiled {
    /// `configuration` (canonical and valid) as lookups; `safe` is
    /// handleJavascriptNavigationUrls.
    pub(crate) fn new(configuration: &SanitizerConfig, safe: bool) -> Compiled {
        let elements = configuration.elements.as_ref().map(|elements| {
            let mut map = NameMap::default();
            for element in elements {
                let local = LocalAttributes {
                    attributes: element.attributes.as_ref().map(name_set),
                    remove_attributes: element.remove_attributes.as_ref().map(name_set),
                };
                map.insert(&element.name, local);
            }
            map
        });
        let targets = |list: &Option<Vec<String>>| -> Set<String> { list.iter().flatten().cloned().collect() };
        Compiled {
            elements,
            remove_elements: name_set(configuration.remove_elements.iter().flatten()),
            replace_with_children: name_set(configuration.replace_with_children_elements.iter().flatten()),
            processing_instructions: configuration
                .processing_instructions
                .as_ref()
                .map(|_| targets(&configuration.processing_instructions)),
            remove_processing_instructions: targets(&configuration.remove_processing_instructions),
            attributes: configuration.attributes.as_ref().map(name_set),
            remove_attributes: name_set(configuration.remove_attributes.iter().flatten()),
            comments: configuration.comments == Some(true),
            data_attributes: configuration.data_attributes == Some(true),
            handle_javascript_navigation_urls: safe,
        }
    }

    fn keeps_processing_instruction(&self, target: &str) -> bool {
        match &self.processing_instructions {
            Some(allowed) => allowed.contains(target),
            None => !self.remove_processing_instructions.contains(target),
        }
    }

    /// The attribute steps of "sanitize core" for one attribute of the
    /// element `element` (namespace, local name) that `local` describes.
    fn keeps_attribute(
        &self,
        element: (Option<&str>, &str),
        local: Option<&LocalAttributes>,
        attribute: (Option<&str>, &str),
        value: &str,
    ) -> bool {
        let (namespace, name) = attribute;
        let local_remove = local.and_then(|l| l.remove_attributes.as_ref());
        let local_allow = local.and_then(|l| l.attributes.as_ref());
        if local_remove.is_some_and(|list| list.contains(namespace, name)) {
            return false;
        }
        if let Some(global) = &self.attributes {
            let data_attribute = name.starts_with("data-") && namespace.is_none();
            let allowed = global.contains(namespace, name)
                || local_allow.is_some_and(|list| list.contains(namespace, name))
                || (data_attribute && self.data_attributes);
            if !allowed {
                return false;
            }
        } else {
            let removed = match local_allow {
                Some(list) => !list.contains(namespace, name),
                None => self.remove_attributes.contains(namespace, name),
            };
            if removed {
                return false;
            }
        }
        if self.handle_javascript_navigation_urls {
            if on_list(NAVIGATING_URL_ATTRIBUTES, element, attribute) && super::url::contains_javascript_url(value) {
                return false;
            }
            let mathml = element.0 == Some(Namespace::MathMl.url());
            if mathml
                && name == "href"
                && (namespace.is_none() || namespace == Some(Namespace::XLink.url()))
                && super::url::contains_javascript_url(value)
            {
                return false;
            }
            if on_list(ANIMATING_URL_ATTRIBUTES, element, attribute) && (value == "href" || value == "xlink:href") {
                return false;
            }
        }
        true
    }
}

/// Whether (element, attribute) is on one of the builtin URL attribute
/// lists (a handful of entries).
fn on_list(
    list: &[(BuiltinName, BuiltinName)],
    element: (Option<&str>, &str),
    attribute: (Option<&str>, &str),
) -> bool {
    list.iter().any(|(e, a)| (e.namespace, e.name) == element && (a.namespace, a.name) == attribute)
}

/// What "sanitize core" does with one child.
enum Step {
    Keep,
    Remove,
    ReplaceWithChildren,
    /// An element kept: its children, template contents and shadow root
    /// are sanitized in their turn, its attributes now.
    Descend,
}

/// "sanitize core" on `node`'s children and, through them, the whole
/// subtree, template contents and shadow roots included. No recursion: a
/// stack of the parents whose children are still to go through, each node
/// visited once (children moved up by "replace with children" are visited
/// where they land).
pub(crate) fn sanitize_core(document: &mut Document, node: NodeId, configuration: &Compiled) {
    let mut parents = vec![node];
    // The local name of the element whose attributes are filtered (the
    // filter borrows the document mutably): one buffer for all of them.
    let mut name = String::new();
    while let Some(parent) = parents.pop() {
        let mut next = document.first_child(parent);
        while let Some(child) = next {
            next = document.next_sibling(child);
            match step(document, child, configuration) {
                Step::Keep => {}
                Step::Remove => document.remove(child),
                Step::ReplaceWithChildren => {
                    if let Some(first) = document.replace_with_children(child) {
                        next = Some(first);
                    }
                }
                Step::Descend => {
                    let element = document.element(child).expect("an element descends");
                    let template = element.template_contents();
                    let shadow_root = document.shadow_root(child);
                    sanitize_attributes(document, child, configuration, &mut name);
                    parents.push(child);
                    parents.extend(template);
                    parents.extend(shadow_root);
                }
            }
        }
    }
}

fn step(document: &Document, child: NodeId, configuration: &Compiled) -> Step {
    match document.data(child) {
        NodeData::Doctype(_) | NodeData::Text(_) => Step::Keep,
        NodeData::Comment(_) if configuration.comments => Step::Keep,
        NodeData::Comment(_) => Step::Remove,
        NodeData::ProcessingInstruction { target, .. } => {
            if configuration.keeps_processing_instruction(target) {
                Step::Keep
            } else {
                Step::Remove
            }
        }
        NodeData::Element(element) => {
            let (namespace, name) = (Some(element.ns().url()), element.local_name());
            if configuration.replace_with_children.contains(namespace, name) {
                return Step::ReplaceWithChildren;
            }
            let allowed = match &configuration.elements {
                Some(elements) => elements.contains(namespace, name),
                None => !configuration.remove_elements.contains(namespace, name),
            };
            if allowed {
                Step::Descend
            } else {
                Step::Remove
            }
        }
        // The parser puts none of these under a parent.
        NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot { .. } => Step::Keep,
    }
}

fn sanitize_attributes(document: &mut Document, element: NodeId, configuration: &Compiled, name: &mut String) {
    let namespace = {
        let element = document.element(element).expect("an element");
        name.clear();
        name.push_str(element.local_name());
        element.ns()
    };
    let element_name = (Some(namespace.url()), name.as_str());
    let local = configuration.elements.as_ref().and_then(|elements| elements.get(element_name.0, element_name.1));
    document.retain_attributes(element, |attribute| {
        let attribute_name = (attribute.ns.map(Namespace::url), attribute.name);
        configuration.keeps_attribute(element_name, local, attribute_name, attribute.value)
    });
}
