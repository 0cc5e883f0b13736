//! The configuration dictionary (`SanitizerConfig`), its canonical form
//! and its validity rules.
//!
//! Spec: <https://wicg.github.io/sanitizer-api/#config>,
//! <https://wicg.github.io/sanitizer-api/#configuration-canonicalize>,
//! <https://wicg.github.io/sanitizer-api/#sanitizerconfig-valid>

use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt;

use crate::generated::sanitizer_builtins::{
    BuiltinConfiguration, BuiltinName, NON_REPLACEABLE_ELEMENTS, SAFE_DEFAULT_CONFIGURATION,
};

/// The HTML namespace, the default namespace of an element name.
pub const HTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";

/// A name of a configuration list: a local name and a namespace (`None`:
/// the null namespace), as "canonicalize a sanitizer name" leaves it.
///
/// ```
/// use htmlforge::sanitize::SanitizerName;
///
/// assert_eq!(SanitizerName::element("div").namespace.as_deref(), Some("http://www.w3.org/1999/xhtml"));
/// assert_eq!(SanitizerName::attribute("href").namespace, None);
/// // An empty namespace is the null namespace.
/// assert_eq!(SanitizerName::new("href", Some("")), SanitizerName::attribute("href"));
/// ```
///
/// Spec: <https://wicg.github.io/sanitizer-api/#canonicalize-a-sanitizer-name>
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SanitizerName {
    /// The local name (case-sensitive: configurations are never case-folded).
    pub name: String,
    /// The namespace URL; `None` for the null namespace.
    pub namespace: Option<String>,
}

impl SanitizerName {
    /// `name` in `namespace`, canonical: an empty namespace is the null
    /// namespace (step 4 of "canonicalize a sanitizer name").
    pub fn new(name: &str, namespace: Option<&str>) -> SanitizerName {
        SanitizerName { name: name.to_string(), namespace: namespace.filter(|ns| !ns.is_empty()).map(str::to_string) }
    }

    /// An element name given as a string: in the HTML namespace
    /// ("canonicalize a sanitizer element").
    pub fn element(name: &str) -> SanitizerName {
        SanitizerName::new(name, Some(HTML_NAMESPACE))
    }

    /// An attribute name given as a string: in the null namespace
    /// ("canonicalize a sanitizer attribute").
    pub fn attribute(name: &str) -> SanitizerName {
        SanitizerName::new(name, None)
    }

    pub(crate) fn from_builtin(name: &BuiltinName) -> SanitizerName {
        SanitizerName::new(name.name, name.namespace)
    }

    /// Whether this attribute name is a custom data attribute: in the null
    /// namespace, `data-` and at least one more character, XML-compatible,
    /// no ASCII upper alpha.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/dom.html#custom-data-attribute>
    ///
    /// ```
    /// use htmlforge::sanitize::SanitizerName;
    ///
    /// assert!(SanitizerName::attribute("data-id").is_custom_data_attribute());
    /// assert!(!SanitizerName::attribute("data-").is_custom_data_attribute());
    /// assert!(!SanitizerName::attribute("data-ID").is_custom_data_attribute());
    /// ```
    pub fn is_custom_data_attribute(&self) -> bool {
        self.namespace.is_none()
            && self.name.len() > "data-".len()
            && self.name.starts_with("data-")
            && !self.name.bytes().any(|b| b.is_ascii_uppercase())
            && crate::xml_name::is_name(&self.name)
    }

    /// "less than item": the null namespace first, then namespaces and
    /// then names in code unit order.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#sanitizerconfig-less-than-item>
    pub fn cmp_item(&self, other: &SanitizerName) -> Ordering {
        let namespaces = match (&self.namespace, &other.namespace) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            (Some(a), Some(b)) => code_unit_cmp(a, b),
        };
        namespaces.then_with(|| code_unit_cmp(&self.name, &other.name))
    }
}

