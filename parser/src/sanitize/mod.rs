//! The HTML Sanitizer API: HTML parsed as a browser's `setHTML` and
//! `Document.parseHTML` parse it, then filtered by a configuration, with
//! the spec's built-in safe default and its guarantee that the safe
//! variants leave no markup that runs script (no `script` element, no
//! event handler attribute, no navigating `javascript:` URL), whatever the
//! configuration.
//!
//! ```
//! use htmlforge::sanitize::{sanitize_html, Sanitizer, SanitizerOption};
//! use htmlforge::FragmentContext;
//!
//! // The built-in safe default configuration.
//! assert_eq!(
//!     sanitize_html(r#"<p onclick="x()">Hi <a href="javascript:x()">you</a><script>x()</script>"#),
//!     "<p>Hi <a>you</a></p>"
//! );
//!
//! // A configuration, in the spec's JSON shape.
//! let sanitizer = Sanitizer::from_json(r#"{"elements": ["p", "b"], "attributes": ["title"]}"#)?;
//! let option = SanitizerOption::Sanitizer(sanitizer);
//! let fragment = htmlforge::sanitize::sanitize_fragment(
//!     "<p title=t class=c><b>bold</b> <i>it</i>",
//!     &FragmentContext::html("div"),
//!     Some(&option),
//! )?;
//! let root = fragment.fragment_root().unwrap();
//! assert_eq!(fragment.inner_html(root), r#"<p title="t"><b>bold</b> </p>"#);
//! # Ok::<(), htmlforge::sanitize::ConfigError>(())
//! ```
//!
//! The configuration types ([`SanitizerConfig`], [`Sanitizer`] and its
//! modifiers) follow the spec's dictionary and methods; [`sanitize`] is its
//! "sanitize" on any node of a [`Document`]; [`sanitize_fragment`],
//! [`parse_html`] and their unsafe variants are `setHTML` and
//! `Document.parseHTML` returning a new document.
//!
//! Spec: <https://wicg.github.io/sanitizer-api/> (WICG/sanitizer-api
//! `ffdd3ae`, 2026-04-29).

mod config;
mod core;
mod json;
mod modify;
mod url;

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

pub use config::{ConfigError, SanitizerConfig, SanitizerElementWithAttributes, SanitizerName, HTML_NAMESPACE};

use crate::dom::{Document, NodeData, NodeId};
use crate::parse::{parse_document_with, parse_fragment_with, FragmentContext, ParseOptions};
use crate::Namespace;

/// A `Sanitizer`: a valid, canonical configuration, and the modifiers that
/// keep it so.
///
/// ```
/// use htmlforge::sanitize::{Sanitizer, SanitizerName};
///
/// let mut sanitizer = Sanitizer::from_json(r#"{"elements": ["div"]}"#)?;
/// assert!(sanitizer.allow_element("p"));
/// assert!(!sanitizer.remove_element(&SanitizerName::element("b"))); // not allowed before
/// assert_eq!(sanitizer.get().elements.unwrap().len(), 2);
/// # Ok::<(), htmlforge::sanitize::ConfigError>(())
/// ```
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitizer>
#[derive(Debug, Clone)]
pub struct Sanitizer {
    configuration: SanitizerConfig,
    /// The configuration as lookups, for the unsafe and the safe variant
    /// (the latter after "remove unsafe"); made on first use, dropped by
    /// every modifier.
    compiled: [OnceLock<Arc<core::Compiled>>; 2],
}

impl Sanitizer {
    /// `new Sanitizer(configuration)`: "set a configuration" with
    /// `allowCommentsPIsAndDataAttributes` true. An invalid configuration is
    /// the rule it breaks (the spec's `TypeError`).
    ///
    /// ```
    /// use htmlforge::sanitize::{ConfigError, Sanitizer, SanitizerConfig, SanitizerName};
    ///
    /// let mut config = SanitizerConfig::default();
    /// config.remove_elements = Some(vec![SanitizerName::element("iframe")]);
    /// assert!(Sanitizer::new(config.clone()).is_ok());
    /// // An element may not be both allowed and removed.
    /// config.elements = Some(vec![SanitizerName::element("iframe").into()]);
    /// assert!(matches!(Sanitizer::new(config), Err(ConfigError::BothLists(..))));
    /// ```
    pub fn new(configuration: SanitizerConfig) -> Result<Sanitizer, ConfigError> {
        Sanitizer::with_configuration(configuration, true)
    }

