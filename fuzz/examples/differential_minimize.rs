//! Shrinks a `differential` find that no known html5ever bug explains,
//! keeping it unexplained: delta debugging over the markup (the four knob
//! bytes stay), first by whole chunks, then byte by byte, until no single
//! removal keeps the difference unexplained.
//!
//! `cargo run --release --example differential_minimize -- IN OUT`
//!
//! The result may be another unexplained difference than the one the
//! input showed (any will do: each is a find to settle), so read both
//! trees of the result with the census (`SHOW=1`).
//!
//! With `KEEP=TEXT`, it keeps instead the input explained by a bug whose
//! explanation holds TEXT (to see why an input falls to a construct, say
//! `KEEP='not replayed'`).

use htmlforge_fuzz::differential::{compare, Comparison};

/// Whether the input still shows what is kept: a difference nothing
/// explains, or one the bug named by `keep` explains.
fn kept(knobs: &[u8], markup: &[u8], keep: Option<&str>) -> bool {
    let mut data = knobs.to_vec();
    data.extend_from_slice(markup);
    match (compare(&data), keep) {
        (Comparison::Unexplained { .. }, None) => true,
        (Comparison::Explained(bug), Some(text)) => bug.contains(text),
        _ => false,
    }
}

/// Removes chunks of `markup` while `keep` holds; chunk sizes halve from
/// half the markup down to one byte.
fn minimize(mut markup: Vec<u8>, keep: impl Fn(&[u8]) -> bool) -> Vec<u8> {
    let mut chunk = (markup.len() / 2).max(1);
    loop {
        let mut removed_any = false;
        let mut start = 0;
        while start < markup.len() {
            let end = (start + chunk).min(markup.len());
            let mut candidate = markup[..start].to_vec();
            candidate.extend_from_slice(&markup[end..]);
            if keep(&candidate) {
                markup = candidate;
                removed_any = true;
            } else {
                start = end;
            }
        }
        if chunk == 1 && !removed_any {
            return markup;
        }
        if !removed_any {
            chunk = (chunk / 2).max(1);
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(input), Some(output)) = (args.next(), args.next()) else {
        eprintln!("usage: differential_minimize IN OUT");
        std::process::exit(2);
    };
    let data = std::fs::read(&input).unwrap_or_else(|e| panic!("{input}: {e}"));
    let split = data.len().min(4);
    let (knobs, markup) = data.split_at(split);
    let keep = std::env::var("KEEP").ok();
    if !kept(knobs, markup, keep.as_deref()) {
        eprintln!("{input}: nothing to keep (an unexplained difference, or the bug KEEP names)");
        std::process::exit(1);
    }
    let smallest = minimize(markup.to_vec(), |candidate| kept(knobs, candidate, keep.as_deref()));
    let mut result = knobs.to_vec();
    result.extend_from_slice(&smallest);
    std::fs::write(&output, &result).unwrap_or_else(|e| panic!("{output}: {e}"));
    println!("{} → {} bytes: {:?}", markup.len(), smallest.len(), String::from_utf8_lossy(&smallest));
}