impl fmt::Display for SanitizerName {
    /// `{namespace}name`, `name` in the null namespace.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.namespace {
            Some(ns) => write!(f, "{{{ns}}}{}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// Infra's "code unit less than": UTF-16 code unit order, which differs
/// from UTF-8 byte order past U+FFFF.
pub(crate) fn code_unit_cmp(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

/// An entry of `elements`: an element name with its own attribute lists
/// (`SanitizerElementNamespaceWithAttributes`).
///
/// ```
/// use htmlforge::sanitize::{SanitizerElementWithAttributes, SanitizerName};
///
/// let td = SanitizerElementWithAttributes::new(SanitizerName::element("td"))
///     .with_attributes(["colspan", "rowspan"]);
/// assert_eq!(td.attributes.unwrap().len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SanitizerElementWithAttributes {
    /// The element's name.
    pub name: SanitizerName,
    /// The attributes this element keeps besides the global ones.
    pub attributes: Option<Vec<SanitizerName>>,
    /// The attributes this element loses.
    pub remove_attributes: Option<Vec<SanitizerName>>,
}

impl SanitizerElementWithAttributes {
    /// `name` with no attribute list of its own.
    pub fn new(name: SanitizerName) -> SanitizerElementWithAttributes {
        SanitizerElementWithAttributes { name, attributes: None, remove_attributes: None }
    }

    /// With an `attributes` list of null-namespace names.
    pub fn with_attributes<'a>(mut self, names: impl IntoIterator<Item = &'a str>) -> Self {
        self.attributes = Some(names.into_iter().map(SanitizerName::attribute).collect());
        self
    }

    /// With a `removeAttributes` list of null-namespace names.
    pub fn with_remove_attributes<'a>(mut self, names: impl IntoIterator<Item = &'a str>) -> Self {
        self.remove_attributes = Some(names.into_iter().map(SanitizerName::attribute).collect());
        self
    }
}

impl From<&str> for SanitizerElementWithAttributes {
    /// An element name in the HTML namespace, no attribute lists.
    fn from(name: &str) -> Self {
        SanitizerElementWithAttributes::new(SanitizerName::element(name))
    }
}

impl From<SanitizerName> for SanitizerElementWithAttributes {
    fn from(name: SanitizerName) -> Self {
        SanitizerElementWithAttributes::new(name)
    }
}

/// The configuration dictionary, `SanitizerConfig`: every member present
/// or absent, as in the spec (an absent list is not an empty one).
///
/// A dictionary becomes a [`Sanitizer`](super::Sanitizer)'s configuration
/// through "set a configuration": canonicalized, then checked valid.
///
/// ```
/// use htmlforge::sanitize::{Sanitizer, SanitizerConfig, SanitizerName};
///
/// let config = SanitizerConfig {
///     elements: Some(vec!["p".into(), "b".into()]),
///     attributes: Some(vec![SanitizerName::attribute("title")]),
///     ..SanitizerConfig::default()
/// };
/// let sanitizer = Sanitizer::new(config)?;
/// assert_eq!(sanitizer.get().elements.unwrap().len(), 2);
/// # Ok::<(), htmlforge::sanitize::ConfigError>(())
/// ```
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dictdef-sanitizerconfig>
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SanitizerConfig {
    /// `elements`: the element allow-list.
    pub elements: Option<Vec<SanitizerElementWithAttributes>>,
    /// `removeElements`: the element remove-list.
    pub remove_elements: Option<Vec<SanitizerName>>,
    /// `replaceWithChildrenElements`.
    pub replace_with_children_elements: Option<Vec<SanitizerName>>,
    /// `processingInstructions`: the allowed targets.
    pub processing_instructions: Option<Vec<String>>,
    /// `removeProcessingInstructions`: the removed targets.
    pub remove_processing_instructions: Option<Vec<String>>,
    /// `attributes`: the global attribute allow-list.
    pub attributes: Option<Vec<SanitizerName>>,
    /// `removeAttributes`: the global attribute remove-list.
    pub remove_attributes: Option<Vec<SanitizerName>>,
    /// `comments`: whether comments stay.
    pub comments: Option<bool>,
    /// `dataAttributes`: whether custom data attributes stay (with an
    /// `attributes` allow-list only).
    pub data_attributes: Option<bool>,
}

impl SanitizerConfig {
    /// The built-in safe default configuration (the `"default"` preset), as
    /// the spec's JSON writes it.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#built-in-safe-default-configuration>
    ///
    /// ```
    /// use htmlforge::sanitize::{SanitizerConfig, SanitizerName};
    ///
    /// let config = SanitizerConfig::safe_default();
    /// let elements = config.elements.unwrap();
    /// assert!(elements.iter().any(|e| e.name == SanitizerName::element("p")));
    /// assert!(!elements.iter().any(|e| e.name == SanitizerName::element("script")));
    /// ```
    pub fn safe_default() -> SanitizerConfig {
        SanitizerConfig::from_builtin(&SAFE_DEFAULT_CONFIGURATION)
    }

