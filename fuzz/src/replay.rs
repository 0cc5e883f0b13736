//! Replaying an html5ever rule on htmlforge: the input is edited so that
//! the spec's parse of the edit does what html5ever does on the original
//! (drop a token it ignores, close what it closes), and a difference is
//! put down to that rule only when htmlforge's tree of the edit is
//! html5ever's tree. The parse state at a point of the input is read off
//! htmlforge's parser (`Parser::open_elements`) after the input up to
//! there and a probe comment.

use htmlforge::dom::{Document, ElementRef, NodeData, NodeId};
use htmlforge::generated::element_categories::{element_categories, Categories};
use htmlforge::generated::names::{LocalName, Namespace};
use htmlforge::generated::tag_groups::is_mathml_text_integration_point_foreign_start_tags;
use htmlforge::{FragmentContext, Parser};

use crate::{all_nodes, document_tree, fragment_tree, html5ever_comparable};

/// The fragment context the differential target names as `"svg desc"`.
pub(crate) fn fragment_context_of(context: &str) -> Option<FragmentContext> {
    let (ns, local) = context.split_once(' ')?;
    let ns = match ns {
        "svg" => Namespace::Svg,
        "math" => Namespace::MathMl,
        _ => Namespace::Html,
    };
    Some(FragmentContext::new(ns, local))
}

/// A parser of a document, or of a fragment in `context`, with the
/// options the differential target parses with.
fn parser(context: Option<&str>) -> Parser<Document> {
    match context.and_then(fragment_context_of) {
        Some(context) => Parser::new_fragment_with_sink(Document::new(), &context, html5ever_comparable()),
        None => Parser::new(html5ever_comparable()),
    }
}

/// htmlforge's tree of `input`.
pub(crate) fn parse(input: &str, context: Option<&str>) -> Document {
    let mut parser = parser(context);
    parser.feed(input).unwrap();
    parser.finish()
}

/// The byte spans of what reads as DOCTYPE tokens in lowercased `input`:
/// `<!doctype` up to the next `>` (which ends a DOCTYPE in every state) or
/// the end of the input.
pub(crate) fn doctype_spans(lower: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<!doctype") {
        let start = from + at;
        let end = lower[start..].find('>').map_or(lower.len(), |close| start + close + 1);
        spans.push((start, end));
        from = end;
    }
    spans
}

/// htmlforge's tree of `input` as a document or a fragment, dumped.
pub(crate) fn tree_of(input: &str, context: Option<&str>) -> String {
    match context.and_then(fragment_context_of) {
        Some(context) => fragment_tree([input], &context, html5ever_comparable()),
        None => document_tree([input], html5ever_comparable()),
    }
}

/// A comment whose text is not in `input`, to probe htmlforge's parse at a
/// point of it.
pub(crate) struct Probe {
    text: String,
}

impl Probe {
    pub(crate) fn for_input(input: &str) -> Probe {
        let text = (0..).map(|n| format!("probe{n}")).find(|text| !input.contains(text.as_str())).expect("a free name");
        Probe { text }
    }

    /// htmlforge's tree of `prefix` and the probe comment after it, with
    /// the comment's node and the stack of open elements after it, if the
    /// tokenizer reads markup (the data state) where `prefix` ends: inside
    /// a tag, a comment or raw text the probe is no comment of its own.
    /// The comment token makes the tree builder take everything before it
    /// (pending table text too), and changes no open element.
    pub(crate) fn parse_after(&self, prefix: &str, context: Option<&str>) -> Option<Probed> {
        let mut parser = parser(context);
        parser.feed(prefix).unwrap();
        parser.feed(&format!("<!--{}-->", self.text)).unwrap();
        let stack: Vec<NodeId> = parser.open_elements().collect();
        let document = parser.finish();
        let (nodes, _) = all_nodes(&document);
        let comment = nodes
            .into_iter()
            .find(|&node| matches!(document.data(node), NodeData::Comment(text) if text == self.text))?;
        Some(Probed { document, comment, stack })
    }
}

/// htmlforge's tree with the probe comment in it, and the stack of open
/// elements where the comment came.
pub(crate) struct Probed {
    pub document: Document,
    pub comment: NodeId,
    /// Bottom (the html element) first.
    stack: Vec<NodeId>,
}

/// The open elements where the probe came, from the current node down to
/// the html element.
pub(crate) fn open_elements(probed: &Probed) -> Vec<ElementRef<'_>> {
    probed.stack.iter().rev().filter_map(|&node| probed.document.element(node)).collect()
}

