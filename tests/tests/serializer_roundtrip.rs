//! Does serializing keep the tree? For each input, `parse(serialize(parse(
//! input)))` must build the same tree as `parse(input)`, with htmlforge's
//! own parser, for both serializers:
//!
//! - `spec`: the HTML fragment serialization algorithm
//!   (`htmlforge::serialize_document`, `Document::inner_html`);
//! - `minimized`: the minimizing `Serializer` driven from the DOM
//!   (`serialize_dom`, `Serializer::write_children`), with its default
//!   options (what `htmlforge serialize --minimize` writes) except
//!   `scripting`, which is the parse's;
//! - `pretty`: the spec serialization with line breaks inside tags
//!   (`htmlforge::dom::write_pretty_html`), which must not change the tree.
//!
//! Inputs: the built-in documents below; every html5lib tree-construction
//! input (documents, and fragments in their context, with the test's
//! scripting flag, off when it has none); the 130 shared corpus pages
//! (`HTMLFORGE_CORPUS=DIR`, else `../shared/corpus/pages` when it is there,
//! else the vendored `bench/corpus`), with scripting off and on.
//!
//! Run time in a debug build: about 22 s of CPU for the three tests (the
//! corpus dominates: 25 MB parsed four times, for each scripting flag).
//!
//! The trees are compared as html5lib dumps, except that the `spec` and
//! `pretty` serializers write a DOCTYPE as `<!DOCTYPE name>` (as the
//! algorithm says), so for them the DOCTYPE's identifiers are left out of
//! the comparison (a change of quirks mode that they cause shows in the
//! rest of the tree).
//!
//! The cases where the serialization does not round-trip are listed with a
//! reason each in `tests/expectations/roundtrip-exceptions.txt`; a listed
//! case that round-trips fails the test, so the list cannot go stale.
//! `UPDATE_EXPECTATIONS=1` prints the failing cases in the file's form.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use htmlforge::dom::{
    dump_children_html5lib, dump_html5lib, serialize_inner_html, write_pretty_html, Document, SpecSerializeOptions,
};
use htmlforge::serializer::{FmtOutput, SerializeOptions, Serializer};
use htmlforge::{parse_document_with, parse_fragment_with, FragmentContext, ParseOptions};
use htmlforge_conformance::tree_construction::{all_tests, tree_construction_dir};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Spec,
    Minimized,
    Pretty,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Spec, Kind::Minimized, Kind::Pretty];

    fn name(self) -> &'static str {
        match self {
            Kind::Spec => "spec",
            Kind::Minimized => "minimized",
            Kind::Pretty => "pretty",
        }
    }
}

/// One input to round-trip.
struct Input {
    name: String,
    html: String,
    /// The fragment context in the tests' notation, for a fragment.
    fragment: Option<String>,
    scripting: bool,
}

fn parse(input: &Input, html: &str) -> Document {
    let options = ParseOptions::default().scripting(input.scripting);
    match &input.fragment {
        Some(context) => parse_fragment_with(html, &FragmentContext::from_test_notation(context), options),
        None => parse_document_with(html, options),
    }
}

/// The node whose children are the input's nodes.
fn root(input: &Input, document: &Document) -> htmlforge::dom::NodeId {
    match input.fragment {
        Some(_) => document.fragment_root().expect("a fragment has a root"),
        None => document.document(),
    }
}

fn serialize(input: &Input, document: &Document, kind: Kind) -> String {
    let node = root(input, document);
    match kind {
        Kind::Spec => {
            let mut out = FmtOutput(String::new());
            serialize_inner_html(
                document,
                node,
                SpecSerializeOptions::default().scripting(Some(input.scripting)),
                &mut out,
            )
            .unwrap();
            out.0
        }
        Kind::Minimized => {
            let options = SerializeOptions::default().scripting(Some(input.scripting));
            let mut serializer = Serializer::new(String::new(), options);
            serializer.write_children(document, node).unwrap();
            serializer.finish().unwrap()
        }
        Kind::Pretty => {
            let mut out = FmtOutput(String::new());
            write_pretty_html(
                document,
                node,
                SpecSerializeOptions::default().scripting(Some(input.scripting)),
                &mut out,
            )
            .unwrap();
            out.0
        }
    }
}

fn dump(input: &Input, document: &Document, kind: Kind) -> String {
    let dump = match input.fragment {
        Some(_) => dump_children_html5lib(document, root(input, document)),
        None => dump_html5lib(document),
    };
    if kind == Kind::Minimized {
        return dump;
    }
    // A DOCTYPE is a child of the Document: a `| <!DOCTYPE` line without
    // indent. Keep its name only.
    dump.lines()
        .map(|line| match line.strip_prefix("| <!DOCTYPE ") {
            Some(rest) => format!("| <!DOCTYPE {}>\n", rest.split(' ').next().unwrap_or("").trim_end_matches('>')),
            None => format!("{line}\n"),
        })
        .collect()
}