    pub(crate) fn from_builtin(builtin: &BuiltinConfiguration) -> SanitizerConfig {
        let names = |list: Option<&[BuiltinName]>| list.map(|l| l.iter().map(SanitizerName::from_builtin).collect());
        let targets = |list: Option<&[&str]>| list.map(|l| l.iter().map(|t| t.to_string()).collect());
        SanitizerConfig {
            elements: builtin.elements.map(|elements| {
                elements
                    .iter()
                    .map(|e| SanitizerElementWithAttributes {
                        name: SanitizerName::from_builtin(&e.name),
                        attributes: names(e.attributes),
                        remove_attributes: names(e.remove_attributes),
                    })
                    .collect()
            }),
            remove_elements: names(builtin.remove_elements),
            replace_with_children_elements: names(builtin.replace_with_children_elements),
            processing_instructions: targets(builtin.processing_instructions),
            remove_processing_instructions: targets(builtin.remove_processing_instructions),
            attributes: names(builtin.attributes),
            remove_attributes: names(builtin.remove_attributes),
            comments: builtin.comments,
            data_attributes: builtin.data_attributes,
        }
    }

    /// "canonicalize the configuration" with
    /// `allowCommentsPIsAndDataAttributes`: absent lists become empty
    /// remove-lists (the processing instructions an empty allow-list when
    /// `allow` is false), names canonical, an element without attribute
    /// lists gets an empty `removeAttributes`, `comments` and
    /// `dataAttributes` (with `attributes`) default to `allow`.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#sanitizer-canonicalize-the-configuration>
    pub fn canonicalize(&mut self, allow_comments_pis_and_data_attributes: bool) {
        let allow = allow_comments_pis_and_data_attributes;
        if self.elements.is_none() && self.remove_elements.is_none() {
            self.remove_elements = Some(Vec::new());
        }
        if self.processing_instructions.is_none() && self.remove_processing_instructions.is_none() {
            if allow {
                self.remove_processing_instructions = Some(Vec::new());
            } else {
                self.processing_instructions = Some(Vec::new());
            }
        }
        if self.attributes.is_none() && self.remove_attributes.is_none() {
            self.remove_attributes = Some(Vec::new());
        }
        for element in self.elements.iter_mut().flatten() {
            canonicalize_element_with_attributes(element);
        }
        for list in [
            &mut self.remove_elements,
            &mut self.replace_with_children_elements,
            &mut self.attributes,
            &mut self.remove_attributes,
        ] {
            list.iter_mut().flatten().for_each(canonicalize_name);
        }
        if self.comments.is_none() {
            self.comments = Some(allow);
        }
        if self.attributes.is_some() && self.data_attributes.is_none() {
            self.data_attributes = Some(allow);
        }
    }

