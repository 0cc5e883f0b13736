//! `pathological [--quick] [FAMILY…]`: hostile documents, each generated at
//! size n and 4n, parsed in release mode in a thread with a 256 KB stack.
//! For each family it asserts that the parse time (thread CPU time, min of 5 runs), the
//! peak heap and the number of allocations grow less than 10×, 6× and 6× from n to 4n
//! (linear: 4×; quadratic would be 16×), and that walking, serializing and
//! dropping the tree do not overflow the small stack. Exits non-zero on
//! any failure. Run by CI: `cargo run --release -p htmlforge-bench --bin pathological`.
//!
//! Heap figures come from a counting global allocator (this binary only;
//! the runtime crate stays `#![forbid(unsafe_code)]`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use htmlforge_conformance::dom_html::serialize_children;

/// Counts allocations and tracks the live and peak heap bytes.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

fn grew(size: usize) {
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call goes straight to the system allocator with the same
// arguments; the counters are only bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
            grew(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        unsafe { System.dealloc(pointer, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = unsafe { System.realloc(pointer, layout, new_size) };
        if !new.is_null() {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A family of hostile documents: `make(n)` is the document of size n.
struct Family {
    name: &'static str,
    /// The size the issue asks for (the 4n run); n is a quarter of it.
    full: usize,
    make: fn(usize) -> String,
    /// Not linear today, and why (reported, does not fail the run; see
    /// the README's "Security and robustness").
    known_quadratic: Option<&'static str>,
    /// Parsed with `Limits::UNTRUSTED`: the spec's tree is quadratic in the
    /// input (reconstruction multiplies nodes), and the node cap is what
    /// bounds it.
    untrusted: bool,
    /// Whether the walk also serializes the tree: not where the spec's
    /// serialization is quadratic in the input (a shared attribute value
    /// written out once per element that shares it).
    serialize: bool,
}

const FAMILIES: &[Family] = &[
    Family {
        name: "nested-div",
        full: 1_000_000,
        make: |n| "<div>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
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
    },
    Family {
        name: "misnested-b-i",
        full: 100_000,
        make: |n| "<b><i>x</b>y</i>z<p>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    Family {
        name: "table-foster",
        full: 100_000,
        make: |n| "<table>x<tr><td>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
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
    },
    Family {
        name: "comment-100MB",
        full: 100 << 20,
        make: |n| format!("<!--{}-->", "x".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    Family {
        name: "attribute-value-100MB",
        full: 100 << 20,
        make: |n| format!("<div title=\"{}\">", "x".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
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
    },
    Family {
        name: "nested-template",
        full: 1_000_000,
        make: |n| "<template>".repeat(n),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
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
    },
    // Known names, no special rules: span above the div, abbr below it.
    Family {
        name: "known-end-tags-past-div",
        full: 100_000,
        make: |n| format!("<abbr><div>{}{}", "<span>".repeat(n), "</abbr>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
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
    },
    // Issue 14's families: "in scope" checks and "last open" searches
    // whose target is open, but below a scope boundary or far down the
    // stack (the stack lists its elements by name and by scope boundary).
    Family {
        name: "p-below-object",
        full: 200_000,
        make: |n| format!("<p><object>{}", "<div>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    Family {
        name: "body-end-tags",
        full: 200_000,
        make: |n| format!("{}{}", "<div>".repeat(n), "</body>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    Family {
        name: "p-below-button",
        full: 200_000,
        make: |n| format!("<p><button>{}{}", "<span>".repeat(n), "</p>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    Family {
        name: "li-below-ul",
        full: 200_000,
        make: |n| format!("<li><ul>{}{}", "<span>".repeat(n), "</li>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    Family {
        name: "heading-below-object",
        full: 200_000,
        make: |n| format!("<h1><object>{}{}", "<span>".repeat(n), "</h1>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    Family {
        name: "div-below-object",
        full: 200_000,
        make: |n| format!("<div><object>{}{}", "<span>".repeat(n), "</div>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    Family {
        name: "select-below-object",
        full: 200_000,
        make: |n| format!("<select><object>{}{}", "<span>".repeat(n), "</select>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    Family {
        name: "template-below-table",
        full: 200_000,
        make: |n| format!("<template>{}<table>{}", "<div>".repeat(n), "x<span></span>".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
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
    },
    // Issue 14's memory families. Text extended between other stored
    // strings (foster-parented text between comments; text after a body
    // tag whose attributes are stored; text after `</body>` and a
    // comment): the text node grows in place or moves with room to grow.
    Family {
        name: "text-between-comments",
        full: 1_000_000,
        make: |n| format!("<table>{}", format!("{}<!--c-->", "x".repeat(100)).repeat(n / 108)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
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
    },
    Family {
        name: "text-after-body-comments",
        full: 600_000,
        make: |n| "x</body><!--c-->".repeat(n / 16),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    // `<html>` attributes added between other elements' attributes: the
    // html element's list moves with room to grow.
    Family {
        name: "html-attributes-between",
        full: 400_000,
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
    },
    // Reconstructed formatting elements share their attribute values.
    Family {
        name: "reconstructed-attribute",
        full: 1_000_000,
        make: |n| format!("<p><b title=\"{}\"></p>{}", "x".repeat(n / 2), "<p>x</p>".repeat(n / 16)),
        known_quadratic: None,
        untrusted: false,
        serialize: false,
    },
    // A parse error per NUL: errors are kept (12 bytes each), linearly.
    Family {
        name: "nul-errors",
        full: 4_000_000,
        make: |n| format!("<body>{}", "\0".repeat(n)),
        known_quadratic: None,
        untrusted: false,
        serialize: true,
    },
    // Reconstruction multiplies nodes (n formatting elements re-created
    // in each of n paragraphs: the spec's tree has n² nodes); with
    // `Limits::UNTRUSTED` the node cap bounds them.
    Family {
        name: "reconstruction-nodes",
        full: 140_000,
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
    },
];

struct Measure {
    input_bytes: usize,
    time: Duration,
    peak_bytes: usize,
    allocations: usize,
}

/// Parse runs per size: the fastest counts.
const RUNS: usize = 5;

/// The CPU time of this thread (Linux: `/proc/thread-self/schedstat`),
/// which other processes on a shared machine do not inflate; `None`
/// elsewhere (wall-clock time is used then).
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// One parse of `input`: its time, peak heap above what was live before,
/// and allocations.
fn parse_once(input: &str, untrusted: bool) -> (Duration, usize, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let start = Instant::now();
    let cpu_start = thread_cpu_time();
    let document = parse(black_box(input), untrusted);
    let elapsed = match (cpu_start, thread_cpu_time()) {
        (Some(start), Some(end)) => end.saturating_sub(start),
        _ => start.elapsed(),
    };
    let peak = PEAK.load(Ordering::Relaxed) - base;
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
    black_box(&document);
    (elapsed, peak, allocations)
}

/// The parse of `input`, with `Limits::UNTRUSTED` when `untrusted`.
fn parse(input: &str, untrusted: bool) -> htmlforge::dom::Document {
    if untrusted {
        let options = htmlforge::ParseOptions { limits: htmlforge::Limits::UNTRUSTED, ..Default::default() };
        htmlforge::parse_document_with(input, options)
    } else {
        htmlforge::parse_document(input)
    }
}

/// Walks, serializes and drops the tree of `input`.
fn walk_serialize_drop(input: &str, untrusted: bool, serialize: bool) {
    let document = parse(input, untrusted);
    let nodes = document.descendants(document.document()).count();
    let html = if serialize { serialize_children(&document, document.document(), false) } else { String::new() };
    black_box((nodes, html.len()));
    drop(html);
    drop(document);
}

/// Parses both inputs RUNS times, alternating so that both see the same
/// machine state; the fastest time of each counts.
fn measure_pair(small: &str, large: &str, untrusted: bool, serialize: bool) -> (Measure, Measure) {
    let mut out = [small, large].map(|input| Measure {
        input_bytes: input.len(),
        time: Duration::MAX,
        peak_bytes: 0,
        allocations: 0,
    });
    for _ in 0..RUNS {
        for (input, measure) in [small, large].into_iter().zip(out.iter_mut()) {
            let (time, peak, allocations) = parse_once(input, untrusted);
            measure.time = measure.time.min(time);
            measure.peak_bytes = peak;
            measure.allocations = allocations;
        }
    }
    walk_serialize_drop(small, untrusted, serialize);
    walk_serialize_drop(large, untrusted, serialize);
    let [small, large] = out;
    (small, large)
}

fn ratio(large: f64, small: f64) -> f64 {
    large / small.max(1e-9)
}

/// Heap and allocations: linear is 4×, quadratic 16×.
const LIMIT: f64 = 6.0;
/// Time is noisier (caches, a shared machine: the `attributes` family
/// measured 6.2–7.0× under load, its 4n hash set outgrowing the caches):
/// still far below the 16× of a quadratic family, and heap and
/// allocations hold the strict bound.
const TIME_LIMIT: f64 = 10.0;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let only: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let mut failures = Vec::new();
    println!(
        "{:<28} {:>11} {:>9} {:>9} {:>7} {:>9} {:>7} {:>8}",
        "family (n → 4n)", "input 4n", "cpu 4n", "time×", "heap×", "heap/B", "allocs×", "result"
    );
    for family in FAMILIES {
        if !only.is_empty() && !only.iter().any(|name| *name == family.name) {
            continue;
        }
        let full = if quick { family.full / 10 } else { family.full };
        let make = family.make;
        let (untrusted, serialize) = (family.untrusted, family.serialize);
        // The whole family runs in a thread with a 256 KB stack: parsing,
        // walking, serializing and dropping must not recurse.
        let outcome = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || measure_pair(&make(full / 4), &make(full), untrusted, serialize))
            .expect("spawn a thread")
            .join();
        let Ok((small, large)) = outcome else {
            println!("{:<28} panicked", family.name);
            failures.push(format!("{}: panicked", family.name));
            continue;
        };
        let time_ratio = ratio(large.time.as_secs_f64(), small.time.as_secs_f64());
        let heap_ratio = ratio(large.peak_bytes as f64, small.peak_bytes as f64);
        let alloc_ratio = ratio(large.allocations as f64, small.allocations as f64);
        // Tiny times are noise: a 4n parse under 5 ms passes on time.
        let time_ok = time_ratio < TIME_LIMIT || large.time < Duration::from_millis(5);
        let linear = time_ok && heap_ratio < LIMIT && alloc_ratio < LIMIT;
        // A known quadratic family is reported, not failed; once linear
        // it must be marked so (known_quadratic: None).
        let ok = linear != family.known_quadratic.is_some();
        println!(
            "{:<28} {:>9.1}MB {:>7.0}ms {:>9.2} {:>7.2} {:>9.2} {:>7.2} {:>8}",
            family.name,
            large.input_bytes as f64 / 1e6,
            large.time.as_secs_f64() * 1e3,
            time_ratio,
            heap_ratio,
            large.peak_bytes as f64 / large.input_bytes as f64,
            alloc_ratio,
            match (linear, ok) {
                (true, true) => "linear",
                (false, true) => "KNOWN",
                (_, false) => "FAIL",
            }
        );
        if let (false, Some(why)) = (linear, family.known_quadratic) {
            println!("    known quadratic: {why}");
        }
        if !ok {
            let what = if linear { "is linear now: mark it so" } else { "not linear" };
            failures.push(format!(
                "{}: {what} (time ×{time_ratio:.2}, heap ×{heap_ratio:.2}, allocations ×{alloc_ratio:.2})",
                family.name
            ));
        }
    }
    if !failures.is_empty() {
        for failure in &failures {
            eprintln!("FAILED {failure}");
        }
        std::process::exit(1);
    }
    println!("pathological: every family fits a 256 KB stack and scales linearly (n → 4n: time under ×{TIME_LIMIT}, heap and allocations under ×{LIMIT}) but the known ones");
}