/// `Err`: where the reparsed tree first differs. `first` is the input
/// parsed (once for all serializers).
fn round_trip(input: &Input, first: &Document, kind: Kind) -> Result<(), String> {
    let serialized = serialize(input, first, kind);
    let second = parse(input, &serialized);
    let (before, after) = (dump(input, first, kind), dump(input, &second, kind));
    if before == after {
        return Ok(());
    }
    let (a, b): (Vec<&str>, Vec<&str>) = (before.lines().collect(), after.lines().collect());
    let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    Err(format!(
        "line {}: parsed {:?} / reparsed {:?}",
        at + 1,
        a.get(at).copied().unwrap_or("(end)"),
        b.get(at).copied().unwrap_or("(end)")
    ))
}

fn expectations_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/roundtrip-exceptions.txt")
}

/// The listed exceptions: `CASE SERIALIZERS -- reason` (`CASE` may hold
/// spaces; `SERIALIZERS` is `spec`, `minimized` or `spec,minimized`), by
/// (case, serializer).
fn exceptions() -> BTreeMap<(String, Kind), String> {
    let text = std::fs::read_to_string(expectations_path()).expect("tests/expectations/roundtrip-exceptions.txt");
    let mut listed = BTreeMap::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (head, reason) = line.split_once(" -- ").unwrap_or_else(|| panic!("line {}: no ` -- reason`", number + 1));
        assert!(!reason.trim().is_empty(), "line {}: an empty reason", number + 1);
        let (case, kinds) = head.rsplit_once(' ').unwrap_or_else(|| panic!("line {}: no serializer", number + 1));
        for kind in kinds.split(',') {
            let kind = Kind::ALL
                .into_iter()
                .find(|k| k.name() == kind)
                .unwrap_or_else(|| panic!("line {}: serializer {kind:?}", number + 1));
            listed.insert((case.to_string(), kind), reason.to_string());
        }
    }
    listed
}

/// Round-trips `inputs` with both serializers; fails on a failure that is
/// not listed and on a listed case (of these inputs) that passes.
fn check(suite: &str, inputs: &[Input]) {
    let listed = exceptions();
    let (mut passed, mut expected, mut unexpected, mut stale) = (0, 0, Vec::new(), Vec::new());
    let mut failing: BTreeMap<&str, (Vec<&str>, String)> = BTreeMap::new();
    for input in inputs {
        let first = parse(input, &input.html);
        for kind in Kind::ALL {
            let key = (input.name.clone(), kind);
            match (round_trip(input, &first, kind), listed.contains_key(&key)) {
                (Ok(()), false) => passed += 1,
                (Ok(()), true) => {
                    stale.push(format!("{} {}: round-trips now; remove it from the list", input.name, kind.name()))
                }
                (Err(_), true) => expected += 1,
                (Err(difference), false) => {
                    unexpected.push(format!(
                        "{} {}: {difference}\n    input: {:?}",
                        input.name,
                        kind.name(),
                        input.html.chars().take(300).collect::<String>()
                    ));
                    let entry = failing.entry(&input.name).or_insert_with(|| (Vec::new(), difference));
                    entry.0.push(kind.name());
                }
            }
        }
    }
    if std::env::var_os("UPDATE_EXPECTATIONS").is_some() {
        for (name, (kinds, difference)) in &failing {
            println!("{name} {} -- TODO {difference}", kinds.join(","));
        }
    }
    println!(
        "{suite} round trip: {passed} passed, {} failed ({expected} listed exceptions, {} inputs x 3 serializers)",
        unexpected.len() + stale.len(),
        inputs.len()
    );
    assert!(unexpected.is_empty() && stale.is_empty(), "{}\n{}", unexpected.join("\n"), stale.join("\n"));
}

