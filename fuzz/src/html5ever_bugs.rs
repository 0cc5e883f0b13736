//! Differences between htmlforge and html5ever 0.40 that are html5ever
//! bugs against the spec: each detector names the spec rule html5ever
//! breaks. The `differential` target accepts a difference only when one
//! of these explains it. Where it can, a detector replays the bug
//! (`crate::replay`): htmlforge's tree of an edit of the input that does
//! by the spec what html5ever does must be html5ever's tree, so nothing
//! else hides behind it. Where no edit is exact, a detector checks that
//! the bug acts on a tag of the input, or at last recognizes its
//! construct, and then hides any other difference in that input: those
//! come last, and stay narrow.

use htmlforge::dom::NodeData;
use htmlforge::generated::element_categories::{element_categories, Categories};
use htmlforge::generated::names::{LocalName, Namespace};
use htmlforge::generated::tag_groups::is_in_foreign_content_end_tags_that_break_out;

use crate::replay::{
    doctype_spans, normalize_newlines, open_elements, parse, tag_spans, tree_of, without_spans, Probe, TagSpan,
};
use crate::{
    all_nodes, annotation_xml_breakout, annotation_xml_scope, special_walks, table_sections, template_table_text,
};

/// The names of the HTML elements that hold a special element html5ever
/// does not count (MathML mi, mo, mn, ms, mtext, annotation-xml; SVG
/// foreignObject, desc, title; HTML search) in htmlforge's tree.
fn html_names_holding_special_foreign(input: &str, context: Option<&str>) -> Vec<String> {
    let document = parse(input, context);
    let (nodes, hosts) = all_nodes(&document);
    let mut names = Vec::new();
    for node in nodes {
        let Some(element) = document.element(node) else { continue };
        let spec_special = LocalName::lookup(element.local_name())
            .is_some_and(|name| element_categories(element.ns(), name).contains(Categories::SPECIAL));
        let special = spec_special && (element.ns() != Namespace::Html || element.local_name() == "search");
        if !special {
            continue;
        }
        let mut at = document.parent(node);
        while let Some(parent) = at {
            // `</body>` and `</html>` check the scope instead of walking.
            let walked = |a: &htmlforge::dom::ElementRef<'_>| {
                a.ns() == Namespace::Html && !matches!(a.local_name(), "html" | "body")
            };
            if let Some(ancestor) = document.element(parent).filter(walked) {
                if !names.iter().any(|n| n == ancestor.local_name()) {
                    names.push(ancestor.local_name().to_string());
                }
            }
            // Template contents lead to their template.
            at = document.parent(hosts.get(&parent).copied().unwrap_or(parent));
        }
    }
    names
}

/// Whether lowercased `input` holds an end tag `</name` (ended by a
/// character that ends a tag name).
fn has_end_tag(lower: &str, name: &str) -> bool {
    let needle = format!("</{name}");
    lower.match_indices(&needle).any(|(at, _)| {
        lower[at + needle.len()..]
            .chars()
            .next()
            .is_none_or(|c| matches!(c, '>' | '/' | ' ' | '\t' | '\n' | '\x0c' | '\r'))
    })
}

/// The end tags of the fragment `input` that foreign content's "any other
/// end tag" hands to the insertion mode from the html element: those that
/// come when every open element below the html element is foreign and
/// none has the token's name. Each is decided on the input with the ones
/// before it dropped, as html5ever ignores them. The open elements are
/// read off htmlforge's parser with a probe comment where the end tag
/// stands (a foreign element foster parented before a table has the table
/// open below it: `<table><svg></table>` does not reach the html element,
/// a find when the stack was read off the tree). A span that is not an
/// end tag in the data state (inside a comment, say) puts no probe comment
/// in the tree.
fn end_tags_reaching_the_html_element(input: &str, context: &str) -> Vec<(usize, usize)> {
    let probe = Probe::for_input(input);
    let mut dropped = Vec::new();
    // `</br>` and `</p>` have a rule of their own in foreign content
    // (they break out of it), the same in html5ever.
    let any_other_end_tag = |tag: &TagSpan| {
        tag.end_tag && !LocalName::lookup(&tag.name).is_some_and(is_in_foreign_content_end_tags_that_break_out)
    };
    for TagSpan { start, end, name, .. } in tag_spans(input, Some(context)).into_iter().filter(any_other_end_tag) {
        let Some(probed) = probe.parse_after(&without_spans(&input[..start], &dropped), Some(context)) else {
            continue;
        };
        // The last open element is the html element, the fragment's root.
        let open = open_elements(&probed);
        let Some((_html, below_html)) = open.split_last() else { continue };
        let reaches_html = !below_html.is_empty()
            && below_html.iter().all(|e| e.ns() != Namespace::Html && !e.local_name().eq_ignore_ascii_case(&name));
        if reaches_html {
            dropped.push((start, end));
        }
    }
    dropped
}

