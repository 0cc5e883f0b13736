//! The streaming serializer: writes each event as it arrives, holding back
//! only a tag whose omission depends on the next event.

use crate::generated::serialization::{is_boolean_attribute, serializes_as_void, text_is_literal_inside};
use crate::tokenizer::Attribute;

use super::escape::escape_with;
use super::event::{Event, Namespace};
use super::meta_charset::MetaCharset;
use super::open_elements::OpenElements;
use super::optional_tags::{end_tag_may_be_omitted, has_rule, start_tag_may_be_omitted, Following, TagContext};
use super::options::{BooleanAttributes, QuoteAttrValues, QuoteChar, SerializeOptions};
use super::output::{Adapter, FmtOutput, IoOutput, Output, SerializeError};

/// A tag held back until the next event tells whether it may be omitted.
/// Only HTML elements have optional tags.
#[derive(Debug, Default)]
struct HeldTag {
    is_start: bool,
    name: String,
    attrs: Vec<Attribute>,
    /// For a start tag: the element just before it, if its end tag was
    /// omitted.
    after_omitted_end_of: Option<String>,
}

/// Serializes a stream of [`Event`]s as HTML.
///
/// ```
/// use htmlforge::serializer::{Event, Namespace, SerializeOptions, Serializer};
///
/// let mut serializer = Serializer::new(String::new(), SerializeOptions::default());
/// let html = Namespace::Html;
/// for event in [
///     Event::StartTag { namespace: html, name: "ul", attrs: &[] },
///     Event::StartTag { namespace: html, name: "li", attrs: &[] },
///     Event::Text("one"),
///     Event::EndTag { namespace: html, name: "li" },
///     Event::StartTag { namespace: html, name: "li", attrs: &[] },
///     Event::Text("two & three"),
///     Event::EndTag { namespace: html, name: "li" },
///     Event::EndTag { namespace: html, name: "ul" },
/// ] {
///     serializer.write_event(event).unwrap();
/// }
/// assert_eq!(serializer.finish().unwrap(), "<ul><li>one<li>two &amp; three</ul>");
/// ```
#[derive(Debug)]
pub struct Serializer<O: Output> {
    out: O,
    options: SerializeOptions,
    open: OpenElements,
    held: Option<HeldTag>,
    /// The allocation of the last held tag, reused.
    spare: HeldTag,
    /// The element whose end tag was just omitted, while the next event is
    /// the one immediately after it.
    omitted_end_of: Option<String>,
    meta_charset: Option<MetaCharset>,
    /// Scratch space for `strip_whitespace`.
    collapsed: String,
    /// The scripting flag when the options leave it to the document: the
    /// walked document's, else on (html5lib's).
    default_scripting: bool,
}

impl<W: std::fmt::Write> Serializer<FmtOutput<W>> {
    /// A serializer writing to a `String` or any other `std::fmt::Write`.
    ///
    /// ```
    /// use htmlforge::serializer::{SerializeOptions, Serializer};
    ///
    /// let document = htmlforge::parse_document("<ul><li>a<li>b</ul>");
    /// let mut serializer = Serializer::new(String::new(), SerializeOptions::default());
    /// serializer.write_node(&document, document.get_elements_by_tag_name("ul").next().unwrap().id())?;
    /// assert_eq!(serializer.finish()?, "<ul><li>a<li>b</ul>");
    /// # Ok::<(), htmlforge::serializer::SerializeError>(())
    /// ```
    pub fn new(out: W, options: SerializeOptions) -> Self {
        Serializer::with_output(FmtOutput(out), options)
    }
}

impl<W: std::io::Write> Serializer<IoOutput<W>> {
    /// A serializer writing UTF-8 to a `std::io::Write`.
    ///
    /// ```
    /// use htmlforge::serializer::{SerializeOptions, Serializer};
    ///
    /// let document = htmlforge::parse_document("<p>caf\u{e9}");
    /// let mut serializer = Serializer::new_io(Vec::new(), SerializeOptions::unminimized());
    /// serializer.write_document(&document)?;
    /// let bytes: Vec<u8> = serializer.finish()?;
    /// assert!(bytes.ends_with("<p>café</p></body></html>".as_bytes()));
    /// # Ok::<(), htmlforge::serializer::SerializeError>(())
    /// ```
    pub fn new_io(out: W, options: SerializeOptions) -> Self {
        Serializer::with_output(IoOutput(out), options)
    }
}