const DOCUMENTS: &[&str] = &[
    "<!DOCTYPE html><html lang=en><head><title>t</title><meta charset=utf-8></head><body><p>a<p>b</body></html>",
    "<ul><li>one<li>two<ol><li>x</ol></ul><dl><dt>a<dd>b<dt>c</dl>",
    "<table><caption>c</caption><colgroup><col><col></colgroup><colgroup><col></colgroup><thead><tr><th>h</thead><tbody><tr><td>1<td>2</tbody><tbody><tr><td>3</tbody><tfoot><tr><td>f</tfoot></table>",
    "<table><tr><td>implied tbody</table><table><tbody></tbody><tbody><tr></tbody></table>",
    "<select><optgroup label=g><option>1<option>2</optgroup><option>3</select>",
    "<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rb>a<rt>b<rtc>c</rtc></ruby>",
    "<a href=x><p>in a</p></a><ins><p>in ins</p></ins><my-el><p>custom</p></my-el><div><p>div</p></div>",
    "<svg><foreignObject><p>html in svg</p></foreignObject></svg><math><mi>x</mi></math>",
    "<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\"><use xlink:href=\"#a\" xml:lang=en /></svg>",
    "<body><!-- first --><p>x</p></body><!-- after body -->",
    "<html><!-- before head --><head></head><body> <p>space first</body></html>",
    "<head><script>var a = 1 < 2;</script><style>p > a {}</style></head><body><script>b()</script>text",
    "<p title='a \"b\" c' data-x=\"it's\" class=a>quotes</p><p title=\"x=y\" alt=`q`>eq</p><input value=\"\" disabled>",
    "<pre>\n\nsecond newline kept</pre><textarea>x\n</textarea><p>nbsp&nbsp;and &amp; &lt;</p>",
    "<template><tr><td>in template</td></tr></template><p>after",
    "<p>a<div>b</div><p>c<table></table><p>d<hr><p>e<address>f</address>",
    "<html><body></body></html><!-- trailing -->",
    "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\"><p>quirks<table></table>",
    "<span><p>x</p></span>after<b><p>y</p></b>after<my-el><li>z</li></my-el>after",
    "<span><li>x</li></span>after<em><dl><dd>d</dl></em><i><dd>e</dd></i>after",
    "<noscript><p>scripting off: markup</p></noscript><iframe><b>&amp;</b></iframe><xmp><i></xmp>",
];

#[test]
fn the_built_in_documents_round_trip() {
    let inputs: Vec<Input> = DOCUMENTS
        .iter()
        .enumerate()
        .map(|(index, html)| Input {
            name: format!("document {index}"),
            html: html.to_string(),
            fragment: None,
            scripting: false,
        })
        .collect();
    check("documents", &inputs);
}

#[test]
fn the_tree_construction_inputs_round_trip() {
    let tests = all_tests(&tree_construction_dir()).expect("the vendored tree-construction tests are readable");
    let inputs: Vec<Input> = tests
        .iter()
        .map(|test| {
            let scripting = test.scripting.unwrap_or(false);
            let name = if scripting { format!("{} [script-on]", test.name()) } else { test.name() };
            Input { name, html: test.data.clone(), fragment: test.fragment.clone(), scripting }
        })
        .collect();
    assert!(inputs.len() > 1500, "only {} inputs found", inputs.len());
    check("tree-construction", &inputs);
}

use htmlforge_conformance::corpus::corpus_dir;

#[test]
fn the_corpus_pages_round_trip() {
    let dir = corpus_dir();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "html" || ext == "htm"))
        .collect();
    paths.sort();
    // Scripting off (the parser's default) and on (`noscript` content is
    // then raw text, written literally).
    let mut inputs = Vec::new();
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let sniffed = htmlforge::encoding::sniff(&bytes, &htmlforge::encoding::SniffOptions::default());
        let html = htmlforge::encoding::decode(&bytes, sniffed.encoding).0.into_owned();
        let name = format!("corpus/{}", path.file_name().unwrap().to_string_lossy());
        inputs.push(Input { name: format!("{name} [script-on]"), html: html.clone(), fragment: None, scripting: true });
        inputs.push(Input { name, html, fragment: None, scripting: false });
    }
    assert!(!inputs.is_empty(), "no pages in {}", dir.display());
    check("corpus", &inputs);
}

/// Processing instructions of every shape the tokenizer reads: data or
/// none, ended by `>` or `?>`, `?` inside, whitespace kept at the end.
const PROCESSING_INSTRUCTIONS: &[&str] =
    &["<?pi>", "<?pi data>", "<?x-y_z?>", "<?php echo 1; ?>", "<?a b?c??>", "<?_t  spaced data >", "<?Q9 \"q\" &amp;>"];