/// Bug 2 replayed: `input` without the DOCTYPE tokens the "initial"
/// insertion mode does not take; `None` if it has none.
fn replay_doctypes(input: &str, context: Option<&str>) -> Option<String> {
    let lower = input.to_ascii_lowercase();
    if !lower.contains("<!doctype") {
        return None;
    }
    // Only spans the tokenizer reads as DOCTYPE tokens (not the text of a
    // comment or an attribute name, say).
    let probe = Probe::for_input(input);
    let mut doctypes: Vec<(usize, usize)> = doctype_spans(&lower)
        .into_iter()
        .filter(|&(start, _)| probe.parse_after(&input[..start], context).is_some())
        .collect();
    let document_has_doctype = context.is_none() && {
        let document = parse(input, None);
        document.children(document.document()).any(|child| matches!(document.data(child), NodeData::Doctype(_)))
    };
    if document_has_doctype && !doctypes.is_empty() {
        doctypes.remove(0);
    }
    (!doctypes.is_empty()).then(|| without_spans(input, &doctypes))
}

/// Bug 5 replayed: the fragment `input` without the end tags that reach
/// its html element from foreign content; `None` if there are none.
fn replay_end_tags_reaching_html(input: &str, context: Option<&str>) -> Option<String> {
    let dropped = end_tags_reaching_the_html_element(input, context?);
    (!dropped.is_empty()).then(|| without_spans(input, &dropped))
}

/// The replays in turn, each on the edit of the ones before.
struct Combined {
    edited: String,
    /// Bug 4's replay in the chain was not exact (see `special_walks`).
    walks_inexact: bool,
}

/// Every replay in turn, each on the edit of the ones before (for inputs
/// where several bugs act); `None` if none edits.
fn replay_all(input: &str, context: Option<&str>) -> Option<Combined> {
    type Replay<'a> = &'a dyn Fn(&str) -> Option<String>;
    let walks_inexact = std::cell::Cell::new(false);
    let replays: [Replay<'_>; 5] = [
        &|input| replay_doctypes(input, context),
        &|input| table_sections::replay(input, context),
        &|input| {
            special_walks::replay(input, context).map(|replay| {
                walks_inexact.set(walks_inexact.get() || replay.inexact);
                replay.edited
            })
        },
        &|input| annotation_xml_breakout::replay(input, context),
        &|input| replay_end_tags_reaching_html(input, context),
    ];
    // One bug's edit can bring another into play that an earlier replay
    // in the list has passed (a find: bug 4's closers leave a `col` to
    // "in table body" with a thead open, bug 3's case), so the list runs
    // again until a pass changes nothing (each replay leaves its own edit
    // alone).
    let mut edited: Option<String> = None;
    for _pass in 0..4 {
        let before = edited.clone();
        for replay in replays {
            if let Some(next) = replay(edited.as_deref().unwrap_or(input)) {
                edited = Some(next);
            }
        }
        if edited == before {
            break;
        }
    }
    edited.map(|edited| Combined { edited, walks_inexact: walks_inexact.get() })
}