    /// "set a configuration": canonicalize `configuration` with
    /// `allow_comments_pis_and_data_attributes`, then check it is valid.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#sanitizer-set-a-configuration>
    pub fn with_configuration(
        mut configuration: SanitizerConfig,
        allow_comments_pis_and_data_attributes: bool,
    ) -> Result<Sanitizer, ConfigError> {
        configuration.canonicalize(allow_comments_pis_and_data_attributes);
        configuration.validate()?;
        Ok(Sanitizer { configuration, compiled: Default::default() })
    }

    /// `new Sanitizer()` / `new Sanitizer("default")`: the built-in safe
    /// default configuration.
    pub fn safe_default() -> Sanitizer {
        Sanitizer::new(SanitizerConfig::safe_default()).expect("the built-in safe default configuration is valid")
    }

    /// `new Sanitizer(configuration)` from JSON in the spec's dictionary
    /// shape (or the string `"default"`).
    ///
    /// ```
    /// use htmlforge::sanitize::{ConfigError, Sanitizer};
    ///
    /// assert!(Sanitizer::from_json(r#"{"removeElements": ["div"], "comments": true}"#).is_ok());
    /// assert!(matches!(
    ///     Sanitizer::from_json(r#"{"attributes": ["style"], "removeAttributes": ["style"]}"#),
    ///     Err(ConfigError::BothLists("attributes", "removeAttributes"))
    /// ));
    /// ```
    pub fn from_json(json: &str) -> Result<Sanitizer, ConfigError> {
        let value: serde_json::Value = serde_json::from_str(json).map_err(|e| ConfigError::Json(e.to_string()))?;
        match json::option_from_value(&value)? {
            SanitizerOption::Default => Ok(Sanitizer::safe_default()),
            SanitizerOption::Config(config) => Sanitizer::new(config),
            SanitizerOption::Sanitizer(sanitizer) => Ok(sanitizer),
        }
    }

    /// `get()`: the configuration, its lists sorted.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-get>
    pub fn get(&self) -> SanitizerConfig {
        self.configuration.clone().sorted()
    }

    /// `get()` as JSON.
    pub fn to_json(&self) -> String {
        json::config_to_value(&self.get()).to_string()
    }

    fn modified(&mut self, changed: bool) -> bool {
        if changed {
            self.compiled = Default::default();
        }
        changed
    }

    /// `allowElement(element)`: a name (`"p"` is in the HTML namespace) or
    /// an element with its own attribute lists.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowelement>
    pub fn allow_element(&mut self, element: impl Into<SanitizerElementWithAttributes>) -> bool {
        let changed = modify::allow_element(&mut self.configuration, element.into());
        self.modified(changed)
    }

    /// `removeElement(element)`.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-removeelement>
    pub fn remove_element(&mut self, element: &SanitizerName) -> bool {
        let changed = modify::remove_element(&mut self.configuration, element);
        self.modified(changed)
    }

    /// `replaceElementWithChildren(element)`.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-replaceelementwithchildren>
    ///
    /// ```
    /// use htmlforge::sanitize::{sanitize_fragment, Sanitizer, SanitizerName, SanitizerOption};
    /// use htmlforge::FragmentContext;
    ///
    /// let mut sanitizer = Sanitizer::from_json(r#"{"elements": ["p"]}"#)?;
    /// assert!(sanitizer.replace_element_with_children(&SanitizerName::element("span")));
    /// let option = SanitizerOption::Sanitizer(sanitizer);
    /// let fragment = sanitize_fragment("<p><span>kept</span> text", &FragmentContext::html("div"), Some(&option))?;
    /// assert_eq!(fragment.inner_html(fragment.fragment_root().unwrap()), "<p>kept text</p>");
    /// # Ok::<(), htmlforge::sanitize::ConfigError>(())
    /// ```
    pub fn replace_element_with_children(&mut self, element: &SanitizerName) -> bool {
        let changed = modify::replace_element_with_children(&mut self.configuration, element);
        self.modified(changed)
    }

    /// `allowProcessingInstruction(target)`.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowprocessinginstruction>
    pub fn allow_processing_instruction(&mut self, target: &str) -> bool {
        let changed = modify::allow_processing_instruction(&mut self.configuration, target);
        self.modified(changed)
    }