impl<O: Output> Serializer<O> {
    /// The options it writes with.
    pub fn options(&self) -> &SerializeOptions {
        &self.options
    }

    /// A serializer writing to `out`.
    pub fn with_output(out: O, options: SerializeOptions) -> Self {
        let meta_charset = options.inject_meta_charset.as_deref().map(MetaCharset::new);
        Serializer {
            out,
            options,
            open: OpenElements::default(),
            held: None,
            spare: HeldTag::default(),
            omitted_end_of: None,
            meta_charset,
            collapsed: String::new(),
            default_scripting: true,
        }
    }

    /// Writes one event (or holds it back, see the module docs).
    ///
    /// ```
    /// use htmlforge::serializer::{Attribute, Event, Namespace, SerializeOptions, Serializer};
    ///
    /// // Events from any source, not only a DOM: here, written by hand.
    /// let mut serializer = Serializer::new(String::new(), SerializeOptions::default());
    /// let attrs = [Attribute::new("href", "/a?x=1&y=2")];
    /// serializer.write_event(Event::StartTag { namespace: Namespace::Html, name: "a", attrs: &attrs })?;
    /// serializer.write_event(Event::Text("Fish & chips"))?;
    /// serializer.write_event(Event::EndTag { namespace: Namespace::Html, name: "a" })?;
    /// assert_eq!(serializer.finish()?, "<a href=\"/a?x=1&amp;y=2\">Fish &amp; chips</a>");
    /// # Ok::<(), htmlforge::serializer::SerializeError>(())
    /// ```
    pub fn write_event(&mut self, event: Event<'_>) -> Result<(), SerializeError> {
        match self.meta_charset.take() {
            Some(mut filter) => {
                let result = filter.process(event, &mut |event| self.process(event));
                self.meta_charset = Some(filter);
                result
            }
            None => self.process(event),
        }
    }

    /// Sets whether the document is in quirks mode (a DOM walk takes it
    /// from the document).
    pub(super) fn set_quirks_mode(&mut self, quirks_mode: bool) {
        self.options.quirks_mode = quirks_mode;
    }

    /// Sets the walked document's scripting flag, which counts where the
    /// options leave `scripting` unset.
    pub(super) fn set_document_scripting(&mut self, scripting: bool) {
        self.default_scripting = scripting;
    }

    /// Writes what is still held back and returns the destination.
    pub fn finish(mut self) -> Result<O::Inner, SerializeError> {
        if let Some(mut filter) = self.meta_charset.take() {
            filter.finish(&mut |event| self.process(event))?;
        }
        self.release_held(Following::End)?;
        Ok(self.out.into_inner())
    }

    fn process(&mut self, event: Event<'_>) -> Result<(), SerializeError> {
        if let Event::Text(text) = event {
            if text.is_empty() {
                return Ok(());
            }
            if self.options.strip_whitespace && !self.open.inside_whitespace_keeper() {
                let mut collapsed = std::mem::take(&mut self.collapsed);
                collapse_spaces(text, &mut collapsed);
                let result = self.process_collapsed(Event::Text(&collapsed));
                self.collapsed = collapsed;
                return result;
            }
        }
        self.process_collapsed(event)
    }

