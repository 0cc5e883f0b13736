//! WPT's sanitizer tests (`tests/wpt-sanitizer/`, SOURCE.md), run through
//! `htmlforge::sanitize` the way each WPT file's runner runs them:
//! `setHTML`, `setHTMLUnsafe` (on an element and on a shadow root, whose
//! host is the context element), `Document.parseHTML` and
//! `parseHTMLUnsafe`, with the case's `#config` as the `sanitizer` member
//! (JSON that does not parse is left out, as the runners' `try
//! JSON.parse` leaves it undefined).
//!
//! The result is compared with the case's `#document` as WPT's
//! `assert_testcase` compares (`isEqualNode` node by node): attributes in
//! any order. Adjacent text nodes are merged first: the expectations were
//! written for HTML's "sanitize while parsing" (whatwg/html#12756), where a
//! node the sanitizer drops is never inserted and the parser appends the
//! next text to the text before it; index.bs's "sanitize" (WICG/sanitizer-api
//! `ffdd3ae`) removes nodes from the parsed tree and leaves the two text
//! nodes side by side. The two serialize alike.
//!
//! Prints `sanitizer-wpt: N passed, M failed, K skipped` and the counts per
//! file; any failure fails the run. Skips, each with its reason:
//! `tests/expectations/sanitizer-wpt-skip.txt`. `VERBOSE=1` prints each
//! failing case.

use std::collections::BTreeMap;
use std::path::Path;

use htmlforge::dom::{dump_children_html5lib, Document, NodeData, NodeId};
use htmlforge::sanitize::{
    parse_html, parse_html_unsafe, sanitize_fragment, sanitize_fragment_unsafe, ConfigError, Sanitizer, SanitizerOption,
};
use htmlforge::FragmentContext;
use htmlforge_conformance::wpt_sanitizer::{html5lib_blocks, parse_cases, wpt_sanitizer_dir, SanitizerCase, HOST};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    SetHtml,
    SetHtmlUnsafe,
    ShadowRootSetHtml,
    ShadowRootSetHtmlUnsafe,
    ParseHtml,
    ParseHtmlUnsafe,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::SetHtml => "setHTML",
            Method::SetHtmlUnsafe => "setHTMLUnsafe",
            Method::ShadowRootSetHtml => "ShadowRoot.setHTML",
            Method::ShadowRootSetHtmlUnsafe => "ShadowRoot.setHTMLUnsafe",
            Method::ParseHtml => "parseHTML",
            Method::ParseHtmlUnsafe => "parseHTMLUnsafe",
        }
    }

    fn from_name(name: &str) -> Method {
        match name {
            "setHTML" => Method::SetHtml,
            "setHTMLUnsafe" => Method::SetHtmlUnsafe,
            other => panic!("unknown #method {other}"),
        }
    }
}

/// Which node's children the expectation describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// The context element's (or shadow root's) children after `setHTML`.
    Fragment,
    /// The document's children (`assert_testcase(Document.parseHTML(…))`).
    Document,
    /// The body's children.
    Body,
    /// The children of the body's first child (the processing instruction
    /// file wraps its input in a `div`).
    BodyFirstChild,
}

/// How the `sanitizer` member is made from `#config`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ConfigRule {
    /// `{ sanitizer: JSON.parse(config) }`; undefined when absent or not JSON.
    AsIs,
    /// As is, and for a configuration with `elements` (or with any
    /// configuration, `always`), a `new Sanitizer(config)` that also allows
    /// `body` and `html` (the parseHTML runs of two files).
    AllowBodyAndHtml { always: bool },
    /// `{ sanitizer: {} }` whatever the case says.
    Empty,
}

/// One run of one case.
struct Job<'a> {
    name: String,
    case: &'a SanitizerCase,
    method: Method,
    target: Target,
    config: ConfigRule,
    /// Text put before the case's data (`"<body>"`, `"<div>"`).
    prefix: &'static str,
    suffix: &'static str,
}

fn substitute(text: &str) -> String {
    text.replace("{{host}}", HOST)
}