    /// `removeProcessingInstruction(target)`.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-removeprocessinginstruction>
    pub fn remove_processing_instruction(&mut self, target: &str) -> bool {
        let changed = modify::remove_processing_instruction(&mut self.configuration, target);
        self.modified(changed)
    }

    /// `allowAttribute(attribute)`.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-allowattribute>
    pub fn allow_attribute(&mut self, attribute: &SanitizerName) -> bool {
        let changed = modify::allow_attribute(&mut self.configuration, attribute);
        self.modified(changed)
    }

    /// `removeAttribute(attribute)`.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-removeattribute>
    pub fn remove_attribute(&mut self, attribute: &SanitizerName) -> bool {
        let changed = modify::remove_attribute(&mut self.configuration, attribute);
        self.modified(changed)
    }

    /// `setComments(allow)`.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-setcomments>
    ///
    /// ```
    /// use htmlforge::sanitize::{sanitize_fragment, Sanitizer, SanitizerOption};
    /// use htmlforge::FragmentContext;
    ///
    /// let mut sanitizer = Sanitizer::from_json(r#"{"elements": ["p"], "comments": false}"#)?;
    /// let context = FragmentContext::html("div");
    /// let html = "<p>a<!--b--></p>";
    /// let option = SanitizerOption::Sanitizer(sanitizer.clone());
    /// let without = sanitize_fragment(html, &context, Some(&option))?;
    /// assert_eq!(without.inner_html(without.fragment_root().unwrap()), "<p>a</p>");
    /// assert!(sanitizer.set_comments(true));
    /// let option = SanitizerOption::Sanitizer(sanitizer);
    /// let with = sanitize_fragment(html, &context, Some(&option))?;
    /// assert_eq!(with.inner_html(with.fragment_root().unwrap()), "<p>a<!--b--></p>");
    /// # Ok::<(), htmlforge::sanitize::ConfigError>(())
    /// ```
    pub fn set_comments(&mut self, allow: bool) -> bool {
        let changed = modify::set_comments(&mut self.configuration, allow);
        self.modified(changed)
    }

    /// `setDataAttributes(allow)`.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-setdataattributes>
    pub fn set_data_attributes(&mut self, allow: bool) -> bool {
        let changed = modify::set_data_attributes(&mut self.configuration, allow);
        self.modified(changed)
    }

    /// `removeUnsafe()`: takes out the safe baseline's elements and
    /// attributes and the event handler content attributes.
    ///
    /// Spec: <https://wicg.github.io/sanitizer-api/#dom-sanitizer-removeunsafe>
    ///
    /// ```
    /// use htmlforge::sanitize::Sanitizer;
    ///
    /// let mut sanitizer = Sanitizer::from_json(r#"{"elements": ["p", "script"], "attributes": ["onclick", "title"]}"#)?;
    /// assert!(sanitizer.remove_unsafe());
    /// let config = sanitizer.get();
    /// assert_eq!(config.elements.unwrap().iter().map(|e| e.name.name.as_str()).collect::<Vec<_>>(), ["p"]);
    /// assert_eq!(config.attributes.unwrap().iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["title"]);
    /// # Ok::<(), htmlforge::sanitize::ConfigError>(())
    /// ```
    pub fn remove_unsafe(&mut self) -> bool {
        let changed = modify::remove_unsafe(&mut self.configuration);
        self.modified(changed)
    }

    /// The configuration "sanitize" runs with: for `safe`, after "remove
    /// unsafe" (on a copy).
    fn compiled(&self, safe: bool) -> Arc<core::Compiled> {
        self.compiled[usize::from(safe)]
            .get_or_init(|| {
                let mut configuration = self.configuration.clone();
                if safe {
                    modify::remove_unsafe(&mut configuration);
                }
                Arc::new(core::Compiled::new(&configuration, safe))
            })
            .clone()
    }
}

impl Default for Sanitizer {
    /// [`Sanitizer::safe_default`].
    fn default() -> Self {
        Sanitizer::safe_default()
    }
}

/// The `sanitizer` member of `SetHTMLOptions` and `SetHTMLUnsafeOptions`:
/// a [`Sanitizer`], a configuration dictionary, or the `"default"` preset.
#[derive(Debug, Clone)]
pub enum SanitizerOption {
    /// `"default"`: the built-in safe default configuration.
    Default,
    /// A configuration dictionary, set on a new [`Sanitizer`] with comments,
    /// processing instructions and data attributes allowed by default for
    /// the unsafe variants only.
    Config(SanitizerConfig),
    /// A sanitizer, used as it is.
    Sanitizer(Sanitizer),
}