    fn process_collapsed(&mut self, event: Event<'_>) -> Result<(), SerializeError> {
        let following = match event {
            Event::Doctype { .. } => Following::Doctype,
            Event::StartTag { namespace, name, .. } => Following::StartTag { namespace, name },
            Event::EndTag { .. } => Following::EndTag,
            Event::Text(text) => Following::Text(text),
            Event::Comment(_) => Following::Comment,
            // The optional-tag rules name comments only; a processing
            // instruction is inserted wherever a comment is (every insertion
            // mode handles the two tokens alike), so a tag that must stay
            // before a comment must stay before it too.
            Event::ProcessingInstruction { .. } => Following::Comment,
        };
        self.release_held(following)?;
        let omitted_end_of = self.omitted_end_of.take();
        let omit = self.options.omit_optional_tags;
        match event {
            Event::Doctype { name, public_id, system_id } => write_doctype(&mut self.out, name, public_id, system_id),
            Event::StartTag { namespace, name, attrs } => {
                let is_void = namespace == Namespace::Html && serializes_as_void(name);
                if !is_void {
                    self.open.push(namespace, name);
                }
                if omit && namespace == Namespace::Html && has_rule(name, true) {
                    self.hold(true, name, attrs, omitted_end_of);
                    Ok(())
                } else {
                    write_start_tag(&mut self.out, &self.options, namespace, name, attrs)
                }
            }
            Event::EndTag { namespace, name } => {
                let is_void = namespace == Namespace::Html && serializes_as_void(name);
                if !is_void {
                    self.open.pop();
                }
                if omit && namespace == Namespace::Html && has_rule(name, false) {
                    self.hold(false, name, &[], None);
                    Ok(())
                } else {
                    write_end_tag(&mut self.out, name)
                }
            }
            Event::Text(text) => {
                let literal = !self.options.escape_rcdata
                    && self.open.current_html().is_some_and(|parent| {
                        text_is_literal_inside(parent, self.options.scripting.unwrap_or(self.default_scripting))
                    });
                if literal {
                    self.out.write_str(text)
                } else {
                    write_escaped(&mut self.out, text, |c| match c {
                        '&' => Some("&amp;"),
                        '\u{a0}' => Some("&nbsp;"),
                        '<' => Some("&lt;"),
                        '>' => Some("&gt;"),
                        _ => None,
                    })
                }
            }
            Event::Comment(text) => {
                self.out.write_str("<!--")?;
                self.out.write_str(text)?;
                self.out.write_str("-->")
            }
            // [#serialising-html-fragments]: "<?", target, U+0020 SPACE, data, "?>".
            Event::ProcessingInstruction { target, data } => {
                self.out.write_str("<?")?;
                self.out.write_str(target)?;
                self.out.write_str(" ")?;
                self.out.write_str(data)?;
                self.out.write_str("?>")
            }
        }
    }

    fn hold(&mut self, is_start: bool, name: &str, attrs: &[Attribute], after_omitted_end_of: Option<String>) {
        let mut held = std::mem::take(&mut self.spare);
        held.is_start = is_start;
        held.name.clear();
        held.name.push_str(name);
        held.attrs.clear();
        held.attrs.extend_from_slice(attrs);
        held.after_omitted_end_of = after_omitted_end_of;
        self.held = Some(held);
    }

    /// Writes the held tag unless `following` lets it be omitted. The open
    /// elements are as they were right after the held tag, so for an end
    /// tag the current element is its parent.
    fn release_held(&mut self, following: Following<'_>) -> Result<(), SerializeError> {
        let Some(held) = self.held.take() else {
            return Ok(());
        };
        let context = TagContext {
            following,
            parent: self.open.current_as_parent(),
            has_attributes: !held.attrs.is_empty(),
            after_omitted_end_of: held.after_omitted_end_of.as_deref(),
            quirks_mode: self.options.quirks_mode,
        };
        let result = if held.is_start {
            if start_tag_may_be_omitted(&held.name, &context) {
                Ok(())
            } else {
                write_start_tag(&mut self.out, &self.options, Namespace::Html, &held.name, &held.attrs)
            }
        } else if end_tag_may_be_omitted(&held.name, &context) {
            self.omitted_end_of = Some(held.name.clone());
            Ok(())
        } else {
            write_end_tag(&mut self.out, &held.name)
        };
        self.spare = held;
        result
    }
}

/// Collapses each run of space characters to one space, as html5lib's
/// whitespace filter does.
fn collapse_spaces(text: &str, out: &mut String) {
    out.clear();
    let mut in_run = false;
    for c in text.chars() {
        if matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ') {
            if !in_run {
                out.push(' ');
            }
            in_run = true;
        } else {
            out.push(c);
            in_run = false;
        }
    }
}

fn write_escaped<O: Output>(
    out: &mut O,
    text: &str,
    replacement: impl Fn(char) -> Option<&'static str>,
) -> Result<(), SerializeError> {
    let mut adapter = Adapter::new(out);
    match escape_with(text, &mut adapter, replacement) {
        Ok(()) => Ok(()),
        Err(e) => Err(adapter.error(e)),
    }
}

