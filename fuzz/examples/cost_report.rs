//! `cargo run --release --example cost_report -- [--untrusted] [--top N] FILE_OR_DIR…`:
//! reruns each input of the cost targets (`htmlforge_fuzz::cost`) as a
//! family at r and 4r (r = 64 unless the family is too long for it) and
//! prints, per site, the input whose steps grew most from r to 4r: linear
//! is ×4, quadratic ×16. A site whose steps grew more than ×6 is marked
//! `SUPER-LINEAR`; the input then goes into `bench/src/families.rs` (or
//! to the tree builder's owner), as docs/fuzzing.md says.
use std::collections::BTreeMap;
use std::path::PathBuf;

use htmlforge::Limits;
use htmlforge_fuzz::cost::{measure, selectors, Family};

fn main() {
    let mut untrusted = false;
    let mut top = 1usize;
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--untrusted" => untrusted = true,
            "--top" => top = args.next().and_then(|n| n.parse().ok()).expect("--top N"),
            _ => paths.push(PathBuf::from(arg)),
        }
    }
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).expect("a readable folder").map(|entry| entry.unwrap().path()));
        } else {
            files.push(path);
        }
    }
    let limits = if untrusted { Limits::UNTRUSTED } else { Limits::NONE };
    let selectors = selectors();
    // site → (growth, steps at 4r per byte, file)
    let mut worst: BTreeMap<&'static str, Vec<(f64, f64, PathBuf)>> = BTreeMap::new();
    for file in &files {
        // A running fuzzer may have removed it since the listing.
        let Ok(data) = std::fs::read(file) else { continue };
        let family = Family::read(&data);
        if family.filler.is_empty() && family.trigger.is_empty() {
            continue;
        }
        let per_round = family.filler.len() + family.trigger.len();
        let repeat = 64.min(htmlforge_fuzz::cost::MAX_DOCUMENT / 4 / per_round.max(1)).max(1);
        let small = family.document(repeat);
        let large = family.document(repeat * 4);
        let small_counts = measure(&small, family.bytes_path, limits, &selectors);
        let large_counts = measure(&large, family.bytes_path, limits, &selectors);
        for count in large_counts {
            let before = small_counts.iter().find(|c| c.site == count.site).map_or(0, |c| c.steps);
            // Tiny counts say nothing: a site must take at least one step
            // per byte of the large document.
            if count.steps < large.len() as u64 {
                continue;
            }
            let growth = count.steps as f64 / before.max(1) as f64 * small.len() as f64 / large.len() as f64 * 4.0;
            let per_byte = count.steps as f64 / large.len() as f64;
            let list = worst.entry(count.site).or_default();
            list.push((growth, per_byte, file.clone()));
            list.sort_by(|a, b| b.0.total_cmp(&a.0));
            list.truncate(top);
        }
    }
    println!("{:<40} {:>8} {:>12}  input", "site", "r→4r", "steps/B @4r");
    for (site, list) in &worst {
        for (growth, per_byte, file) in list {
            let mark = if *growth > 6.0 { "  SUPER-LINEAR" } else { "" };
            println!("{site:<40} {growth:>8.2} {per_byte:>12.1}  {}{mark}", file.display());
        }
    }
}