impl SanitizerOption {
    /// The option from JSON: `"default"` or a configuration dictionary.
    pub fn from_json(json: &str) -> Result<SanitizerOption, ConfigError> {
        let value: serde_json::Value = serde_json::from_str(json).map_err(|e| ConfigError::Json(e.to_string()))?;
        json::option_from_value(&value)
    }
}

/// The sanitizer of the `"default"` preset for the safe variants, made once.
fn default_safe_sanitizer() -> &'static Sanitizer {
    static DEFAULT: OnceLock<Sanitizer> = OnceLock::new();
    DEFAULT.get_or_init(|| {
        Sanitizer::with_configuration(SanitizerConfig::safe_default(), false)
            .expect("the built-in safe default configuration is valid")
    })
}

/// "get a sanitizer instance from options": `None` is the member's default
/// (`"default"` for the safe variants, `{}` for the unsafe ones); a
/// dictionary is set with `allowCommentsPIsAndDataAttributes` = not `safe`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitizerconfig-get-a-sanitizer-instance-from-options>
pub fn sanitizer_from_options(option: Option<&SanitizerOption>, safe: bool) -> Result<Sanitizer, ConfigError> {
    sanitizer_for(option, safe).map(Cow::into_owned)
}

/// [`sanitizer_from_options`] without a copy of a sanitizer the options
/// hold, or of the safe variants' default (made once).
fn sanitizer_for(option: Option<&SanitizerOption>, safe: bool) -> Result<Cow<'_, Sanitizer>, ConfigError> {
    match (option, safe) {
        (Some(SanitizerOption::Sanitizer(sanitizer)), _) => Ok(Cow::Borrowed(sanitizer)),
        (Some(SanitizerOption::Config(config)), _) => {
            Sanitizer::with_configuration(config.clone(), !safe).map(Cow::Owned)
        }
        (None, false) => Sanitizer::with_configuration(SanitizerConfig::default(), true).map(Cow::Owned),
        (Some(SanitizerOption::Default), true) | (None, true) => Ok(Cow::Borrowed(default_safe_sanitizer())),
        (Some(SanitizerOption::Default), false) => {
            Sanitizer::with_configuration(SanitizerConfig::safe_default(), true).map(Cow::Owned)
        }
    }
}

/// "sanitize" the children of `node` (any node of `document`: a fragment,
/// an element, the document) with `sanitizer`: for `safe`, its
/// configuration after "remove unsafe", and `javascript:` navigation URLs
/// removed. Template contents and shadow roots are sanitized too.
///
/// ```
/// use htmlforge::sanitize::{sanitize, Sanitizer};
///
/// let mut document = htmlforge::parse_document("<p onclick=x()>a<script>b</script><!--c-->");
/// let body = document.body().unwrap().id();
/// sanitize(&mut document, body, &Sanitizer::safe_default(), true);
/// assert_eq!(document.inner_html(body), "<p>a</p>");
/// ```
///
/// Spec: <https://wicg.github.io/sanitizer-api/#sanitize>
pub fn sanitize(document: &mut Document, node: NodeId, sanitizer: &Sanitizer, safe: bool) {
    let compiled = sanitizer.compiled(safe);
    core::sanitize_core(document, node, &compiled);
}

/// How the fragment and document parses of the sanitizer run.
#[derive(Debug, Clone, Default)]
pub struct SanitizeOptions {
    /// The `sanitizer` member; `None` is the variant's default.
    pub sanitizer: Option<SanitizerOption>,
    /// The scripting flag of a fragment parse (a browser's document has
    /// scripting enabled: `<noscript>` content is then text). A document
    /// parse has no browsing context, so scripting is off there.
    pub scripting: bool,
}

/// `setHTML(html, options)` on an element named by `context` (or on a
/// shadow root whose host it is), returning the nodes it would set: the
/// HTML fragment parsing algorithm with declarative shadow roots allowed,
/// then "sanitize" the fragment, safe. A `script` context (HTML or SVG)
/// gives nothing, as `setHTML` changes nothing there. The result's
/// [`Document::fragment_root`] holds the nodes.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#set-and-filter-html>
pub fn sanitize_fragment(
    html: &str,
    context: &FragmentContext,
    sanitizer: Option<&SanitizerOption>,
) -> Result<Document, ConfigError> {
    set_and_filter_html(html, context, &SanitizeOptions { sanitizer: sanitizer.cloned(), scripting: true }, true)
}