    /// Whether a canonical configuration is valid: `Ok`, or the first rule
    /// it breaks (the spec's "return false").
    ///
    /// ```
    /// use htmlforge::sanitize::{ConfigError, SanitizerConfig};
    ///
    /// let mut config = SanitizerConfig { elements: Some(vec![]), remove_elements: Some(vec![]), ..Default::default() };
    /// config.canonicalize(true);
    /// assert_eq!(config.validate(), Err(ConfigError::BothLists("elements", "removeElements")));
    /// ```
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#sanitizerconfig-valid>
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.elements.is_some() && self.remove_elements.is_some() {
            return Err(ConfigError::BothLists("elements", "removeElements"));
        }
        if self.processing_instructions.is_some() && self.remove_processing_instructions.is_some() {
            return Err(ConfigError::BothLists("processingInstructions", "removeProcessingInstructions"));
        }
        if self.attributes.is_some() && self.remove_attributes.is_some() {
            return Err(ConfigError::BothLists("attributes", "removeAttributes"));
        }
        if let Some(elements) = &self.elements {
            no_duplicates("elements", elements.iter().map(|e| &e.name))?;
        } else if let Some(remove) = &self.remove_elements {
            no_duplicates("removeElements", remove.iter())?;
        }
        if let Some(replace) = &self.replace_with_children_elements {
            no_duplicates("replaceWithChildrenElements", replace.iter())?;
        }
        if let Some(targets) = &self.processing_instructions {
            no_duplicate_targets("processingInstructions", targets)?;
        } else if let Some(targets) = &self.remove_processing_instructions {
            no_duplicate_targets("removeProcessingInstructions", targets)?;
        }
        if let Some(attributes) = &self.attributes {
            no_duplicates("attributes", attributes.iter())?;
        } else if let Some(remove) = &self.remove_attributes {
            no_duplicates("removeAttributes", remove.iter())?;
        }
        if let Some(replace) = &self.replace_with_children_elements {
            if let Some(element) = replace.iter().find(|e| is_non_replaceable(e)) {
                return Err(ConfigError::NonReplaceable(element.to_string()));
            }
            let (list, others): (&str, HashSet<&SanitizerName>) = match (&self.elements, &self.remove_elements) {
                (Some(elements), _) => ("elements", elements.iter().map(|e| &e.name).collect()),
                (None, remove) => ("removeElements", remove.iter().flatten().collect()),
            };
            if let Some(element) = replace.iter().find(|e| others.contains(e)) {
                return Err(ConfigError::Overlap {
                    list,
                    other: "replaceWithChildrenElements",
                    name: element.to_string(),
                });
            }
        }
        if let Some(attributes) = &self.attributes {
            let global: HashSet<&SanitizerName> = attributes.iter().collect();
            let data_attributes = self.data_attributes == Some(true);
            for element in self.elements.iter().flatten() {
                let local = element.attributes.as_deref().unwrap_or_default();
                let remove = element.remove_attributes.as_deref().unwrap_or_default();
                no_duplicates("attributes of an element", local.iter())?;
                no_duplicates("removeAttributes of an element", remove.iter())?;
                if let Some(attribute) = local.iter().find(|a| global.contains(a)) {
                    return Err(ConfigError::ElementOverlap {
                        element: element.name.to_string(),
                        list: "attributes",
                        global: "attributes",
                        attribute: attribute.to_string(),
                    });
                }
                if let Some(attribute) = remove.iter().find(|a| !global.contains(a)) {
                    return Err(ConfigError::NotInGlobalAttributes {
                        element: element.name.to_string(),
                        attribute: attribute.to_string(),
                    });
                }
                if let Some(attribute) = local.iter().find(|a| data_attributes && a.is_custom_data_attribute()) {
                    return Err(ConfigError::DataAttributeListed {
                        element: Some(element.name.to_string()),
                        attribute: attribute.to_string(),
                    });
                }
            }
            if let Some(attribute) = attributes.iter().find(|a| data_attributes && a.is_custom_data_attribute()) {
                return Err(ConfigError::DataAttributeListed { element: None, attribute: attribute.to_string() });
            }
        } else {
            let global: HashSet<&SanitizerName> = self.remove_attributes.iter().flatten().collect();
            for element in self.elements.iter().flatten() {
                if element.attributes.is_some() && element.remove_attributes.is_some() {
                    return Err(ConfigError::ElementBothLists(element.name.to_string()));
                }
                let lists = [("attributes", &element.attributes), ("removeAttributes", &element.remove_attributes)];
                for (list, names) in lists {
                    let names = names.as_deref().unwrap_or_default();
                    no_duplicates(list, names.iter())?;
                    if let Some(attribute) = names.iter().find(|a| global.contains(a)) {
                        return Err(ConfigError::ElementOverlap {
                            element: element.name.to_string(),
                            list,
                            global: "removeAttributes",
                            attribute: attribute.to_string(),
                        });
                    }
                }
            }
            if self.data_attributes.is_some() {
                return Err(ConfigError::DataAttributesWithoutAttributes);
            }
        }
        Ok(())
    }

    /// The configuration as [`Sanitizer::get`](super::Sanitizer::get)
    /// returns it: every list sorted by "less than item" (targets in code
    /// unit order).
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-get>
    pub(crate) fn sorted(mut self) -> SanitizerConfig {
        let sort = |list: &mut Vec<SanitizerName>| list.sort_by(SanitizerName::cmp_item);
        if let Some(elements) = &mut self.elements {
            for element in elements.iter_mut() {
                element.attributes.iter_mut().for_each(sort);
                element.remove_attributes.iter_mut().for_each(sort);
            }
            elements.sort_by(|a, b| a.name.cmp_item(&b.name));
        } else {
            self.remove_elements.iter_mut().for_each(sort);
        }
        self.replace_with_children_elements.iter_mut().for_each(sort);
        let sort_targets = |list: &mut Vec<String>| list.sort_by(|a, b| code_unit_cmp(a, b));
        if let Some(targets) = &mut self.processing_instructions {
            sort_targets(targets);
        } else {
            self.remove_processing_instructions.iter_mut().for_each(sort_targets);
        }
        if let Some(attributes) = &mut self.attributes {
            sort(attributes);
        } else {
            self.remove_attributes.iter_mut().for_each(sort);
        }
        self
    }
}