/// `input` without the byte spans `dropped` (in order, not overlapping).
pub(crate) fn without_spans(input: &str, dropped: &[(usize, usize)]) -> String {
    let mut out = String::new();
    let mut at = 0;
    for &(start, end) in dropped {
        out.push_str(&input[at..start]);
        seal_before_cut(&mut out);
        at = end;
    }
    out.push_str(&input[at..]);
    out
}

/// Makes the text `out` ends with read the same whatever follows, before
/// a token is cut out after it: a `<` or `&` the tokenizer read as text
/// (it stood before the token's `<`) could start a tag or a character
/// reference with the text after the cut (`<</a>o` would become `<o`), so
/// it is written as a character reference to itself. (A CR before the cut
/// and an LF after it would make one newline of two: the replays work on
/// input whose newlines are normalized first, see [`normalize_newlines`].)
pub(crate) fn seal_before_cut(out: &mut String) {
    if out.ends_with('<') {
        out.pop();
        out.push_str("&lt;");
    } else if out.ends_with('&') {
        out.pop();
        out.push_str("&amp;");
    }
}

/// `input` with its newlines normalized as the input stream does before
/// tokenizing (CR LF and lone CR become LF), so it parses the same, and a
/// cut cannot join a CR and an LF into one newline (a find:
/// `.\r<!DOCTYPE>\n`, whose DOCTYPE bug 2's replay drops).
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream>
pub(crate) fn normalize_newlines(input: &str) -> String {
    input.replace("\r\n", "\n").replace('\r', "\n")
}

/// The element's categories in the generated tables (none for a name
/// they do not know).
pub(crate) fn categories(element: &ElementRef<'_>) -> Categories {
    LocalName::lookup(element.local_name()).map_or(Categories::EMPTY, |name| element_categories(element.ns(), name))
}

/// A MathML annotation-xml that is an HTML integration point (its start
/// tag had an encoding of text/html or application/xhtml+xml).
pub(crate) fn is_annotation_xml_integration_point(element: &ElementRef<'_>) -> bool {
    element.ns() == Namespace::MathMl
        && element.local_name() == "annotation-xml"
        && element.attr("encoding").is_some_and(|value| {
            value.eq_ignore_ascii_case("text/html") || value.eq_ignore_ascii_case("application/xhtml+xml")
        })
}