/// html5lib's doctype form: the public identifier after `PUBLIC`, the
/// system identifier after it or after `SYSTEM`, quoted with `'` when it
/// contains `"`.
fn write_doctype<O: Output>(out: &mut O, name: &str, public_id: &str, system_id: &str) -> Result<(), SerializeError> {
    out.write_str("<!DOCTYPE ")?;
    out.write_str(name)?;
    if !public_id.is_empty() {
        out.write_str(" PUBLIC \"")?;
        out.write_str(public_id)?;
        out.write_str("\"")?;
    } else if !system_id.is_empty() {
        out.write_str(" SYSTEM")?;
    }
    if !system_id.is_empty() {
        let quote = if system_id.contains('"') { "'" } else { "\"" };
        out.write_str(" ")?;
        out.write_str(quote)?;
        out.write_str(system_id)?;
        out.write_str(quote)?;
    }
    out.write_str(">")
}

fn write_start_tag<O: Output>(
    out: &mut O,
    options: &SerializeOptions,
    namespace: Namespace,
    name: &str,
    attrs: &[Attribute],
) -> Result<(), SerializeError> {
    out.write_str("<")?;
    out.write_str(name)?;
    for attr in attrs {
        out.write_str(" ")?;
        out.write_str(&attr.name)?;
        let minimized = namespace == Namespace::Html
            && is_boolean_attribute(name, &attr.name)
            && match options.boolean_attributes {
                BooleanAttributes::Keep => false,
                BooleanAttributes::BareWhenEmpty => attr.value.is_empty(),
                BooleanAttributes::BareWhenEmptyOrOwnName => {
                    attr.value.is_empty() || attr.value.eq_ignore_ascii_case(&attr.name)
                }
            };
        if !minimized {
            out.write_str("=")?;
            write_attribute_value(out, options, &attr.value)?;
        }
    }
    if options.use_trailing_solidus && namespace == Namespace::Html && serializes_as_void(name) {
        out.write_str(" /")?;
    }
    out.write_str(">")
}

/// Characters that an unquoted attribute value cannot hold (`<` can, as
/// `&lt;`). The html5lib tests quote a value with `>` although it is
/// written `&gt;`.
fn needs_quotes(value: &str) -> bool {
    value.is_empty() || value.contains(['\t', '\n', '\x0C', '\r', ' ', '"', '\'', '=', '>', '`'])
}

