//! How often each tag is used across pages, most used first:
//! `cargo run --example count -- pages/*.html`.
use std::collections::HashMap;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for path in std::env::args().skip(1) {
        let document = htmlforge::parse_document(&std::fs::read_to_string(&path)?);
        for element in document.elements() {
            *counts.entry(element.local_name().to_string()).or_default() += 1;
        }
    }
    let mut counts: Vec<(String, usize)> = counts.into_iter().collect();
    counts.sort_by(|(a, m), (b, n)| n.cmp(m).then_with(|| a.cmp(b)));
    for (tag, count) in counts {
        println!("{tag} {count}");
    }
    Ok(())
}