/// `setHTMLUnsafe(html, options)`, as [`sanitize_fragment`]: the
/// configuration's own filter only (by default none).
///
/// ```
/// use htmlforge::sanitize::sanitize_fragment_unsafe;
/// use htmlforge::FragmentContext;
///
/// // No configuration: nothing is taken out, not even a script.
/// let fragment = sanitize_fragment_unsafe("<b onclick=x()>b</b><script>s()</script>", &FragmentContext::html("div"), None)?;
/// assert_eq!(fragment.inner_html(fragment.fragment_root().unwrap()), r#"<b onclick="x()">b</b><script>s()</script>"#);
/// # Ok::<(), htmlforge::sanitize::ConfigError>(())
/// ```
pub fn sanitize_fragment_unsafe(
    html: &str,
    context: &FragmentContext,
    sanitizer: Option<&SanitizerOption>,
) -> Result<Document, ConfigError> {
    set_and_filter_html(html, context, &SanitizeOptions { sanitizer: sanitizer.cloned(), scripting: true }, false)
}

/// "set and filter HTML" into a new fragment: the fragment parse of `html`
/// in `context`, sanitized with the options' sanitizer.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#set-and-filter-html>
pub fn set_and_filter_html(
    html: &str,
    context: &FragmentContext,
    options: &SanitizeOptions,
    safe: bool,
) -> Result<Document, ConfigError> {
    let sanitizer = sanitizer_for(options.sanitizer.as_ref(), safe)?;
    let script_context =
        context.name.local.as_str() == "script" && matches!(context.name.ns, Namespace::Html | Namespace::Svg);
    let parse_options = ParseOptions::default().scripting(options.scripting).declarative_shadow_roots(true);
    // "If safe and contextElement is a script element, then return": the
    // target keeps its children; the new fragment is empty.
    let input = if safe && script_context { "" } else { html };
    let mut document = parse_fragment_with(input, context, parse_options);
    let root = document.fragment_root().expect("a fragment parse has a root");
    sanitize(&mut document, root, &sanitizer, safe);
    Ok(document)
}

/// `element.setHTML(html, options)` on an element of `document`: the
/// fragment parsing algorithm with `element` as its context (declarative
/// shadow roots allowed), the fragment sanitized (safe), then put in place
/// of the element's children (a `template`'s contents). On a shadow root,
/// `shadowRoot.setHTML(html, options)`: its host is the context and its
/// children are replaced. Nothing changes when the configuration is
/// invalid, when `element` is neither an element nor a shadow root, or for
/// a `script` element (HTML or SVG).
///
/// ```
/// use htmlforge::sanitize::{set_html, SanitizeOptions};
///
/// let mut document = htmlforge::parse_document("<table><tbody id=rows></tbody></table>");
/// let rows = document.get_element_by_id("rows").unwrap().id();
/// set_html(&mut document, rows, "<tr onclick=x()><td>a<script>b</script>", &SanitizeOptions::default())?;
/// assert_eq!(document.inner_html(rows), "<tr><td>a</td></tr>");
/// # Ok::<(), htmlforge::sanitize::SetHtmlError>(())
/// ```
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-element-sethtml>,
/// <https://wicg.github.io/sanitizer-api/#dom-shadowroot-sethtml>
pub fn set_html(
    document: &mut Document,
    element: NodeId,
    html: &str,
    options: &SanitizeOptions,
) -> Result<(), SetHtmlError> {
    set_and_filter_html_in(document, element, html, options, true)
}

/// `element.setHTMLUnsafe(html, options)`, as [`set_html`]: the
/// configuration's own filter only (by default none).
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-element-sethtmlunsafe>,
/// <https://wicg.github.io/sanitizer-api/#dom-shadowroot-sethtmlunsafe>
///
/// ```
/// use htmlforge::sanitize::{set_html_unsafe, SanitizeOptions};
///
/// let mut document = htmlforge::parse_document("<div id=box>old</div>");
/// let target = document.get_element_by_id("box").unwrap().id();
/// set_html_unsafe(&mut document, target, "<b onclick=go()>new</b>", &SanitizeOptions::default())?;
/// assert_eq!(document.inner_html(target), r#"<b onclick="go()">new</b>"#);
/// # Ok::<(), htmlforge::sanitize::SetHtmlError>(())
/// ```
pub fn set_html_unsafe(
    document: &mut Document,
    element: NodeId,
    html: &str,
    options: &SanitizeOptions,
) -> Result<(), SetHtmlError> {
    set_and_filter_html_in(document, element, html, options, false)
}