/// The `sanitizer` member, or a configuration the constructor refused.
fn sanitizer_option(case: &SanitizerCase, rule: ConfigRule) -> Result<Option<SanitizerOption>, ConfigError> {
    if rule == ConfigRule::Empty {
        return Ok(Some(SanitizerOption::from_json("{}")?));
    }
    let Some(text) = case.get("config") else { return Ok(None) };
    let Ok(value) = serde_json::from_str::<Value>(text) else { return Ok(None) };
    if let ConfigRule::AllowBodyAndHtml { always } = rule {
        if always || value.get("elements").is_some() {
            let mut sanitizer = Sanitizer::from_json(text)?;
            sanitizer.allow_element("body");
            sanitizer.allow_element("html");
            return Ok(Some(SanitizerOption::Sanitizer(sanitizer)));
        }
    }
    SanitizerOption::from_json(text).map(Some)
}

/// Runs the job: the tree dump of its target, or the configuration error.
fn run(job: &Job<'_>) -> Result<String, ConfigError> {
    let option = sanitizer_option(job.case, job.config)?;
    let data = format!("{}{}{}", job.prefix, substitute(job.case.get("data").unwrap_or_default()), job.suffix);
    let context = FragmentContext::from_test_notation(job.case.get("document-fragment").unwrap_or("div"));
    let mut document = match job.method {
        Method::SetHtml | Method::ShadowRootSetHtml => sanitize_fragment(&data, &context, option.as_ref())?,
        Method::SetHtmlUnsafe | Method::ShadowRootSetHtmlUnsafe => {
            sanitize_fragment_unsafe(&data, &context, option.as_ref())?
        }
        Method::ParseHtml => parse_html(&data, option.as_ref())?,
        Method::ParseHtmlUnsafe => parse_html_unsafe(&data, option.as_ref())?,
    };
    let target = match job.target {
        Target::Fragment => document.fragment_root(),
        Target::Document => Some(document.document()),
        Target::Body => document.body().map(|body| body.id()),
        Target::BodyFirstChild => document.body().and_then(|body| document.first_child(body.id())),
    };
    let Some(target) = target else { return Ok(String::new()) };
    merge_adjacent_text(&mut document, target);
    Ok(comments_as_wpt_reads_them(&dump_children_html5lib(&document, target)))
}

/// The html5lib format writes a comment `<!-- data -->`; WPT's
/// `build_node_tree` reads `<!--data-->` (its `^<!--(.*)-->$`), so that
/// its `<!-- 1 -->` is the comment " 1 ". Our dump's comments, written the
/// way WPT reads them.
fn comments_as_wpt_reads_them(dump: &str) -> String {
    let lines: Vec<String> = dump
        .split('\n')
        .map(|line| {
            let content = line.trim_start_matches("| ").trim_start();
            let indent = &line[..line.len() - content.len()];
            match content.strip_prefix("<!-- ").and_then(|c| c.strip_suffix(" -->")) {
                Some(data) if line.starts_with("| ") => format!("{indent}<!--{data}-->"),
                _ => line.to_string(),
            }
        })
        .collect();
    lines.join("\n")
}

/// Merges each run of adjacent text nodes under `root` (template contents
/// included) into its first node.
fn merge_adjacent_text(document: &mut Document, root: NodeId) {
    let mut parents = vec![root];
    while let Some(parent) = parents.pop() {
        let mut child = document.first_child(parent);
        while let Some(node) = child {
            let next = document.next_sibling(node);
            match document.data(node) {
                NodeData::Text(text) => {
                    if let Some(next) = next {
                        if let Some(more) = document.text_node_data(next) {
                            let merged = format!("{text}{more}");
                            document.set_text_content(node, &merged);
                            document.remove(next);
                            continue;
                        }
                    }
                }
                NodeData::Element(element) => {
                    parents.extend(element.template_contents());
                    parents.push(node);
                }
                _ => {}
            }
            child = next;
        }
    }
}

