//! `cargo run --release --example cost_report -- [--untrusted] [--top N] [--r R] FILE_OR_DIR…`:
//! reruns each input of the cost targets (`htmlforge_fuzz::cost`) as a
//! family at r, 4r and 16r (r = 16 unless `--r`; the documents are not capped) and
//! prints, per site, the input whose steps per byte grew most: the growth
//! printed is ×4 times the lesser of the two steps' growth per byte, so
//! linear is ×4 and quadratic ×16, and a site that only switches to a
//! costlier path past some size (once) is not taken for a family. A site
//! that grew more than ×6 is marked `SUPER-LINEAR`; the input then goes
//! into `bench/src/families.rs` (or to the tree builder's owner), as
//! docs/fuzzing.md says.
use std::collections::BTreeMap;
use std::path::PathBuf;

use htmlforge::Limits;
use htmlforge_fuzz::cost::{measure, selectors, Family};

fn main() {
    let mut untrusted = false;
    let mut top = 1usize;
    let mut repeats = [16, 64, 256];
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--untrusted" => untrusted = true,
            "--top" => top = args.next().and_then(|n| n.parse().ok()).expect("--top N"),
            "--r" => {
                let r: usize = args.next().and_then(|n| n.parse().ok()).expect("--r R");
                repeats = [r, 4 * r, 16 * r];
            }
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
        let sizes = repeats.map(|repeat| family.document_uncapped(repeat));
        let counts: Vec<_> =
            sizes.iter().map(|document| measure(document, family.bytes_path, limits, &selectors)).collect();
        let per_byte = |at: usize, site: &str| {
            counts[at].iter().find(|c| c.site == site).map_or(0.0, |c| c.steps as f64) / sizes[at].len().max(1) as f64
        };
        for count in &counts[2] {
            // Tiny counts say nothing: a site must take at least one step
            // per byte of the largest document.
            if count.steps < sizes[2].len() as u64 {
                continue;
            }
            let (small, middle, large) = (per_byte(0, count.site), per_byte(1, count.site), per_byte(2, count.site));
            let growth = 4.0 * (middle / small.max(1e-9)).min(large / middle.max(1e-9));
            let list = worst.entry(count.site).or_default();
            list.push((growth, large, file.clone()));
            list.sort_by(|a, b| b.0.total_cmp(&a.0));
            list.truncate(top);
        }
    }
    println!("{:<40} {:>8} {:>12}  input", "site", "growth", "steps/B 16r");
    for (site, list) in &worst {
        for (growth, per_byte, file) in list {
            let mark = if *growth > 6.0 { "  SUPER-LINEAR" } else { "" };
            println!("{site:<40} {growth:>8.2} {per_byte:>12.1}  {}{mark}", file.display());
        }
    }
}
