//! What the `sanitize` target checks: the HTML Sanitizer API's security
//! properties on any markup and any configuration the knobs draw.
//!
//! - Safe: after the safe variant no `script` element (HTML or SVG), no
//!   event handler attribute (HTML's and SVG's lists) and no `javascript:`
//!   URL in a navigating attribute is left, in the tree, its template
//!   contents and shadow roots, and none after the output is serialized
//!   and parsed again in the same context (no mutation XSS through this
//!   parser and serializer).
//! - Stable: that reparse gives the same tree back (adjacent text merged),
//!   and sanitizing it again changes nothing (idempotence), unless the
//!   configuration replaces elements with their children (which index.bs
//!   says can reparse differently: "These restrictions are not enough to
//!   prevent all kinds of reparsing attacks"), the tree holds a
//!   construct that does not round-trip through any serializer
//!   (`roundtrip_exceptions`), or the context is foreign or a scripted
//!   `noscript` (see the target).

use htmlforge::dom::Document;
use htmlforge::generated::names::Namespace;
use htmlforge::sanitize::{
    set_and_filter_html, SanitizeOptions, SanitizerConfig, SanitizerElementWithAttributes, SanitizerName,
    SanitizerOption,
};
use htmlforge::FragmentContext;
pub use htmlforge_conformance::sanitizer_properties::{
    dump, has_unattached_declarative_template, has_unserializable_shadow_root, unsafe_markup,
};

/// Names the configurations are drawn from: the dangerous ones, the
/// structural ones, and a few plain ones.
const ELEMENTS: [(&str, Namespace); 24] = [
    ("script", Namespace::Html),
    ("script", Namespace::Svg),
    ("iframe", Namespace::Html),
    ("a", Namespace::Html),
    ("a", Namespace::Svg),
    ("form", Namespace::Html),
    ("button", Namespace::Html),
    ("input", Namespace::Html),
    ("svg", Namespace::Svg),
    ("math", Namespace::MathMl),
    ("mi", Namespace::MathMl),
    ("set", Namespace::Svg),
    ("animate", Namespace::Svg),
    ("template", Namespace::Html),
    ("div", Namespace::Html),
    ("p", Namespace::Html),
    ("b", Namespace::Html),
    ("table", Namespace::Html),
    ("tr", Namespace::Html),
    ("td", Namespace::Html),
    ("noscript", Namespace::Html),
    ("style", Namespace::Html),
    ("foreignObject", Namespace::Svg),
    ("select", Namespace::Html),
];
const ATTRIBUTES: [(&str, Option<Namespace>); 12] = [
    ("onclick", None),
    ("onerror", None),
    ("onend", None),
    ("href", None),
    ("href", Some(Namespace::XLink)),
    ("action", None),
    ("formaction", None),
    ("attributeName", None),
    ("title", None),
    ("data-x", None),
    ("style", None),
    ("id", None),
];
const CONTEXTS: [&str; 8] = ["div", "td", "svg path", "math mi", "template", "select", "table", "noscript"];

/// The configuration knob `byte` and the next ones draw.
pub fn config(knobs: &[u8]) -> Option<SanitizerOption> {
    let kind = knobs.first().copied().unwrap_or(0);
    let picks = knobs.get(1..).unwrap_or_default();
    let element = |b: u8| {
        let (name, ns) = ELEMENTS[usize::from(b) % ELEMENTS.len()];
        SanitizerName::new(name, Some(ns.url()))
    };
    let attribute = |b: u8| {
        let (name, ns) = ATTRIBUTES[usize::from(b) % ATTRIBUTES.len()];
        SanitizerName::new(name, ns.map(Namespace::url))
    };
    let elements: Vec<SanitizerName> = picks.iter().take(6).map(|&b| element(b)).collect();
    let attributes: Vec<SanitizerName> = picks.iter().skip(6).take(4).map(|&b| attribute(b)).collect();
    let dedupe = |mut names: Vec<SanitizerName>| {
        let mut seen = std::collections::HashSet::new();
        names.retain(|n| seen.insert(n.clone()));
        names
    };
    let mut config = SanitizerConfig::default();
    match kind % 6 {
        0 => return None,
        1 => return Some(SanitizerOption::Default),
        2 => {
            config.elements = Some(dedupe(elements).into_iter().map(SanitizerElementWithAttributes::new).collect());
            config.attributes = Some(dedupe(attributes));
        }
        3 => {
            config.remove_elements = Some(dedupe(elements));
            config.remove_attributes = Some(dedupe(attributes));
        }
        4 => {
            let mut elements = dedupe(elements);
            let replace = elements.split_off(elements.len() / 2);
            config.elements = Some(elements.into_iter().map(SanitizerElementWithAttributes::new).collect());
            config.replace_with_children_elements = Some(replace);
            config.attributes = Some(dedupe(attributes));
        }
        _ => {
            config.replace_with_children_elements = Some(dedupe(elements));
        }
    }
    config.comments = Some(kind & 8 != 0);
    config.data_attributes = config.attributes.as_ref().map(|_| kind & 16 != 0);
    Some(SanitizerOption::Config(config))
}

pub fn context(knob: u8) -> FragmentContext {
    FragmentContext::from_test_notation(CONTEXTS[usize::from(knob) % CONTEXTS.len()])
}

/// Whether `option` may move nodes on a reparse (see the module's doc).
pub fn replaces_with_children(option: Option<&SanitizerOption>) -> bool {
    matches!(option, Some(SanitizerOption::Config(config)) if config.replace_with_children_elements.as_ref().is_some_and(|l| !l.is_empty()))
        || matches!(option, Some(SanitizerOption::Sanitizer(_)))
}

/// Sanitizes `html` in `context` (safe) and returns the document.
pub fn run(
    html: &str,
    context: &FragmentContext,
    option: Option<&SanitizerOption>,
    scripting: bool,
) -> Option<Document> {
    let options = SanitizeOptions { sanitizer: option.cloned(), scripting };
    set_and_filter_html(html, context, &options, true).ok()
}