/// The dump with each run of attribute lines of one element sorted: WPT
/// compares with `isEqualNode`, to which attribute order is nothing.
fn normalize(dump: &str) -> String {
    // Entries: a `| ` line with the lines that continue it (text with
    // newlines).
    let mut entries: Vec<String> = Vec::new();
    for line in dump.trim_end_matches('\n').split('\n') {
        match entries.last_mut() {
            Some(last) if !line.starts_with("| ") => {
                last.push('\n');
                last.push_str(line);
            }
            _ => entries.push(line.to_string()),
        }
    }
    let is_attribute = |entry: &str| {
        let content = entry.trim_start_matches("| ").trim_start();
        !content.starts_with('<') && !content.starts_with('"') && content != "content" && content.contains('=')
    };
    let indent = |entry: &str| entry.len() - entry.trim_start_matches("| ").trim_start().len();
    let mut out: Vec<String> = Vec::new();
    let mut at = 0;
    while at < entries.len() {
        if is_attribute(&entries[at]) {
            let level = indent(&entries[at]);
            let mut end = at;
            while end < entries.len() && is_attribute(&entries[end]) && indent(&entries[end]) == level {
                end += 1;
            }
            let mut run = entries[at..end].to_vec();
            run.sort();
            out.extend(run);
            at = end;
        } else {
            out.push(entries[at].clone());
            at += 1;
        }
    }
    out.join("\n")
}

/// The runs WPT's runner of each file makes.
fn jobs<'a>(file: &str, group: Option<&str>, index: usize, case: &'a SanitizerCase) -> Vec<Job<'a>> {
    let base = match group {
        Some(group) => format!("{file}/{group}#{index}"),
        None => format!("{file}#{index}"),
    };
    let job = |method: Method, target: Target, config: ConfigRule, prefix: &'static str, suffix: &'static str| Job {
        name: format!("{base} [{}]", method.name()),
        case,
        method,
        target,
        config,
        prefix,
        suffix,
    };
    let fragment = |method| job(method, Target::Fragment, ConfigRule::AsIs, "", "");
    match file {
        "sethtml-safety.sub.dat" | "sethtml-tree-construction.sub.dat" | "sanitizer-in-adoption-agency.sub.dat" => {
            vec![fragment(Method::SetHtml)]
        }
        "sethtml-unsafety.sub.dat" => vec![fragment(Method::SetHtmlUnsafe)],
        "sanitizer-script-tokenizer.sub.dat" => {
            vec![fragment(Method::from_name(case.get("method").unwrap_or("setHTML")))]
        }
        "sethtmlunsafe-toplevel-template-script.sub.dat" => {
            vec![fragment(Method::from_name(case.get("method").unwrap_or("setHTMLUnsafe")))]
        }
        "sanitizer-basic-filtering.html" => {
            let parse = ConfigRule::AllowBodyAndHtml { always: false };
            vec![
                fragment(Method::SetHtml),
                fragment(Method::SetHtmlUnsafe),
                fragment(Method::ShadowRootSetHtml),
                fragment(Method::ShadowRootSetHtmlUnsafe),
                job(Method::ParseHtml, Target::Body, parse, "", ""),
                job(Method::ParseHtmlUnsafe, Target::Body, parse, "", ""),
            ]
        }
        "sanitizer-javascript-url.html" => vec![
            job(Method::SetHtml, Target::Fragment, ConfigRule::Empty, "", ""),
            job(Method::ParseHtml, Target::Body, ConfigRule::Empty, "<body>", ""),
        ],
        "sanitizer-duplicate-html-body.html" => match group {
            Some("safe") => vec![job(Method::ParseHtml, Target::Document, ConfigRule::AsIs, "", "")],
            Some("unsafe") => vec![job(Method::ParseHtmlUnsafe, Target::Document, ConfigRule::AsIs, "", "")],
            _ => vec![fragment(Method::SetHtml)],
        },
        "sanitizer-processing-instructions.html" => {
            let parse = ConfigRule::AllowBodyAndHtml { always: true };
            let mut runs = Vec::new();
            if group != Some("safe-only") {
                runs.push(fragment(Method::SetHtmlUnsafe));
                runs.push(fragment(Method::ShadowRootSetHtmlUnsafe));
            }
            if group != Some("unsafe-only") {
                runs.push(fragment(Method::SetHtml));
                runs.push(fragment(Method::ShadowRootSetHtml));
                runs.push(job(Method::ParseHtml, Target::BodyFirstChild, parse, "<div>", "</div>"));
            }
            if group != Some("safe-only") {
                runs.push(job(Method::ParseHtmlUnsafe, Target::BodyFirstChild, parse, "<div>", "</div>"));
            }
            runs
        }
        other => panic!("no runner for {other}"),
    }
}