fn canonicalize_name(name: &mut SanitizerName) {
    if name.namespace.as_deref() == Some("") {
        name.namespace = None;
    }
}

/// "canonicalize a sanitizer element with attributes".
///
/// Spec: <https://wicg.github.io/sanitizer-api/#canonicalize-a-sanitizer-element-with-attributes>
pub(crate) fn canonicalize_element_with_attributes(element: &mut SanitizerElementWithAttributes) {
    canonicalize_name(&mut element.name);
    element.attributes.iter_mut().flatten().for_each(canonicalize_name);
    element.remove_attributes.iter_mut().flatten().for_each(canonicalize_name);
    if element.attributes.is_none() && element.remove_attributes.is_none() {
        element.remove_attributes = Some(Vec::new());
    }
}

/// Whether `name` is on the built-in non-replaceable elements list.
pub(crate) fn is_non_replaceable(name: &SanitizerName) -> bool {
    NON_REPLACEABLE_ELEMENTS
        .iter()
        .any(|builtin| builtin.name == name.name && builtin.namespace == name.namespace.as_deref())
}

/// "has duplicates", in one pass.
fn no_duplicates<'a>(list: &'static str, names: impl Iterator<Item = &'a SanitizerName>) -> Result<(), ConfigError> {
    let mut seen = HashSet::new();
    for name in names {
        if !seen.insert(name) {
            return Err(ConfigError::Duplicate { list, entry: name.to_string() });
        }
    }
    Ok(())
}

/// "has duplicate targets", in one pass.
fn no_duplicate_targets(list: &'static str, targets: &[String]) -> Result<(), ConfigError> {
    let mut seen = HashSet::new();
    for target in targets {
        if !seen.insert(target.as_str()) {
            return Err(ConfigError::Duplicate { list, entry: target.clone() });
        }
    }
    Ok(())
}

/// Why a configuration is refused: the validity rule it breaks (where the
/// spec's API throws a `TypeError`), or, reading JSON, a value of the wrong
/// shape.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitizerconfig-valid>
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigError {
    /// An allow-list and the remove-list of the same kind together.
    BothLists(&'static str, &'static str),
    /// The same name or target twice in one list.
    Duplicate {
        /// The list.
        list: &'static str,
        /// The repeated entry (`{namespace}name` or a target).
        entry: String,
    },
    /// An element of the built-in non-replaceable elements list in
    /// `replaceWithChildrenElements`.
    NonReplaceable(String),
    /// The same element in `replaceWithChildrenElements` and in `elements`
    /// or `removeElements`.
    Overlap {
        /// `elements` or `removeElements`.
        list: &'static str,
        /// `replaceWithChildrenElements`.
        other: &'static str,
        /// The element.
        name: String,
    },
    /// An element's attribute list repeats an entry of the global list
    /// (`attributes` with `attributes`, or either list with
    /// `removeAttributes`).
    ElementOverlap {
        /// The element.
        element: String,
        /// Its list.
        list: &'static str,
        /// The global list.
        global: &'static str,
        /// The attribute.
        attribute: String,
    },
    /// An element's `removeAttributes` names an attribute the global
    /// `attributes` does not allow.
    NotInGlobalAttributes {
        /// The element.
        element: String,
        /// The attribute.
        attribute: String,
    },
    /// A custom data attribute in an allow-list while `dataAttributes` is
    /// true.
    DataAttributeListed {
        /// The element whose `attributes` lists it, `None` for the global list.
        element: Option<String>,
        /// The attribute.
        attribute: String,
    },
    /// An element with both `attributes` and `removeAttributes` next to a
    /// global `removeAttributes`.
    ElementBothLists(String),
    /// `dataAttributes` without an `attributes` allow-list.
    DataAttributesWithoutAttributes,
    /// JSON that is not a `SanitizerConfig` (what WebIDL's conversion
    /// refuses with a `TypeError`).
    Json(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::BothLists(a, b) => write!(f, "a configuration has {a} or {b}, not both"),
            ConfigError::Duplicate { list, entry } => write!(f, "{entry} is twice in {list}"),
            ConfigError::NonReplaceable(name) => {
                write!(f, "{name} cannot be replaced with its children (built-in non-replaceable elements list)")
            }
            ConfigError::Overlap { list, other, name } => write!(f, "{name} is in both {list} and {other}"),
            ConfigError::ElementOverlap { element, list, global, attribute } => {
                write!(f, "{attribute} is in the {list} of {element} and in the global {global}")
            }
            ConfigError::NotInGlobalAttributes { element, attribute } => {
                write!(f, "{attribute} is in the removeAttributes of {element} but not in the global attributes")
            }
            ConfigError::DataAttributeListed { element: Some(element), attribute } => {
                write!(f, "{attribute} is in the attributes of {element} while dataAttributes is true")
            }
            ConfigError::DataAttributeListed { element: None, attribute } => {
                write!(f, "{attribute} is in attributes while dataAttributes is true")
            }
            ConfigError::ElementBothLists(element) => {
                write!(f, "{element} has both attributes and removeAttributes next to a global removeAttributes")
            }
            ConfigError::DataAttributesWithoutAttributes => {
                f.write_str("dataAttributes is allowed only with an attributes list")
            }
            ConfigError::Json(message) => write!(f, "not a SanitizerConfig: {message}"),
        }
    }
}