fn write_attribute_value<O: Output>(
    out: &mut O,
    options: &SerializeOptions,
    value: &str,
) -> Result<(), SerializeError> {
    let common = |c| match c {
        '&' => Some("&amp;"),
        '\u{a0}' => Some("&nbsp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        _ => None,
    };
    if options.quote_attr_values == QuoteAttrValues::WhenNeeded && !needs_quotes(value) {
        return write_escaped(out, value, common);
    }
    let quote = options.quote_char.unwrap_or(if value.contains('"') && !value.contains('\'') {
        QuoteChar::Single
    } else {
        QuoteChar::Double
    });
    match quote {
        QuoteChar::Double => {
            out.write_str("\"")?;
            write_escaped(out, value, |c| if c == '"' { Some("&quot;") } else { common(c) })?;
            out.write_str("\"")
        }
        QuoteChar::Single => {
            out.write_str("'")?;
            write_escaped(out, value, |c| if c == '\'' { Some("&#39;") } else { common(c) })?;
            out.write_str("'")
        }
    }
}

fn write_end_tag<O: Output>(out: &mut O, name: &str) -> Result<(), SerializeError> {
    out.write_str("</")?;
    out.write_str(name)?;
    out.write_str(">")
}

/// Serializes `events` into a string.
///
/// ```
/// use htmlforge::serializer::{serialize_to_string, Event, Namespace, SerializeOptions};
/// use htmlforge::serializer::Attribute;
///
/// let attrs = [Attribute::new("title", "a \"b\"")];
/// let events = [
///     Event::StartTag { namespace: Namespace::Html, name: "html", attrs: &[] },
///     Event::StartTag { namespace: Namespace::Html, name: "p", attrs: &attrs },
///     Event::Text("x"),
///     Event::EndTag { namespace: Namespace::Html, name: "p" },
///     Event::EndTag { namespace: Namespace::Html, name: "html" },
/// ];
/// assert_eq!(serialize_to_string(events, &SerializeOptions::default()), "<p title='a \"b\"'>x");
/// ```
pub fn serialize_to_string<'a>(events: impl IntoIterator<Item = Event<'a>>, options: &SerializeOptions) -> String {
    let mut serializer = Serializer::new(String::new(), options.clone());
    for event in events {
        // A String destination never fails.
        let _ = serializer.write_event(event);
    }
    serializer.finish().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(name: &str, value: &str) -> Attribute {
        Attribute::new(name, value)
    }

    fn start_tag(options: &SerializeOptions, name: &str, attrs: &[Attribute]) -> String {
        let mut out = FmtOutput(String::new());
        write_start_tag(&mut out, options, Namespace::Html, name, attrs).unwrap();
        out.0
    }

    #[test]
    fn quotes_only_when_needed() {
        let options = SerializeOptions::default();
        assert_eq!(start_tag(&options, "a", &[attr("href", "x<y&z")]), "<a href=x&lt;y&amp;z>");
        assert_eq!(start_tag(&options, "a", &[attr("title", "")]), "<a title=\"\">");
        assert_eq!(start_tag(&options, "a", &[attr("title", "a`b")]), "<a title=\"a`b\">");
        assert_eq!(start_tag(&options, "a", &[attr("title", "a\u{b}b")]), "<a title=a\u{b}b>");
    }

    #[test]
    fn picks_the_quote_the_value_does_not_contain() {
        let options = SerializeOptions::default();
        assert_eq!(start_tag(&options, "a", &[attr("t", "\"")]), "<a t='\"'>");
        assert_eq!(start_tag(&options, "a", &[attr("t", "'")]), "<a t=\"'\">");
        assert_eq!(start_tag(&options, "a", &[attr("t", "'\"")]), "<a t=\"'&quot;\">");
        let single = SerializeOptions { quote_char: Some(QuoteChar::Single), ..SerializeOptions::default() };
        assert_eq!(start_tag(&single, "a", &[attr("t", "'\"")]), "<a t='&#39;\"'>");
    }

    #[test]
    fn minimizes_boolean_attributes_with_their_standard_values_only() {
        let options = SerializeOptions::html5lib();
        assert_eq!(start_tag(&options, "input", &[attr("checked", "")]), "<input checked>");
        assert_eq!(start_tag(&options, "input", &[attr("checked", "CHECKED")]), "<input checked>");
        assert_eq!(start_tag(&options, "input", &[attr("checked", "no")]), "<input checked=no>");
        assert_eq!(start_tag(&options, "div", &[attr("checked", "")]), "<div checked=\"\">", "not boolean on div");
        // The default changes no value: only an empty one is left out.
        let same_tree = SerializeOptions::default();
        assert_eq!(start_tag(&same_tree, "input", &[attr("checked", "")]), "<input checked>");
        assert_eq!(start_tag(&same_tree, "input", &[attr("checked", "checked")]), "<input checked=checked>");
        let keep = SerializeOptions { boolean_attributes: BooleanAttributes::Keep, ..SerializeOptions::default() };
        assert_eq!(start_tag(&keep, "input", &[attr("checked", "")]), "<input checked=\"\">");
    }

    /// A tiny event language for the tests: `<x` start tag, `</x` end tag,
    /// `!x` comment, anything else text.
    fn run(options: SerializeOptions, events: &[&str]) -> String {
        let mut serializer = Serializer::new(String::new(), options);
        for event in events {
            let html = Namespace::Html;
            let event = if let Some(name) = event.strip_prefix("</") {
                Event::EndTag { namespace: html, name }
            } else if let Some(name) = event.strip_prefix('<') {
                Event::StartTag { namespace: html, name, attrs: &[] }
            } else if let Some(text) = event.strip_prefix('!') {
                Event::Comment(text)
            } else {
                Event::Text(event)
            };
            serializer.write_event(event).unwrap();
        }
        serializer.finish().unwrap()
    }

    fn minimized(events: &[&str]) -> String {
        run(SerializeOptions::default(), events)
    }

    #[test]
    fn a_whole_document_loses_its_optional_tags() {
        let events = [
            "<html", "<head", "<title", "t", "</title", "</head", "<body", "<p", "a", "</p", "<p", "b", "</p",
            "</body", "</html",
        ];
        assert_eq!(minimized(&events), "<title>t</title><p>a<p>b");
        assert_eq!(
            run(SerializeOptions::unminimized(), &events),
            "<html><head><title>t</title></head><body><p>a</p><p>b</p></body></html>"
        );
    }

    #[test]
    fn a_held_tag_is_written_at_the_end_when_it_must_be() {
        assert_eq!(minimized(&["<dl", "<dt", "x", "</dt"]), "<dl><dt>x</dt>");
        assert_eq!(minimized(&["<table", "<colgroup"]), "<table><colgroup>");
    }

    #[test]
    fn p_keeps_its_end_tag_at_the_end_of_an_a_or_ins() {
        assert_eq!(minimized(&["<a", "<p", "x", "</p", "</a"]), "<a><p>x</p></a>");
        assert_eq!(minimized(&["<ins", "<p", "x", "</p", "</ins"]), "<ins><p>x</p></ins>");
        assert_eq!(minimized(&["<div", "<p", "x", "</p", "</div"]), "<div><p>x</div>");
    }

    #[test]
    fn a_table_section_after_an_omitted_end_tag_keeps_its_start_tag() {
        let events = ["<table", "<thead", "<tr", "</tr", "</thead", "<tbody", "<tr", "</tr", "</tbody", "</table"];
        assert_eq!(minimized(&events), "<table><thead><tr><tbody><tr></table>");
        let events = ["<table", "<tbody", "<tr", "</tr", "</tbody", "</table"];
        assert_eq!(minimized(&events), "<table><tr></table>");
    }

    #[test]
    fn comments_and_leading_space_keep_tags() {
        assert_eq!(
            minimized(&["<ul", "<li", "a", "</li", "!c", "<li", "b", "</li", "</ul"]),
            "<ul><li>a</li><!--c--><li>b</ul>"
        );
        assert_eq!(minimized(&["<html", " ", "<head", "</head", "</html"]), "<html> ");
        assert_eq!(minimized(&["<html", "<head", "</head", " ", "<body", "</body", "</html"]), "</head> ");
    }

    #[test]
    fn text_in_script_is_literal_unless_escape_rcdata() {
        assert_eq!(minimized(&["<script", "a<b&c", "</script"]), "<script>a<b&c</script>");
        let escaped = SerializeOptions { escape_rcdata: true, ..SerializeOptions::default() };
        assert_eq!(run(escaped, &["<script", "a<b", "</script"]), "<script>a&lt;b</script>");
        assert_eq!(minimized(&["<noscript", "a<b>", "</noscript"]), "<noscript>a<b></noscript>");
        let no_scripting = SerializeOptions { scripting: Some(false), ..SerializeOptions::default() };
        assert_eq!(run(no_scripting, &["<noscript", "a<b>", "</noscript"]), "<noscript>a&lt;b&gt;</noscript>");
    }

    #[test]
    fn strip_whitespace_spares_pre_and_its_descendants() {
        let strip = SerializeOptions { strip_whitespace: true, ..SerializeOptions::default() };
        let events = ["<div", "a  \n b", "<pre", " x  ", "<span", "  y  ", "</span", "</pre", "  c", "</div"];
        assert_eq!(run(strip, &events), "<div>a b<pre> x  <span>  y  </span></pre> c</div>");
    }

    #[test]
    fn void_elements_have_no_end_tag_and_may_get_a_solidus() {
        let solidus = SerializeOptions { use_trailing_solidus: true, ..SerializeOptions::default() };
        assert_eq!(run(solidus, &["<p", "<br", "x", "</p", "<a"]), "<p><br />x</p><a>");
        assert_eq!(minimized(&["<ul", "<li", "<img", "</li", "</ul"]), "<ul><li><img></ul>");
    }

    #[test]
    fn collapses_space_runs() {
        let mut out = String::new();
        collapse_spaces(" \t a \r\n\x0C b ", &mut out);
        assert_eq!(out, " a b ");
        collapse_spaces("\u{a0}\u{b}", &mut out);
        assert_eq!(out, "\u{a0}\u{b}", "only the five space characters");
    }

    #[test]
    fn io_output_gets_utf8() {
        let mut serializer = Serializer::new_io(Vec::new(), SerializeOptions::unminimized());
        serializer.write_event(Event::StartTag { namespace: Namespace::Html, name: "p", attrs: &[] }).unwrap();
        serializer.write_event(Event::Text("é<")).unwrap();
        assert_eq!(serializer.finish().unwrap(), "<p>é&lt;".as_bytes());
    }

    #[test]
    fn a_failing_io_output_reports_its_error() {
        struct Broken;
        impl std::io::Write for Broken {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk full"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut serializer = Serializer::new_io(Broken, SerializeOptions::default());
        let error = serializer.write_event(Event::Text("a&b")).unwrap_err();
        assert!(matches!(error, SerializeError::Io(_)), "{error:?}");
    }

    /// Whether `minimized` is `full` with some whole tags left out.
    fn only_tags_left_out(full: &str, minimized: &str) -> bool {
        let (mut full, mut minimized) = (full, minimized);
        while !full.is_empty() {
            if full.starts_with('<') && !full.starts_with("<!") {
                let tag = &full[..full.find('>').map_or(full.len(), |at| at + 1)];
                if !minimized.starts_with(tag) {
                    full = &full[tag.len()..];
                    continue;
                }
            }
            let c = full.chars().next().unwrap();
            if !minimized.starts_with(c) {
                return false;
            }
            full = &full[c.len_utf8()..];
            minimized = &minimized[c.len_utf8()..];
        }
        minimized.is_empty()
    }

    #[test]
    fn random_event_streams_never_panic_and_minimizing_only_drops_tags() {
        const NAMES: [&str; 22] = [
            "html", "head", "body", "p", "li", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "colgroup",
            "col", "option", "optgroup", "script", "pre", "meta", "br", "a",
        ];
        const TEXTS: [&str; 7] = ["x", " y", "\t\n z  w", "a<b>&c\u{a0}", "", "é\"'", "  "];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let mut streams_with_omissions = 0;
        let attr_sets = [vec![], vec![attr("charset", "x")], vec![attr("title", "a 'b\" c>"), attr("disabled", "")]];
        for _ in 0..3000 {
            let mut options = SerializeOptions {
                quote_char: [None, Some(QuoteChar::Single), Some(QuoteChar::Double)][next(3)],
                boolean_attributes: [
                    BooleanAttributes::Keep,
                    BooleanAttributes::BareWhenEmpty,
                    BooleanAttributes::BareWhenEmptyOrOwnName,
                ][next(3)],
                use_trailing_solidus: next(2) == 0,
                escape_rcdata: next(2) == 0,
                strip_whitespace: next(2) == 0,
                inject_meta_charset: [None, Some("utf-8".to_string())][next(2)].clone(),
                ..SerializeOptions::default()
            };
            let length = next(40);
            let picks: Vec<(usize, usize, usize)> =
                (0..length).map(|_| (next(6), next(NAMES.len()), next(7))).collect();
            let events: Vec<Event<'_>> = picks
                .iter()
                .map(|&(kind, name, extra)| {
                    let namespace = if extra == 6 { Namespace::Svg } else { Namespace::Html };
                    match kind {
                        0 | 1 => Event::StartTag { namespace, name: NAMES[name], attrs: &attr_sets[extra % 3] },
                        2 | 3 => Event::EndTag { namespace, name: NAMES[name] },
                        4 => Event::Text(TEXTS[extra]),
                        _ if extra == 0 => Event::Doctype { name: "html", public_id: "", system_id: "\"" },
                        _ => Event::Comment(TEXTS[extra]),
                    }
                })
                .collect();
            let minimized = serialize_to_string(events.iter().copied(), &options);
            options.omit_optional_tags = false;
            let full = serialize_to_string(events.iter().copied(), &options);
            assert!(only_tags_left_out(&full, &minimized), "{events:?}\nfull:      {full:?}\nminimized: {minimized:?}");
            streams_with_omissions += usize::from(full != minimized);
        }
        assert!(streams_with_omissions > 1000, "only {streams_with_omissions} streams had a tag left out");
    }

    #[test]
    fn deep_nesting_does_not_recurse() {
        let mut serializer = Serializer::new(String::new(), SerializeOptions::default());
        for _ in 0..100_000 {
            serializer.write_event(Event::StartTag { namespace: Namespace::Html, name: "div", attrs: &[] }).unwrap();
        }
        for _ in 0..100_000 {
            serializer.write_event(Event::EndTag { namespace: Namespace::Html, name: "div" }).unwrap();
        }
        assert_eq!(serializer.finish().unwrap().len(), 100_000 * 11);
    }
}