/// The vendored files, in the order the counts are printed.
const DAT_FILES: [&str; 6] = [
    "sethtml-safety.sub.dat",
    "sethtml-unsafety.sub.dat",
    "sethtml-tree-construction.sub.dat",
    "sanitizer-in-adoption-agency.sub.dat",
    "sanitizer-script-tokenizer.sub.dat",
    "sethtmlunsafe-toplevel-template-script.sub.dat",
];
const HTML_FILES: [&str; 4] = [
    "sanitizer-basic-filtering.html",
    "sanitizer-javascript-url.html",
    "sanitizer-duplicate-html-body.html",
    "sanitizer-processing-instructions.html",
];

fn skip_list() -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations").join("sanitizer-wpt-skip.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut skips = BTreeMap::new();
    for line in text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let (case, reason) =
            line.split_once(" -- ").unwrap_or_else(|| panic!("{}: `{line}` has no ` -- reason`", path.display()));
        // support/testcases.sub.js's entries are tests/tests/sanitizer_testcases_js.rs's.
        if !case.starts_with("support/") {
            skips.insert(case.trim().to_string(), reason.trim().to_string());
        }
    }
    skips
}

fn main() {
    let dir = wpt_sanitizer_dir();
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    // (file, group, cases)
    let mut sources: Vec<(&str, Option<String>, Vec<SanitizerCase>)> = Vec::new();
    for file in DAT_FILES {
        sources.push((file, None, parse_cases(&read(file))));
    }
    for file in HTML_FILES {
        for (group, text) in html5lib_blocks(&read(file)) {
            sources.push((file, Some(group), parse_cases(&text)));
        }
    }
    let skips = skip_list();
    let mut used_skips = 0;
    let verbose = std::env::var_os("VERBOSE").is_some();
    let mut by_file: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    let mut failed = Vec::new();
    for (file, group, cases) in &sources {
        for (index, case) in cases.iter().enumerate() {
            for job in jobs(file, group.as_deref(), index, case) {
                let counts = by_file.entry(file).or_default();
                if skips.contains_key(&job.name) {
                    counts.2 += 1;
                    used_skips += 1;
                    continue;
                }
                let expected_error = case.get("error");
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&job)));
                let pass = match (&outcome, expected_error) {
                    (Ok(Err(_)), Some("TypeError")) => true,
                    (Ok(Ok(dump)), None) => {
                        normalize(dump) == normalize(&substitute(case.get("document").unwrap_or_default()))
                    }
                    _ => false,
                };
                if pass {
                    counts.0 += 1;
                } else {
                    counts.1 += 1;
                    if verbose {
                        eprintln!(
                            "FAIL {}\n--- data\n{}\n--- config\n{}\n--- expected\n{}\n--- actual\n{:?}\n",
                            job.name,
                            case.get("data").unwrap_or_default(),
                            case.get("config").unwrap_or("(none)"),
                            case.get("document").or(expected_error).unwrap_or_default(),
                            outcome.as_ref().map(|r| r.as_ref().map(|d| normalize(d))),
                        );
                    }
                    failed.push(job.name);
                }
            }
        }
    }
    let (passed, failures, skipped) =
        by_file.values().fold((0, 0, 0), |(p, f, s), (p2, f2, s2)| (p + p2, f + f2, s + s2));
    for (file, (p, f, s)) in &by_file {
        println!("sanitizer-wpt {file}: {p} passed, {f} failed, {s} skipped");
    }
    println!("sanitizer-wpt: {passed} passed, {failures} failed, {skipped} skipped");
    assert_eq!(used_skips, skips.len(), "a skip list entry names no case run");
    if !failed.is_empty() {
        for name in &failed {
            eprintln!("failed: {name}");
        }
        std::process::exit(1);
    }
}
