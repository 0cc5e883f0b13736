//! Runs the `differential` comparison over corpus directories and counts
//! the inputs on which the parsers agree, those a known html5ever bug
//! explains (per bug) and those nothing explains (printed).
//!
//! `cargo run --release --example differential_census -- corpus-work/differential seeds/differential`
//!
//! With `SHOW=1`, each unexplained input is printed and the two trees of
//! the last one are written to `/tmp/census-ours.txt` and
//! `/tmp/census-theirs.txt`, to diff. With `BUG=TEXT`, the inputs a bug
//! whose explanation holds TEXT explains are listed (to see what falls to
//! a construct, say `BUG='not replayed'`).

use std::collections::BTreeMap;

use htmlforge_fuzz::differential::{compare, Comparison};

fn main() {
    let mut same = 0usize;
    let mut explained: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut unexplained = 0usize;
    let listed_bug = std::env::var("BUG").ok();
    for dir in std::env::args().skip(1) {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            // A directory's notes (`open-finds/README.md`) are no input.
            if path.extension().is_some_and(|ext| ext == "md") {
                continue;
            }
            let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            match compare(&data) {
                Comparison::Same => same += 1,
                Comparison::Explained(bug) => {
                    *explained.entry(bug).or_default() += 1;
                    if listed_bug.as_deref().is_some_and(|text| bug.contains(text)) {
                        println!("{bug}: {}", path.display());
                    }
                }
                Comparison::Unexplained { context, ours, theirs } => {
                    unexplained += 1;
                    println!("unexplained: {} (context {context:?})", path.display());
                    if std::env::var_os("SHOW").is_some() {
                        let text = String::from_utf8_lossy(data.get(4..).unwrap_or_default());
                        println!("{text:?}");
                        std::fs::write("/tmp/census-ours.txt", &ours).expect("writes /tmp/census-ours.txt");
                        std::fs::write("/tmp/census-theirs.txt", &theirs).expect("writes /tmp/census-theirs.txt");
                    }
                }
            }
        }
    }
    let total = same + explained.values().sum::<usize>() + unexplained;
    println!("{total} inputs: {same} same tree, {unexplained} unexplained");
    for (bug, count) in &explained {
        println!("{count:>8}  {bug}");
    }
}