/// The corpus pages with processing instructions inserted before randomly
/// chosen `<` characters (seeded, so a failure reproduces): between tags,
/// in tables, in foreign content, in the head, after the body, and in raw
/// text where they stay text. Parse → serialize → parse keeps them.
#[test]
fn the_corpus_pages_with_processing_instructions_round_trip() {
    use htmlforge::dom::NodeData;
    use htmlforge_conformance::rng::Rng;

    let dir = corpus_dir();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "html" || ext == "htm"))
        .collect();
    paths.sort();
    let mut rng = Rng(0x005E_ED0F_2026);
    let mut inputs = Vec::new();
    let mut nodes = 0;
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let sniffed = htmlforge::encoding::sniff(&bytes, &htmlforge::encoding::SniffOptions::default());
        let page = htmlforge::encoding::decode(&bytes, sniffed.encoding).0.into_owned();
        let openings: Vec<usize> = page.match_indices('<').map(|(at, _)| at).collect();
        let mut places: Vec<usize> =
            (0..24).filter_map(|_| openings.get(rng.below(openings.len().max(1)))).copied().collect();
        places.extend([0, page.len()]);
        places.sort_unstable();
        places.dedup();
        let mut html = String::with_capacity(page.len() + 24 * 16);
        let mut from = 0;
        for at in places {
            html.push_str(&page[from..at]);
            html.push_str(rng.pick(PROCESSING_INSTRUCTIONS));
            from = at;
        }
        html.push_str(&page[from..]);
        let name = format!("corpus-pi/{}", path.file_name().unwrap().to_string_lossy());
        let input = Input { name, html, fragment: None, scripting: false };
        let document = parse(&input, &input.html);
        nodes += document
            .descendants(document.document())
            .filter(|&node| matches!(document.data(node), NodeData::ProcessingInstruction { .. }))
            .count();
        inputs.push(input);
    }
    assert!(!inputs.is_empty(), "no pages in {}", dir.display());
    // Most insertions make a node (the rest land in raw text or comments).
    assert!(nodes > inputs.len() * 10, "only {nodes} processing instruction nodes in {} pages", inputs.len());
    println!("corpus-pi: {nodes} processing instruction nodes in {} pages", inputs.len());
    check("corpus with processing instructions", &inputs);
}

/// Pieces of random tag soup: the constructs whose serialization is most
/// delicate (raw text, RCDATA, foreign content and attributes, templates,
/// tables, comments, odd attribute names and values).
const SOUP: &[&str] = &[
    "<table>",
    "</table>",
    "<tr>",
    "<td>",
    "</td>",
    "<caption>",
    "<template>",
    "</template>",
    "<svg>",
    "</svg>",
    "<math>",
    "<mi>",
    "<foreignObject>",
    "<b>",
    "</b>",
    "<a href=x>",
    "</a>",
    "<p>",
    "</p>",
    "<li>",
    "<dd>",
    "<select>",
    "<option>",
    "<pre>",
    "</pre>",
    "<textarea>",
    "</textarea>",
    "<script>",
    "</script>",
    "<style>",
    "</style>",
    "<noscript>",
    "</noscript>",
    "<xmp>",
    "<iframe>",
    "<title>",
    "</title>",
    "<br>",
    "<img src=a>",
    "<input disabled>",
    "<!-- c -->",
    "<!DOCTYPE html>",
    "text",
    " ",
    "\n",
    "a&amp;b",
    "&lt;x&gt;",
    "\u{a0}",
    "<div title='a\"b' data-x=\"c'd\" e=<f>>",
    "<use xlink:href=#a xml:lang=en xmlns:xlink=y>",
    "<a b\"c=d =e>",
    "</br>",
    "<frameset>",
    "<body bgcolor=x>",
    "<html lang=y>",
    "<plaintext>",
];

/// Removes the breaks that the pretty printer puts before a `>`.
fn without_breaks(pretty: &str) -> String {
    let mut lines = pretty.split('\n');
    let mut out = lines.next().unwrap_or("").to_string();
    for line in lines {
        match line.trim_start_matches(' ').strip_prefix('>') {
            Some(rest) => {
                out.push('>');
                out.push_str(rest);
            }
            None => {
                out.push('\n');
                out.push_str(line);
            }
        }
    }
    out
}

#[test]
fn random_soup_serializes_without_panic_and_pretty_adds_only_breaks() {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    for round in 0..1500 {
        let html: String = (0..next(30)).map(|_| SOUP[next(SOUP.len())]).collect();
        let fragment =
            [None, Some("div".to_string()), Some("svg g".to_string()), Some("tr".to_string())][next(4)].clone();
        let input = Input { name: format!("soup {round}"), html, fragment, scripting: next(2) == 0 };
        let document = parse(&input, &input.html);
        let spec = serialize(&input, &document, Kind::Spec);
        let pretty = serialize(&input, &document, Kind::Pretty);
        let _minimized = serialize(&input, &document, Kind::Minimized);
        // The soup has no `>` after a line break in text or comments, so
        // every such `>` is one the printer moved.
        assert_eq!(without_breaks(&pretty), spec, "{:?}", input.html);
    }
}
