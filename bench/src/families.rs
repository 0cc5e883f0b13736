//! The pathological families: hostile documents whose parse must stay
//! linear. Shared by `src/bin/pathological.rs` (time and memory, n → 4n)
//! and `tests/untrusted_bound.rs` (the `Limits::UNTRUSTED` memory bound).

use std::fmt::Write as _;

/// A family of hostile documents: `make(n)` is the document of size n.
pub struct Family {
    pub name: &'static str,
    /// The size the issue asks for (the 4n run); n is a quarter of it.
    pub full: usize,
    pub make: fn(usize) -> String,
    /// Not linear today, and why (reported, does not fail the run; see
    /// the README's "Security and robustness").
    pub known_quadratic: Option<&'static str>,
    /// Parsed with `Limits::UNTRUSTED`: the spec's tree is quadratic in the
    /// input (reconstruction multiplies nodes), and the node cap is what
    /// bounds it.
    pub untrusted: bool,
    /// Whether the walk also serializes the tree: not where the spec's
    /// serialization is quadratic in the input (a shared attribute value
    /// written out once per element that shares it).
    pub serialize: bool,
    /// How the bench parses the family's documents.
    pub parse: Parse,
}

/// How a family's documents are parsed.
#[derive(Clone, Copy)]
pub enum Parse {
    /// `parse_document_with`, scripting off (as the families were first
    /// measured).
    Document,
    /// `parse_document_with`, scripting on: the parse pauses after every
    /// script and resumes.
    Scripting,
    /// A `Parser` with scripting on, fed chunks of this many bytes and
    /// resumed after every script.
    ScriptingInChunks(usize),
    /// `parse_document_with` with `<template for>` content patching.
    TemplatePatching,
    /// `Document.parseHTML` (`htmlforge::sanitize::parse_html`) with this
    /// configuration (JSON; `"default"` the built-in safe default): the
    /// sanitizer's pass must stay linear too.
    Sanitize(&'static str),
}

pub const FAMILIES: &[Family] = &[
    Family {
        name: "nested-div",
        full: 1_000_000,
        make: |n| "<div>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // Unclosed a/b: each `<a>` runs the adoption agency on the previous
    // one; the end tags at the end run it with a furthest block.
    Family {
        name: "unclosed-a-b",
        full: 100_000,
        make: |n| format!("{}<div>x{}", "<a><b>".repeat(n / 2), "</a>y</b>".repeat(n / 2)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "misnested-b-i",
        full: 100_000,
        make: |n| "<b><i>x</b>y</i>z<p>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "table-foster",
        full: 100_000,
        make: |n| "<table>x<tr><td>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "attributes",
        full: 100_000,
        make: |n| {
            let mut s = String::from("<div");
            for i in 0..n {
                // Every name twice: half are duplicates.
                let _ = write!(s, " a{}=v", i % (n / 2).max(1));
            }
            s.push_str(">x<html");
            for i in 0..n {
                let _ = write!(s, " h{i}");
            }
            s.push_str("><html");
            for i in 0..n {
                let _ = write!(s, " h{i} k{i}");
            }
            s.push('>');
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "comment-100MB",
        full: 100 << 20,
        make: |n| format!("<!--{}-->", "x".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "attribute-value-100MB",
        full: 100 << 20,
        make: |n| format!("<div title=\"{}\">", "x".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "character-references",
        full: 1_000_000,
        make: |n| {
            let pieces = ["&amp;", "&#x41;", "&#66;", "&notin;", "&noti", "&ampx", "&#xFFFFFF;"];
            let mut s = String::from("<p title=\"");
            for i in 0..n / 2 {
                s.push_str(pieces[i % pieces.len()]);
            }
            s.push_str("\">");
            for i in 0..n / 2 {
                s.push_str(pieces[i % pieces.len()]);
            }
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "foreign-integration-points",
        full: 100_000,
        make: |n| {
            "<svg><foreignObject><math><mi><svg><desc><math><annotation-xml encoding=text/html><div><math><mtext><b>"
                .repeat(n)
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "nested-template",
        full: 1_000_000,
        make: |n| "<template>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // "In body", "any other end tag": each end tag's only matching element
    // is open below a special element (the div) and n ordinary ones, so
    // each walk fails after n elements unless the counted names of the
    // div's region answer it.
    Family {
        name: "end-tags-past-div",
        full: 100_000,
        make: |n| format!("<x-b><div>{}{}", "<x-a>".repeat(n), "</x-b>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // The same with n distinct names, all open below the div.
    Family {
        name: "distinct-end-tags-past-div",
        full: 100_000,
        make: |n| {
            let mut s = String::new();
            for i in 0..n {
                let _ = write!(s, "<y{i}>");
            }
            s.push_str("<div>");
            s.push_str(&"<x-a>".repeat(n));
            for i in 0..n {
                let _ = write!(s, "</y{i}>");
            }
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // Known names, no special rules: span above the div, abbr below it.
    Family {
        name: "known-end-tags-past-div",
        full: 100_000,
        make: |n| format!("<abbr><div>{}{}", "<span>".repeat(n), "</abbr>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // Pushes and pops between the end tags: an ordinary element, and a
    // special one (its own region comes and goes; the div's counts stay).
    Family {
        name: "interleaved-end-tags-past-div",
        full: 100_000,
        make: |n| format!("<x-b><div>{}{}", "<x-a>".repeat(n), "</x-b><x-c></x-c></x-b><p></p>".repeat(n / 2)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // Issue 14's families: "in scope" checks and "last open" searches
    // whose target is open, but below a scope boundary or far down the
    // stack (the stack lists its elements by name and by scope boundary).
    // As `nested-div` (the p is out of button scope, each div nests), and
    // as large: at 200,000 the n run took 4 ms, where the load of a shared
    // machine weighs most (measured ×10.58 once at a load average of 10).
    Family {
        name: "p-below-object",
        full: 1_000_000,
        make: |n| format!("<p><object>{}", "<div>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "body-end-tags",
        full: 200_000,
        make: |n| format!("{}{}", "<div>".repeat(n), "</body>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "p-below-button",
        full: 200_000,
        make: |n| format!("<p><button>{}{}", "<span>".repeat(n), "</p>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "li-below-ul",
        full: 200_000,
        make: |n| format!("<li><ul>{}{}", "<span>".repeat(n), "</li>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "heading-below-object",
        full: 200_000,
        make: |n| format!("<h1><object>{}{}", "<span>".repeat(n), "</h1>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "div-below-object",
        full: 200_000,
        make: |n| format!("<div><object>{}{}", "<span>".repeat(n), "</div>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "select-below-object",
        full: 200_000,
        make: |n| format!("<select><object>{}{}", "<span>".repeat(n), "</select>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "template-below-table",
        full: 200_000,
        make: |n| format!("<template>{}<table>{}", "<div>".repeat(n), "x<span></span>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // The list of active formatting elements: entries of distinct
    // attributes escape the Noah's Ark clause, and each end tag of a
    // formatting element that is not listed after the last marker (here
    // below it) searches the list.
    Family {
        name: "formatting-list-search",
        full: 200_000,
        make: |n| {
            let mut s = String::from("<i><object>");
            for i in 0..n {
                let _ = write!(s, "<b x={i}>");
            }
            s.push_str(&"</i>".repeat(n));
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // The same with the b listed but out of scope (desc is a boundary
    // that pushes no marker): each `</b>` finds it and stops.
    Family {
        name: "formatting-out-of-scope",
        full: 200_000,
        make: |n| {
            let mut s = String::from("<b><svg><desc>");
            for i in 0..n {
                let _ = write!(s, "<i x={i}>");
            }
            s.push_str(&"</b>".repeat(n));
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // Found by the inventory of loops over the stack (docs/robustness.md):
    // the check at `</body>` passed every element allowed open there, the
    // "li" loop passed the divs, and resetting the insertion mode walked
    // down to the body after each table.
    Family {
        name: "allowed-open-at-body-end",
        full: 200_000,
        make: |n| format!("{}{}", "<rb>".repeat(n), "</body>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "list-items-past-divs",
        full: 200_000,
        make: |n| format!("{}{}", "<div>".repeat(n), "<li></li>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "tables-past-divs",
        full: 200_000,
        make: |n| format!("{}{}", "<div>".repeat(n), "<table></table>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "foreign-end-tags",
        full: 200_000,
        make: |n| format!("<svg>{}{}", "<g>".repeat(n), "</x>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // The adoption agency algorithm's step 2 asks whether the current node
    // is in the list of active formatting elements: n distinct listed `i`s,
    // then groups of four `b`s, the first of which the Noah's Ark clause
    // takes off the list, so that every fourth `</b>` asks about an
    // unlisted current node (a search of the whole list, before it was a
    // lookup by stack serial).
    Family {
        name: "formatting-unlisted-current",
        full: 200_000,
        make: |n| {
            let mut s = String::new();
            for i in 0..n {
                let _ = write!(s, "<i x={i}>");
            }
            s.push_str(&"<b><b><b><b></b></b></b></b>".repeat(n / 8));
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // Issue 14's memory families. Text extended between other stored
    // strings (foster-parented text between comments; text after a body
    // tag whose attributes are stored; text after `</body>` and a
    // comment): the text node grows in place or moves with room to grow.
    Family {
        name: "text-between-comments",
        full: 8_000_000,
        make: |n| format!("<table>{}", format!("{}<!--c-->", "x".repeat(100)).repeat(n / 108)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "text-between-body-attributes",
        full: 600_000,
        make: |n| {
            let mut s = String::new();
            let mut i = 0;
            while s.len() < n {
                let _ = write!(s, "x<body a{i}=1>");
                i += 1;
            }
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "text-after-body-comments",
        full: 2_400_000,
        make: |n| "x</body><!--c-->".repeat(n / 16),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // `<html>` attributes added between other elements' attributes: the
    // html element's list moves with room to grow.
    Family {
        name: "html-attributes-between",
        full: 1_600_000,
        make: |n| {
            let mut s = String::new();
            let mut i = 0;
            while s.len() < n {
                let _ = write!(s, "<html a{i}=1><p x=1>");
                i += 1;
            }
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // Reconstructed formatting elements share their attribute values.
    Family {
        name: "reconstructed-attribute",
        full: 1_000_000,
        make: |n| format!("<p><b title=\"{}\"></p>{}", "x".repeat(n / 2), "<p>x</p>".repeat(n / 16)),
        known_quadratic: None,
        untrusted: false,
        serialize: false,
        parse: Parse::Document,
    },
    // A parse error per NUL: errors are kept (12 bytes each), linearly.
    Family {
        name: "nul-errors",
        full: 4_000_000,
        make: |n| format!("<body>{}", "\0".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // Reconstruction multiplies nodes (n formatting elements re-created
    // in each of n paragraphs: the spec's tree has n² nodes); with
    // `Limits::UNTRUSTED` the node cap bounds them. 1.4 MB at 4n: at a
    // tenth of that the n run took less than the thread clock's tick, and
    // the time ratio was noise.
    Family {
        name: "reconstruction-nodes",
        full: 1_400_000,
        make: |n| {
            let k = n / 18;
            let mut s = String::from("<p>");
            for i in 0..k {
                let _ = write!(s, "<b x={i}>");
            }
            s.push_str("</p>");
            s.push_str(&"<p>x</p>".repeat(k));
            s
        },
        known_quadratic: None,
        untrusted: true,
        serialize: true,
        parse: Parse::Document,
    },
    // Issue 30: the adoption agency algorithm moves the formatting element
    // up one element per step of its outer loop (eight per end tag), each a
    // removal and an insertion in the middle of a deep stack. Before the
    // stack kept holes, every one rewrote the records above it: 220 KB
    // took 7.9 s.
    Family {
        name: "formatting-end-past-divs",
        full: 200_000,
        make: |n| format!("<b>{}{}", "<div>".repeat(n), "</b>".repeat(n / 8)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // The Noah's Ark clause: k distinct entries four times (each clause
    // scanned back past 3k entries), and four entries of k attributes each
    // (compared by a search per attribute).
    Family {
        name: "noahs-ark-distinct-entries",
        full: 100_000,
        make: |n| {
            let mut s = String::new();
            for _ in 0..4 {
                for i in 0..n / 4 {
                    let _ = write!(s, "<b x={i}>");
                }
            }
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    Family {
        name: "noahs-ark-many-attributes",
        full: 150_000,
        make: |n| {
            let mut element = String::from("<b");
            for i in 0..n / 4 {
                let _ = write!(element, " a{i}=v");
            }
            element.push('>');
            element.repeat(4)
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // `<template for>` patching found each template's marker by a walk of
    // the whole scope (×15 for 4n).
    Family {
        name: "template-for-markers",
        full: 40_000,
        make: |n| {
            let mut s = String::new();
            for i in 0..n {
                let _ = write!(s, "<?marker name=m{i}><template for=m{i}>x</template>");
            }
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::TemplatePatching,
    },
    // Many markers of one name, each template looking at the markers of
    // its name; and templates for a marker outside the n templates they
    // are nested in (the patch's scope found from the stack).
    Family {
        name: "template-for-one-name",
        full: 40_000,
        make: |n| format!("{}{}", "<?marker name=m>".repeat(n), "<template for=m>x</template>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::TemplatePatching,
    },
    Family {
        name: "template-for-inside-templates",
        full: 40_000,
        make: |n| format!("<?marker name=m>{}{}", "<template>".repeat(n), "<template for=m>x</template>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::TemplatePatching,
    },
    // The select rules walked the stack for every option (1.9 MB: 8.2 s).
    Family {
        name: "select-options-past-divs",
        full: 150_000,
        make: |n| format!("<select>{}{}", "<div>".repeat(n), "<option>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Document,
    },
    // Scripting on: the parse pauses after every script; the tokenizer
    // once moved the rest of its input at each pause.
    Family {
        name: "scripts-scripting-on",
        full: 100_000,
        make: |n| "<script></script>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Scripting,
    },
    Family {
        name: "scripts-in-chunks",
        full: 100_000,
        make: |n| "<script></script>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::ScriptingInChunks(1000),
    },
    // The sanitizer (`Document.parseHTML`): nested elements replaced with
    // their children (each move is one per child, each node visited once),
    // attributes looked up one by one in hashed lists, `javascript:` URLs
    // parsed one per attribute, and nested template contents.
    Family {
        name: "sanitize-nested-replaced",
        full: 1_000_000,
        make: |n| "<b>x<i>".repeat(n / 8),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Sanitize(r#"{"replaceWithChildrenElements": ["b", "i"]}"#),
    },
    Family {
        name: "sanitize-attributes",
        full: 1_000_000,
        make: |n| {
            let mut s = String::from("<p");
            for i in 0..n / 12 {
                let _ = write!(s, " a{i}=x");
            }
            s.push_str(">x");
            s
        },
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Sanitize("\"default\""),
    },
    Family {
        name: "sanitize-javascript-urls",
        full: 1_000_000,
        make: |n| "<a href='javascript:x()' onclick=y>a</a>".repeat(n / 40),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Sanitize("{}"),
    },
    Family {
        name: "sanitize-nested-templates",
        full: 2_000_000,
        make: |n| "<template><div title=t onclick=x>".repeat(n / 40),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
        parse: Parse::Sanitize(r#"{"removeElements": ["span"]}"#),
    },
];

/// What a [`QueryFamily`] runs over the parsed document, timed and measured
/// with the parse.
#[derive(Clone, Copy)]
pub enum Query {
    /// `Document::select(selector).count()`.
    Select(&'static str),
    /// The pretty serialization (`dom::write_pretty_html`), into a byte
    /// counter: its size must grow as the input does.
    Pretty,
    /// DOM calls in a loop on the parsed document, as many as it has
    /// elements; returns what they made (attributes or nodes), which must
    /// grow as the input does.
    Edit(fn(&mut htmlforge::dom::Document) -> usize),
}

/// The `b` elements of `document`.
fn b_elements(document: &htmlforge::dom::Document) -> Vec<htmlforge::dom::NodeId> {
    document.get_elements_by_tag_name("b").map(|b| b.id()).collect()
}

/// `set_attribute` of a new name on one element, once per `b`: the
/// element's attributes grow to as many as the document has elements.
fn set_attribute_many_names(document: &mut htmlforge::dom::Document) -> usize {
    let all = b_elements(document);
    let Some(&first) = all.first() else { return 0 };
    for i in 0..all.len() {
        document.set_attribute(first, &format!("a{i}"), "v").expect("a valid name");
    }
    document.element(first).map_or(0, |element| element.attrs().count())
}

/// `set_attribute` then `remove_attribute` of one name on each `b`, and of
/// an existing name on the first: each call searches one element's few
/// attributes.
fn set_and_remove_attribute_each(document: &mut htmlforge::dom::Document) -> usize {
    let all = b_elements(document);
    let mut kept = 0;
    for &b in &all {
        document.set_attribute(b, "title", "t").expect("a valid name");
        document.set_attribute(all[0], "class", "c").expect("a valid name");
        kept += usize::from(document.remove_attribute(b, "class"));
    }
    kept
}

/// A new element inserted before the first child of `body`, once per `b`
/// (the body's child list grows at its front).
fn insert_before_first_child(document: &mut htmlforge::dom::Document) -> usize {
    let count = b_elements(document).len();
    let body = document.body().expect("a body").id();
    let name = htmlforge::QualName::html("i");
    for _ in 0..count {
        let i = document.create_element(&name, &[]).expect("an element");
        let first = document.first_child(body);
        document.insert_before(body, i, first).expect("a valid insertion");
    }
    document.children(body).count()
}

/// Every `b` removed from the tree, then appended again after the last
/// child of `body`.
fn remove_and_append_each(document: &mut htmlforge::dom::Document) -> usize {
    let body = document.body().expect("a body").id();
    for b in b_elements(document) {
        document.remove(b);
        document.append_child(body, b).expect("a valid insertion");
    }
    document.children(body).count()
}

/// A hostile document and what runs over it after the parse: selectors
/// and serializers whose cost once grew faster than the tree (issue 30).
pub struct QueryFamily {
    pub name: &'static str,
    pub full: usize,
    pub make: fn(usize) -> String,
    pub query: Query,
}

pub const QUERY_FAMILIES: &[QueryFamily] = &[
    // `:has()` walked each candidate's subtree again (quadratic), and
    // recursed per level: `body:has(p)` overflowed the stack at 80,000.
    QueryFamily {
        name: "has-nested-divs",
        full: 1_000_000,
        make: |n| format!("{}<p>", "<div>".repeat(n)),
        query: Query::Select("div:has(p)"),
    },
    QueryFamily {
        name: "has-deep-body",
        full: 1_000_000,
        make: |n| format!("{}<p>", "<div>".repeat(n)),
        query: Query::Select("body:has(p)"),
    },
    QueryFamily {
        name: "not-has-nested-divs",
        full: 1_000_000,
        make: |n| format!("{}<p>", "<div>".repeat(n)),
        query: Query::Select("div:not(:has(> p))"),
    },
    QueryFamily {
        name: "has-later-siblings",
        full: 1_000_000,
        make: |n| format!("{}<p>", "<i></i>".repeat(n / 2)),
        query: Query::Select("i:has(~ p)"),
    },
    // A descendant combinator walked each candidate's ancestors.
    QueryFamily {
        name: "descendant-nested-divs",
        full: 1_000_000,
        make: |n| "<div>".repeat(n),
        query: Query::Select("body div"),
    },
    QueryFamily {
        name: "later-sibling-divs",
        full: 1_000_000,
        make: |n| format!("<p></p>{}", "<i></i>".repeat(n / 2)),
        query: Query::Select("p ~ i:nth-child(2n)"),
    },
    // Selectors nested in `:is()`, `:not()` and `:where()`, and `:has()`
    // inside them (issue 30): the nested lists are matched per candidate,
    // the `:has()` inside them from its pass over the document.
    QueryFamily {
        name: "is-not-where-nested-divs",
        full: 1_000_000,
        make: |n| format!("{}<p>", "<div>".repeat(n)),
        query: Query::Select("div:is(:not(:where(p, span, :is(section, aside))))"),
    },
    QueryFamily {
        name: "is-has-nested-divs",
        full: 1_000_000,
        make: |n| format!("{}<p>", "<div>".repeat(n)),
        query: Query::Select("div:is(:has(p), :has(> span))"),
    },
    QueryFamily {
        name: "where-not-has-nested-divs",
        full: 1_000_000,
        make: |n| format!("{}<p>", "<div>".repeat(n)),
        query: Query::Select(":where(div:not(:has(> p)))"),
    },
    QueryFamily {
        name: "not-is-has-siblings",
        full: 1_000_000,
        make: |n| format!("{}<p>", "<i></i>".repeat(n / 2)),
        query: Query::Select("i:not(:is(:has(~ p), b))"),
    },
    QueryFamily {
        name: "is-child-nested-divs",
        full: 1_000_000,
        make: |n| format!("{}<p>", "<div>".repeat(n)),
        query: Query::Select("div:is(div > div, body > div)"),
    },
    // DOM calls in a loop: each call's cost is bounded by the element or
    // the links it touches, not by the calls before it.
    QueryFamily {
        name: "set-attribute-many-names",
        full: 1_000_000,
        make: |n| "<b></b>".repeat(n / 7),
        query: Query::Edit(set_attribute_many_names),
    },
    QueryFamily {
        name: "set-remove-attribute-each",
        full: 1_000_000,
        make: |n| "<b id=x></b>".repeat(n / 12),
        query: Query::Edit(set_and_remove_attribute_each),
    },
    QueryFamily {
        name: "insert-before-first-child",
        full: 1_000_000,
        make: |n| "<b></b>".repeat(n / 7),
        query: Query::Edit(insert_before_first_child),
    },
    QueryFamily {
        name: "remove-and-append-each",
        full: 1_000_000,
        make: |n| "<b></b>".repeat(n / 7),
        query: Query::Edit(remove_and_append_each),
    },
    // The indentation grew with the depth: output n² bytes.
    QueryFamily { name: "pretty-nested-divs", full: 1_000_000, make: |n| "<div>".repeat(n), query: Query::Pretty },
];