impl std::error::Error for ConfigError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(mut config: SanitizerConfig) -> SanitizerConfig {
        config.canonicalize(true);
        config
    }

    #[test]
    fn an_empty_dictionary_is_empty_remove_lists() {
        let config = canonical(SanitizerConfig::default());
        assert_eq!(config.remove_elements, Some(vec![]));
        assert_eq!(config.remove_attributes, Some(vec![]));
        assert_eq!(config.remove_processing_instructions, Some(vec![]));
        assert_eq!(config.comments, Some(true));
        assert_eq!(config.data_attributes, None);
        assert_eq!(config.validate(), Ok(()));
        let mut safe = SanitizerConfig::default();
        safe.canonicalize(false);
        assert_eq!((safe.processing_instructions, safe.comments), (Some(vec![]), Some(false)));
    }

    #[test]
    fn the_safe_default_is_valid() {
        let mut config = SanitizerConfig::safe_default();
        config.canonicalize(false);
        assert_eq!(config.validate(), Ok(()));
        assert_eq!(config.elements.as_ref().unwrap().len(), 121);
    }

    #[test]
    fn validity_rules() {
        let html = SanitizerName::element;
        let attr = SanitizerName::attribute;
        let cases = [
            (
                SanitizerConfig { replace_with_children_elements: Some(vec![html("html")]), ..Default::default() },
                ConfigError::NonReplaceable(html("html").to_string()),
            ),
            (
                SanitizerConfig {
                    elements: Some(vec![html("b").into()]),
                    replace_with_children_elements: Some(vec![html("b")]),
                    ..Default::default()
                },
                ConfigError::Overlap {
                    list: "elements",
                    other: "replaceWithChildrenElements",
                    name: html("b").to_string(),
                },
            ),
            (
                SanitizerConfig {
                    attributes: Some(vec![attr("class")]),
                    elements: Some(vec![SanitizerElementWithAttributes::from("div").with_remove_attributes(["title"])]),
                    ..Default::default()
                },
                ConfigError::NotInGlobalAttributes { element: html("div").to_string(), attribute: "title".into() },
            ),
            (
                SanitizerConfig {
                    attributes: Some(vec![attr("data-x")]),
                    data_attributes: Some(true),
                    ..Default::default()
                },
                ConfigError::DataAttributeListed { element: None, attribute: "data-x".into() },
            ),
            (
                SanitizerConfig { remove_attributes: Some(vec![]), data_attributes: Some(false), ..Default::default() },
                ConfigError::DataAttributesWithoutAttributes,
            ),
            (
                SanitizerConfig {
                    attributes: Some(vec![attr("a"), SanitizerName::new("a", Some(""))]),
                    ..Default::default()
                },
                ConfigError::Duplicate { list: "attributes", entry: "a".into() },
            ),
        ];
        for (config, error) in cases {
            assert_eq!(canonical(config).validate(), Err(error));
        }
    }

    #[test]
    fn items_sort_null_namespace_first_in_code_units() {
        let mut names = [
            SanitizerName::new("b", Some("z")),
            SanitizerName::attribute("z"),
            SanitizerName::new("a", Some("z")),
            SanitizerName::attribute("\u{FFFD}"),
            SanitizerName::attribute("\u{1F600}"),
        ];
        names.sort_by(SanitizerName::cmp_item);
        let sorted: Vec<String> = names.iter().map(ToString::to_string).collect();
        assert_eq!(sorted, ["z", "\u{1F600}", "\u{FFFD}", "{z}a", "{z}b"]);
    }
}