/// Whether the tree construction dispatcher hands a start tag named
/// `name` to the foreign content rules, with the stack `open` (current
/// node first; the fragment case, where the adjusted current node is the
/// context element, is not read here).
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tree-construction-dispatcher>
pub(crate) fn start_tag_goes_to_foreign_content(open: &[ElementRef<'_>], name: &str) -> bool {
    let Some(current) = open.first() else { return false };
    if current.ns() == Namespace::Html {
        return false;
    }
    let categories = categories(current);
    let text_integration_point = categories.contains(Categories::MATHML_TEXT_INTEGRATION_POINT)
        && !LocalName::lookup(name).is_some_and(is_mathml_text_integration_point_foreign_start_tags);
    let svg_in_annotation_xml =
        current.ns() == Namespace::MathMl && current.local_name() == "annotation-xml" && name == "svg";
    let html_integration_point =
        categories.contains(Categories::HTML_INTEGRATION_POINT) || is_annotation_xml_integration_point(current);
    !(text_integration_point || svg_in_annotation_xml || html_integration_point)
}

/// What a replay does at a tag: end tags put before it, and whether the
/// tag itself is dropped (as html5ever ignores it).
pub(crate) struct TagEdit {
    pub before: String,
    pub drop: bool,
}

/// The loop every tag-by-tag replay runs: for each tag of `input` that
/// `candidate` picks, the stack where it stands in the edit so far
/// (current node first) goes to `edit`, whose answer is applied (a cut
/// sealed with [`seal_before_cut`]). `None` when `edit` answered nothing.
pub(crate) fn edit_at_tags(
    input: &str,
    context: Option<&str>,
    candidate: impl Fn(&TagSpan) -> bool,
    mut edit: impl FnMut(&TagSpan, &[ElementRef<'_>]) -> Option<TagEdit>,
) -> Option<String> {
    let probe = Probe::for_input(input);
    let mut edited = String::new();
    let mut at = 0;
    let mut changed = false;
    for tag in tag_spans(input, context).into_iter().filter(|tag| candidate(tag)) {
        edited.push_str(&input[at..tag.start]);
        at = tag.start;
        let Some(probed) = probe.parse_after(&edited, context) else { continue };
        let Some(TagEdit { before, drop }) = edit(&tag, &open_elements(&probed)) else { continue };
        edited.push_str(&before);
        if drop {
            seal_before_cut(&mut edited);
            at = tag.end;
        }
        changed = true;
    }
    edited.push_str(&input[at..]);
    changed.then_some(edited)
}

/// A start or end tag as the text reads.
pub(crate) struct TagSpan {
    pub start: usize,
    pub end: usize,
    pub end_tag: bool,
    /// ASCII lowercased, NUL as U+FFFD, as the tokenizer makes it.
    pub name: String,
}

/// What reads as start and end tags in `input`: `<`, an optional `/`, an
/// ASCII letter, up to the `>` that ends the tag in the tokenizer's
/// attribute states (a `>` in a quoted attribute value does not: see
/// [`tag_end`]), outside comments and CDATA sections. A span read wrong,
/// or one inside raw text, puts no probe comment in the tree, or leaves a
/// difference unexplained. A `<` inside a span is part of that tag
/// (`</a<t</i>` is one end tag), so the spans do not overlap.
pub(crate) fn tag_spans(input: &str, context: Option<&str>) -> Vec<TagSpan> {
    let probe = Probe::for_input(input);
    let bytes = input.as_bytes();
    let mut tags = Vec::new();
    let mut from = 0;
    while let Some(at) = input[from..].find('<') {
        let start = from + at;
        let end_tag = bytes.get(start + 1) == Some(&b'/');
        let name_start = start + 1 + usize::from(end_tag);
        if !bytes.get(name_start).is_some_and(u8::is_ascii_alphabetic) {
            // Comments hide tags: `<!--…-->`, and the bogus ones up to the
            // next `>` (`<!…>`, `<?…>`, `</` and no letter, as in
            // `</<a y=">`: a find), where the tokenizer reads markup (in
            // script data `<!--` starts no comment: a find).
            let rest = &input[start..];
            let markup = || probe.parse_after(&input[..start], context).is_some();
            let skip = if !(rest.starts_with("<!") || rest.starts_with("<?") || end_tag) || !markup() {
                Some(1)
            } else if let Some(after) = rest.strip_prefix("<!--") {
                if after.starts_with('>') || after.starts_with("->") {
                    rest.find('>').map(|at| at + 1)
                } else {
                    let close = ["-->", "--!>"].iter().filter_map(|end| after.find(end).map(|at| at + end.len())).min();
                    close.map(|at| at + 4)
                }
            } else if rest.starts_with("<![CDATA[")
                && probe.parse_after(&format!("{}>", &input[..start + 9]), context).is_none()
            {
                // A CDATA section (in foreign content; elsewhere a bogus
                // comment, which the `>` after `<![CDATA[` would end before
                // the probe) ends at `]]>`.
                rest.find("]]>").map(|at| at + 3)
            } else if rest.starts_with("</>") {
                Some(3)
            } else {
                rest.find('>').map(|at| at + 1)
            };
            // A comment the input ends in hides the rest.
            let Some(skip) = skip else { break };
            from = start + skip;
            continue;
        }
        let name_end = input[name_start..]
            .find(['/', ' ', '\t', '\n', '\x0c', '\r', '>'])
            .map_or(input.len(), |at| name_start + at);
        // Where a quoted attribute value hides a `>`, the tag swallows what
        // follows: read it so only where the tokenizer reads markup (in
        // script data `<g c="</script>` is text: a find).
        let first_gt = input[name_end..].find('>').map(|at| name_end + at + 1);
        let end = tag_end(bytes, name_end);
        if end != first_gt && probe.parse_after(&input[..start], context).is_none() {
            from = start + 1;
            continue;
        }
        // A tag the input ends in is no token.
        let Some(end) = end else { break };
        // The tokenizer lowercases ASCII and reads NUL as U+FFFD (a find:
        // `</spa\0>` closes an element named `spa\u{FFFD}`).
        let name = input[name_start..name_end].to_ascii_lowercase().replace('\0', "\u{FFFD}");
        tags.push(TagSpan { start, end, end_tag, name });
        from = end;
    }
    tags
}

/// Where the tag whose name ends at `at` ends (just past its `>`), read
/// by the tokenizer's states from "before attribute name" on; `None` if
/// the input ends first. Only a quoted attribute value hides a `>`, and a
/// quote opens one only where a value starts (after an attribute name's
/// `=`, past spaces): `<a f=">">` is one tag, `<a f">` ends at its `>`.
/// An `=` where a name starts begins that name (`<a =">` ends there).
fn tag_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    // The states that matter: attribute names (and the spaces and `/`
    // around them, where `>` ends the tag), and before an attribute value.
    enum State {
        BeforeName,
        Name,
        AfterName,
        BeforeValue,
    }
    let space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\x0c' | b'\r');
    let mut state = State::BeforeName;
    loop {
        let byte = *bytes.get(at)?;
        at += 1;
        state = match state {
            _ if byte == b'>' => return Some(at),
            // `/` leads through "self-closing start tag" back to "before
            // attribute name" (`<n e/=">`: `=` then starts a name; a find).
            State::BeforeName | State::Name | State::AfterName if byte == b'/' => State::BeforeName,
            State::BeforeName if space(byte) => State::BeforeName,
            State::BeforeName => State::Name,
            State::Name if space(byte) => State::AfterName,
            State::Name if byte == b'=' => State::BeforeValue,
            State::Name => State::Name,
            State::AfterName if space(byte) => State::AfterName,
            State::AfterName if byte == b'=' => State::BeforeValue,
            State::AfterName => State::Name,
            State::BeforeValue if space(byte) => State::BeforeValue,
            State::BeforeValue if byte == b'"' || byte == b'\'' => {
                let close = bytes[at..].iter().position(|&b| b == byte)?;
                at += close + 1;
                // "After attribute value (quoted)": anything but `>`, `/`
                // or a space starts the next name.
                State::BeforeName
            }
            // An unquoted value runs to a space (then a name may start)
            // or `>`.
            State::BeforeValue => {
                while bytes.get(at).is_some_and(|&b| b != b'>' && !space(b)) {
                    at += 1;
                }
                State::BeforeName
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::without_spans;

    #[test]
    fn a_cut_leaves_the_text_before_it_as_it_was_read() {
        // `<` before `</a>` was text; so is `&` before `</b>`.
        assert_eq!(without_spans("x<</a>o", &[(2, 6)]), "x&lt;o");
        assert_eq!(without_spans("x&</b>amp;", &[(2, 6)]), "x&amp;amp;");
        assert_eq!(without_spans("x</a>o", &[(1, 5)]), "xo");
        assert_eq!(super::normalize_newlines(".\r\r\n\r"), ".\n\n\n");
    }

    #[test]
    fn a_tag_ends_at_the_first_gt_outside_a_quoted_value() {
        let spans = |input: &str| -> Vec<String> {
            super::tag_spans(input, None).into_iter().map(|tag| input[tag.start..tag.end].to_string()).collect()
        };
        // Found by the differential target: `>` in a quoted value.
        assert_eq!(spans(r#"<n></a f=">"><s>"#), ["<n>", r#"</a f=">">"#, "<s>"]);
        assert_eq!(spans("<a f='>' g=x>y"), ["<a f='>' g=x>"]);
        assert_eq!(spans(r#"</s/s=">">"#), [r#"</s/s=">">"#]);
        // A quote opens no value elsewhere: in a name, after `=` at the
        // start of a name, in an unquoted value.
        assert_eq!(spans(r#"<a f">"#), [r#"<a f">"#]);
        assert_eq!(spans(r#"<a =">"#), [r#"<a =">"#]);
        assert_eq!(spans(r#"<a f=x">"#), [r#"<a f=x">"#]);
        assert_eq!(spans(r#"<a f = "x>" >"#), [r#"<a f = "x>" >"#]);
        // `<` inside a tag is part of it; a tag the input ends in is none.
        assert_eq!(spans("</a<t</i>x"), ["</a<t</i>"]);
        assert_eq!(spans(r#"<a>x<b f=">"#), ["<a>"]);
        // Comments hide tags, bogus ones up to the next `>`.
        assert_eq!(spans(r#"<li></<a y="><li>"#), ["<li>", "<li>"]);
        assert_eq!(spans("<!-- <a> --><b><!--><c><!---><d><!-- x --!><e>"), ["<b>", "<c>", "<d>", "<e>"]);
        assert_eq!(spans("<!DOCTYPE a><?x <a>?><f></><g>"), ["<f>", "<g>"]);
        // A CDATA section in foreign content ends at `]]>`; elsewhere it is
        // a bogus comment.
        assert_eq!(spans("<svg><![CDATA[ > <a> ]]><b>"), ["<svg>", "<b>"]);
        assert_eq!(spans("<![CDATA[ > <a> ]]><b>"), ["<a>", "<b>"]);
        assert_eq!(spans("<x><!-- <a>"), ["<x>"]);
        // No comment in script data (a find) or in RCDATA.
        assert_eq!(spans("<li><script><!--</script><li>"), ["<li>", "<script>", "</script>", "<li>"]);
        assert_eq!(spans("<title><?</title><b>"), ["<title>", "</title>", "<b>"]);
        // No quoted value in script data (a find).
        assert_eq!(spans(r#"<script><g c="</script><li>"#), ["<script>", "</script>", "<li>"]);
        // `/` then `=` starts a name, not a value (a find).
        assert_eq!(spans(r#"<n e/="><li>"#), [r#"<n e/=">"#, "<li>"]);
    }
}