/// "set and filter HTML": on an element, with the element as target and
/// context element; on a shadow root (`ShadowRoot.setHTML`), with the
/// shadow root as target and its host as context element.
fn set_and_filter_html_in(
    document: &mut Document,
    target: NodeId,
    html: &str,
    options: &SanitizeOptions,
    safe: bool,
) -> Result<(), SetHtmlError> {
    let (element, shadow_root) = match document.data(target) {
        NodeData::ShadowRoot { host, .. } => (host, Some(target)),
        _ => (target, None),
    };
    let context = document.element(element).ok_or(SetHtmlError::Dom(crate::DomError::NotAnElement))?;
    if safe && context.local_name() == "script" && matches!(context.ns(), Namespace::Html | Namespace::Svg) {
        return Ok(());
    }
    let sanitizer = sanitizer_for(options.sanitizer.as_ref(), safe).map_err(SetHtmlError::Config)?;
    let parse_options = ParseOptions::default().scripting(options.scripting).declarative_shadow_roots(true);
    let (mut parsed, element_target) =
        document.parse_fragment_for(element, html, parse_options).map_err(SetHtmlError::Dom)?;
    let target = shadow_root.unwrap_or(element_target);
    let root = parsed.fragment_root().expect("a fragment parse has a root");
    sanitize(&mut parsed, root, &sanitizer, safe);
    document.replace_all_with_fragment(target, &parsed).map_err(SetHtmlError::Dom)
}

/// Why [`set_html`] changed nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetHtmlError {
    /// The configuration is not valid (the spec's `TypeError`).
    Config(ConfigError),
    /// The target is not an element.
    Dom(crate::DomError),
}

impl std::fmt::Display for SetHtmlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetHtmlError::Config(error) => error.fmt(f),
            SetHtmlError::Dom(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for SetHtmlError {}

/// `Document.parseHTML(html, options)`: the whole document parsed (no
/// scripting, declarative shadow roots allowed), then sanitized, safe.
///
/// ```
/// let document = htmlforge::sanitize::parse_html("<title>t</title><p onclick=x()>hi", None)?;
/// assert_eq!(htmlforge::serialize_document(&document), "<html><head><title>t</title></head><body><p>hi</p></body></html>");
/// # Ok::<(), htmlforge::sanitize::ConfigError>(())
/// ```
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-document-parsehtml>
pub fn parse_html(html: &str, sanitizer: Option<&SanitizerOption>) -> Result<Document, ConfigError> {
    parse_and_sanitize_document(html, sanitizer, true)
}

/// `Document.parseHTMLUnsafe(html, options)`.
///
/// Spec: <https://wicg.github.io/sanitizer-api/#dom-document-parsehtmlunsafe>
pub fn parse_html_unsafe(html: &str, sanitizer: Option<&SanitizerOption>) -> Result<Document, ConfigError> {
    parse_and_sanitize_document(html, sanitizer, false)
}

fn parse_and_sanitize_document(
    html: &str,
    sanitizer: Option<&SanitizerOption>,
    safe: bool,
) -> Result<Document, ConfigError> {
    let sanitizer = sanitizer_from_options(sanitizer, safe)?;
    let mut document =
        parse_document_with(html, ParseOptions::default().scripting(false).declarative_shadow_roots(true));
    let root = document.document();
    sanitize(&mut document, root, &sanitizer, safe);
    Ok(document)
}

/// `html` through `setHTML` on a `div` with the built-in safe default
/// configuration, serialized: the one-call sanitizer. The fragment is parsed
/// with scripting enabled, as a browser's document is, and serialized so
/// (`noscript` text written as is), so that the output parses back to the
/// same tree.
///
/// ```
/// assert_eq!(htmlforge::sanitize::sanitize_html("<b>ok</b><img src=x onerror=alert(1)>"), "<b>ok</b>");
/// ```
pub fn sanitize_html(html: &str) -> String {
    let document = sanitize_fragment(html, &FragmentContext::html("div"), None).expect("the default preset is valid");
    let root = document.fragment_root().expect("a fragment parse has a root");
    document.inner_html_with(root, crate::dom::SpecSerializeOptions::default().scripting(Some(true)))
}