/// The html5ever bug that explains a difference, if a known one does.
pub fn known_bug(input: &str, context: Option<&str>, theirs: &str) -> Option<&'static str> {
    let input = &normalize_newlines(input);
    let lower = input.to_ascii_lowercase();
    // The special elements html5ever does not count (bug 4 below).
    const SCOPE_BOUNDARIES: [&str; 9] =
        ["<annotation-xml", "<mi", "<mo", "<mn", "<ms", "<mtext", "<foreignobject", "<desc", "<title"];
    let foreign = lower.contains("<math") || lower.contains("<svg");
    // Minimized: `<table>F<!DOCTYPE> ` (any context). "In table text",
    // "anything else": the pending character tokens are inserted (here
    // foster-parented, `F` not being whitespace), the mode switches back
    // and the DOCTYPE is reprocessed ("in table": ignored). The space
    // after it starts a new "in table text" list, all whitespace: inserted
    // into the table. html5ever keeps collecting across the DOCTYPE and
    // foster-parents `F ` together.
    // Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intabletext>
    // The filter replays html5ever's rule: every DOCTYPE token but the one
    // the "initial" insertion mode takes is ignored in every mode but "in
    // table text", so htmlforge's tree of the input without them is what
    // html5ever builds.
    if lower.contains("<table")
        && replay_doctypes(input, context).is_some_and(|edited| tree_of(&edited, context) == theirs)
    {
        return Some("in table text: a DOCTYPE token ends the pending table character tokens");
    }
    // Minimized: `<template><thead><thead>`. "In table body", a start tag
    // "thead": the stack has a thead in table scope (table scope stops at
    // html, table and template; the thead is above the template), so the
    // current node is popped, the mode is "in table" and the token is
    // reprocessed: a second thead in the template contents. html5ever
    // drops the second thead.
    // Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intbody>
    // Also `<thead><col>` in a `table` fragment context: the thead is in
    // table scope (the stack is html, thead), so it is popped and the col
    // goes into a new colgroup; html5ever drops the col.
    // Also `<template><thead><t></table>x`: `</table>` "in table body"
    // with the thead in table scope clears the stack back to the thead
    // (popping the foster-parented `t`), pops it and is reprocessed "in
    // table" (ignored: no table); `x` then goes into the template
    // contents. html5ever ignores the end tag and `x` goes into the `t`.
    // The root of all three: html5ever checks for a table, tbody or tfoot
    // in table scope where the spec says "a tbody, thead, or tfoot
    // element", so a thead with no table open does not count. The filter
    // replays it (`table_sections`: the tokens html5ever ignores dropped).
    if lower.contains("<thead")
        && table_sections::replay(input, context).is_some_and(|edited| tree_of(&edited, context) == theirs)
    {
        return Some(
            "in table body: a caption/col/colgroup/table section start tag or a table end tag closes the open table \
             section (a thead in table scope counts)",
        );
    }
    // Minimized: `<dd><math><mn><dd>`. The second `dd` start tag (in the
    // MathML text integration point, so by the "in body" rules) walks down
    // the stack: "If node is in the special category, but is not an
    // address, div, or p element, then jump to the step labeled done".
    // MathML mn (mi, mo, ms, mtext, annotation-xml; SVG foreignObject,
    // desc, title) is special, so the outer dd stays open and the new dd
    // goes into the mn. html5ever walks past it and closes the outer dd.
    // Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody> (li, dd, dt start tags),
    // <https://html.spec.whatwg.org/multipage/parsing.html#special>
    //
    // Minimized: `<g>l<math><mn></g>x` (same root). The end tag in the mn
    // goes by the foreign content rules to the `g`, an HTML element, so to
    // "in body", "any other end tag", which walks down from the current
    // node: "if node is in the special category, then this is a parse
    // error; ignore the token" — mn is special, the `g` stays open and `x`
    // goes into the mn. html5ever closes the `g`.
    //
    // Both are html5ever not treating the special foreign elements as
    // special in the "in body" walks. The filter replays html5ever's walks
    // (`special_walks`) and accepts the difference when htmlforge's tree
    // of the edit is html5ever's.
    //
    // Found reading html5ever's tables against the spec's list: its
    // special category also lacks HTML search (`<x><search></x>y`: the
    // spec ignores the end tag, `y` goes into the search) and keygen (void,
    // never open), and has the obsolete isindex, an ordinary element to
    // the spec (`<x><isindex></x>y`: the spec pops both, html5ever ignores
    // the end tag). The replay covers them too.
    //
    // Where an edit cannot be exact it falls back to the construct: where
    // it would close a formatting element below a special element by its
    // own end tag (which also takes it off the list of active formatting
    // elements, where html5ever leaves it), an end tag of, or an li/dd/dt
    // start tag for, an HTML element that holds such an element in
    // htmlforge's tree; where html5ever keeps a list item open at an
    // isindex, an li/dd/dt start tag and an isindex.
    let walks_differ = (foreign && SCOPE_BOUNDARIES.iter().any(|t| lower.contains(t)))
        || lower.contains("<search")
        || lower.contains("<isindex");
    // Kept for the construct below, where no replay is exact.
    let walk_replay = if walks_differ { special_walks::replay(input, context) } else { None };
    if walk_replay.as_ref().is_some_and(|replay| tree_of(&replay.edited, context) == theirs) {
        return Some(
            "in body: the walks down the stack (li/dd/dt start tags, any other end tag) stop at the special elements \
             html5ever does not count (MathML, SVG, search) and go past isindex",
        );
    }
    // Minimized: `<li><a></li><s"></a><u >` in an SVG `strike` context.
    // `</a>` comes with the stack html, svg `s"`: foreign content, "any
    // other end tag" steps from `s"` to the html element, an HTML element,
    // so the token goes to "in body" (only when looping back to a foreign
    // element is the topmost element checked: "Loop: If node is the
    // topmost element in the stack of open elements, then return"), where
    // the adoption agency algorithm removes the `a`, no longer open, from
    // the list of active formatting elements; `<u>` then reconstructs
    // nothing. html5ever returns on reaching the topmost element and
    // ignores the end tag, so it reconstructs an `a` around the `u`.
    // Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>
    // The filter replays html5ever's rule on htmlforge: it drops, in
    // order, every end tag that reaches the html element that way (only a
    // fragment can have one: in a document, body or head is open below
    // any foreign element), and accepts the difference when the rest
    // parses to html5ever's tree.
    if replay_end_tags_reaching_html(input, context).is_some_and(|edited| tree_of(&edited, context) == theirs) {
        return Some(
            "foreign content, any other end tag: reaching the html element, the token is processed by the insertion \
             mode",
        );
    }
    // Bug 7, found in the fourth session: foreign content's breakout loop
    // pops past an annotation-xml HTML integration point. See
    // `annotation_xml_breakout`.
    if lower.contains("<annotation-xml")
        && annotation_xml_breakout::replay(input, context).is_some_and(|edited| tree_of(&edited, context) == theirs)
    {
        return Some(
            "foreign content, breaking out: the loop pops past an annotation-xml that is an HTML integration point",
        );
    }
    // Several of the bugs in one input: the replays one after the other.
    let combined = replay_all(input, context);
    if combined.as_ref().is_some_and(|combined| tree_of(&combined.edited, context) == theirs) {
        return Some("several of bugs 2 to 5 and 7, replayed one after the other");
    }
    // Minimized: `<a><math><annotation-xml></a>x`. The end tag reaches
    // "in body" from foreign content ("any other end tag": the first HTML
    // element down the stack). The adoption agency algorithm's step 4
    // says: "If formatting element is in the stack of open elements, but
    // the element is not in scope, then this is a parse error; return."
    // annotation-xml bounds the default scope, so the `a` is not in scope
    // and stays open: `x` goes into annotation-xml. html5ever closes the
    // `a` and its foreign descendants. Also `</div>` with an
    // annotation-xml open below the div. html5ever's scopes leave
    // annotation-xml out (`annotation_xml_scope`, which checks that a tag
    // of the input meets the case).
    // Spec: <https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-the-specific-scope>
    // The checked bugs (1 and 6) are checked on the input, and on the
    // replays of it, which do what html5ever did before the bug acts (finds:
    // `<a><li><math><mi><li><math><annotation-xml></a>`, bug 4 then bug 1;
    // bug 5 before bug 6 in a MathML context).
    let replayed = [walk_replay.as_ref().map(|replay| &replay.edited), combined.as_ref().map(|c| &c.edited)];
    let checked_inputs = || std::iter::once(input.as_str()).chain(replayed.into_iter().flatten().map(String::as_str));
    if lower.contains("<annotation-xml") && checked_inputs().any(|text| annotation_xml_scope::fires(text, context)) {
        return Some("has an element in scope: MathML annotation-xml bounds the scope");
    }
    // Bug 6, found in the third session: `<template><th></th><a><th></th>\n`.
    // See `template_table_text`.
    if lower.contains("<template") && checked_inputs().any(|text| template_table_text::fires(text, context)) {
        return Some("in table: text with a template the current node goes to \"in table text\" (not replayed)");
    }
    // The constructs, where a replay cannot be exact. (Bug 3 had one
    // while the stack was read off the tree, which could not tell whether
    // a table section that content was foster parented after was open;
    // the parser's stack made its replay exact.)
    // Bug 4: see above; its replay inexact on the input, or in the chain
    // of replays (`<thead><li><math><mi><b><col><li>B` in a table context,
    // a find: bug 3 drops the col, then the li walk passes the mi with a
    // `b` below it).
    if walk_replay.as_ref().is_some_and(|replay| replay.inexact)
        || combined.as_ref().is_some_and(|combined| combined.walks_inexact)
    {
        let list_item_start = ["<li", "<dd", "<dt"].iter().any(|t| lower.contains(t));
        // In the tree of the input, or of the replays' edit, where the
        // earlier bugs left open what html5ever left open (a find:
        // `<thead><li><col><math><mi><b><li><` in a table context, where
        // the col closes the li by the spec, not in html5ever).
        let mut walked_past = html_names_holding_special_foreign(input, context);
        if let Some(combined) = &combined {
            walked_past.extend(html_names_holding_special_foreign(&combined.edited, context));
        }
        let end_tag_walks = walked_past.iter().any(|name| has_end_tag(&lower, name));
        let list_item_walks =
            list_item_start && walked_past.iter().any(|name| matches!(name.as_str(), "li" | "dd" | "dt"));
        if end_tag_walks || list_item_walks || (list_item_start && lower.contains("<isindex")) {
            return Some(
                "in body: the walks down the stack stop at the special elements html5ever does not count (not \
                 replayed: a formatting element below one, or a list item kept open at an isindex)",
            );
        }
    }
    // Bug 4 in the adoption agency algorithm: its furthest block is the
    // topmost special element below the formatting element, and the two
    // special categories disagree on search and isindex. Checked on the
    // input, and on the replays of it: in `<s><a><x><isindex></x><a>` (a
    // find, in a MathML h3 context) html5ever ignores `</x>` at the
    // isindex, which then is its furthest block for the second `<a>`; in
    // `<span><a></span><n></a><i><isindex><a>` (a find, in a MathML
    // context) it ignores `</a>` (bug 5), which keeps the `a` open.
    if (lower.contains("<search") || lower.contains("<isindex"))
        && (special_walks::furthest_blocks_differ(input, context)
            || walk_replay
                .as_ref()
                .is_some_and(|replay| special_walks::furthest_blocks_differ(&replay.edited, context))
            || combined
                .as_ref()
                .is_some_and(|combined| special_walks::furthest_blocks_differ(&combined.edited, context)))
    {
        return Some(
            "adoption agency: the furthest block is a special element, and html5ever's special category lacks \
             search and has isindex (not replayed)",
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::known_bug;
    use crate::{document_tree, fragment_context, fragment_tree, html5ever_comparable};
    use htmlforge::FragmentContext;
    use htmlforge_conformance::html5ever_tree::{html5ever_fragment_tree, html5ever_tree};

    /// The known bug that explains the difference on `input` (a document,
    /// or a fragment in `context`, e.g. `"svg strike"`), after checking
    /// there is one.
    fn explained(input: &str, context: Option<&str>) -> Option<&'static str> {
        let (ours, theirs) = match context {
            None => (document_tree([input], html5ever_comparable()), html5ever_tree(input)),
            Some(context) => {
                let (ns, local) = context.split_once(' ').unwrap();
                let ns_knob = match ns {
                    "svg" => 6,
                    "math" => 7,
                    _ => 0,
                };
                let fragment: FragmentContext = fragment_context(0, ns_knob);
                let fragment = FragmentContext::new(fragment.name.ns, local);
                (fragment_tree([input], &fragment, html5ever_comparable()), html5ever_fragment_tree(input, ns, local))
            }
        };
        assert_ne!(ours, theirs, "{input}: no difference");
        known_bug(input, context, &theirs)
    }

    #[test]
    fn the_minimized_finds_are_explained() {
        for (input, context) in [
            ("<a><math><annotation-xml></a>x", None),
            ("<table>F<!DOCTYPE> ", None),
            ("<template><thead><thead>", None),
            ("<dd><math><mn><dd>", None),
            ("<g>l<math><mn></g>x", None),
            ("<template><li><math><mi><li>", None),
            ("<template><thead><t></table>x", None),
            ("<thead><col>", Some("html table")),
            ("<thead><li><math><mi><b><col><li>B", Some("html table")),
            ("<thead><li><col><math><mi><b><li><", Some("html table")),
            // Bug 3 after bug 4's replay (a find).
            ("<template><cOlgroup><ul><li><math><mi><li><math></ul><thead><col>", Some("html fefuncr")),
            // The second col is a foreign element (a find).
            ("<template><thead><col><math><col>", Some("html onended")),
            ("<li><a></li><s\"></a><u >", Some("svg strike")),
            (" <span><a></span><n></a>o</a><s>", Some("math h3")),
            (" <span><a></span><n></A>o</a><s>", Some("math h3")),
            ("<span><a></span><n></a></a><s></a>o", Some("math onsuspend")),
            // NUL in an end tag's name is U+FFFD in the element's (a find).
            ("<span><a></span><n></a><spa\u{11}\0\0></spa\u{11}\0\0>><s>", Some("math ontoggle")),
            // `</p>` breaks out of foreign content (a find: it was dropped).
            ("<span><a></span><n></a><n></p><s>", Some("svg mi")),
            // A `<` read as text before a dropped end tag (a find).
            (" <span><a></span><n></a>o<x>a<</a>o</a><s>", Some("math ontoggle")),
            // The first `</a>` is inside the start tag `<a</a>`.
            ("<a</a><span><a></span><n></a></a><span>", Some("svg mi")),
            ("<span><a></span><n></a><span><a></span></a><n></a><s>", Some("svg mi")),
            // `</table>` with an svg foster parented before the open table
            // (a find: read as reaching the html element, it was dropped).
            ("<span><a></span><n></a><span></a><table><svg></table>p", Some("svg mi")),
            // Bug 1 in the adoption agency algorithm run by `<a>` (a find).
            ("<span><a><math><annotation-xml encoding=\"aPPlication/xhtmL+xMl\"><a>", Some("svg mi")),
            ("<a><math><annotation-xml encoding=\"text/html\"><a>", None),
            // Bug 1 after bug 4's replay (a find).
            ("<a><li><math><mi><li><math><annotation-xml></a>", None),
            // Bug 1 beyond the adoption agency algorithm.
            ("<div><math><annotation-xml></div>x", None),
            // A CR before the dropped DOCTYPE and an LF after it (a find).
            ("<table>.\r<!DOCTYPE>\n", Some("html itemprop")),
            ("<table>.\r\r<!DOCTYPE>\n", Some("html itemprop")),
            // Bug 2 with the text of a DOCTYPE in a comment first.
            ("<table>F<!-- <!DOCTYPE> -->G<!DOCTYPE> ", None),
            // Bug 4 replayed: an end tag past two special foreign
            // elements, and an li start tag past one inside a div.
            ("<g><math><mi><svg><desc></g>x", None),
            ("<li><div><math><mi><li>x", None),
            // Found reading html5ever's tables: HTML search is special too.
            ("<x><search></x>y", None),
            ("<li><search><li>y", None),
            ("<x><isindex></x>y", None),
            ("<li><isindex><li>y", None),
            // The furthest block of the adoption agency algorithm (a find).
            ("<a><isindex>x</a>y", None),
            ("<a><search>x</a>y", None),
            ("<a><isindex>x<a>y", None),
            // ... once html5ever ignored an end tag at the isindex (a find).
            ("<s><a><x><isindex></x><a>", Some("math h3")),
            ("<a><x><isindex></x><a>", None),
            ("<span><a></span><n></a><i><isindex><a>", Some("math ontoggle")),
            // `>` in a quoted attribute value of an end tag (finds).
            ("<span><a></span><n></a f=\">\"><span>", Some("svg mi")),
            ("<e></s/s=\">\"><ul><a></ul><l></A><i>", Some("svg shadowrootdelegatesfocus")),
            // `<!--` in script data starts no comment (a find).
            ("<li><isindex><script><!--</script><li>", None),
            // ... nor does a quote open an attribute value there (a find).
            ("<li><isindex><script><g c=\"</script><li>", None),
            // `/=` in a start tag starts an attribute name (a find).
            ("<n e/=\"><li><math><mi><li>", None),
            // A bogus comment `</<a y=">` hides no `<li>` (a find).
            ("<li><math><mi></<a y=\"><li>", None),
            // Bug 7 (a find).
            ("<math><annotation-xml encoding=\"text/html\"><math><div>x", None),
            ("<annotation-xml encoding=\"aPPlication/xhtmL+xMl\"><math><div>", Some("math blockquote")),
            ("<math><annotation-xml encoding=\"text/html\"></p>x", None),
            // Bug 6 (the third session's last find), and after bug 5's
            // replay (a find).
            ("<template><th></th><a><th></th>\n", None),
            ("<span><a></span><n></a><br><template><th></th><a><th></th>\n", Some("math ontoggle")),
        ] {
            assert!(explained(input, context).is_some(), "{input} {context:?}");
        }
    }

    #[test]
    fn end_tags_reach_the_html_element_only_past_foreign_elements_of_other_names() {
        use super::end_tags_reaching_the_html_element;
        let reaching = |input: &str, context: &str| {
            let spans = end_tags_reaching_the_html_element(input, context);
            spans.into_iter().map(|(start, end)| input[start..end].to_string()).collect::<Vec<_>>()
        };
        // Past svg and g to the html element; `</g>` closes its element.
        assert_eq!(reaching("<svg><g></x></g></y>", "html div"), ["</x>", "</y>"]);
        // Names compare ASCII case-insensitively.
        assert_eq!(reaching("<svg><foreignObject></FOREIGNOBJECT></svg>", "html div"), [""; 0]);
        // An open HTML element takes the token first.
        assert_eq!(reaching("<p><svg></x>", "html div"), [""; 0]);
        // In a comment, not an end tag; with only the html element open,
        // foreign content returns at the topmost element.
        assert_eq!(reaching("<n><!--</x>-->", "svg g"), [""; 0]);
        assert_eq!(reaching("</x>", "svg g"), [""; 0]);
        // Each decided with the ones before it ignored: the second `</n>`
        // meets no n.
        assert_eq!(reaching("<n></a></n></n>", "svg g"), ["</a>"]);
        // An svg foster parented before the table: the table is open
        // above it and takes `</table>` (a find).
        assert_eq!(reaching("<table><svg></table>", "svg g"), [""; 0]);
        assert_eq!(reaching("<table><svg></x>", "svg g"), [""; 0]);
        // One end tag named `a<t</i` (a find: overlapping spans panicked).
        assert_eq!(reaching("<n></a<t</i></a>", "svg g"), ["</a<t</i>", "</a>"]);
    }

    #[test]
    fn each_explanation_is_the_bug_of_the_input() {
        for (input, bug) in [
            ("<a><math><annotation-xml></a>x", "has an element in scope"),
            ("<table>F<!DOCTYPE> ", "in table text"),
            ("<g><math><mi><svg><desc></g>x", "in body: the walks down the stack (li/dd/dt"),
            // Bugs 4 and 2 in one input (a find: an li closed past an mi,
            // and a DOCTYPE in table text).
            ("<li><math><mi><li><table>F<!DOCTYPE> ", "several of bugs 2 to 5"),
            // A `b` below the mi: its own end tag would take it off the list
            // of active formatting elements, so the construct decides.
            (
                "<g><math><mi><b></g>x",
                "in body: the walks down the stack stop at the special elements html5ever does not count (not replayed",
            ),
        ] {
            let found = explained(input, None).unwrap_or_default();
            assert!(found.starts_with(bug), "{input}: {found}");
        }
    }

    #[test]
    fn the_special_foreign_filter_needs_a_walk_past_the_element() {
        // html5ever and htmlforge agree when no walk crosses the mn; with a
        // walk that does, the filter would hide only walks from an element
        // that holds the mn.
        assert_eq!(known_bug("<g><math><mn></mn></math></x>", None, ""), None);
        assert_eq!(known_bug("<div><math><mi>x</mi></math><p></p>", None, ""), None);
    }
}
