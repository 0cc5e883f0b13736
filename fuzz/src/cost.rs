//! The cost targets (`cost_none`, `cost_untrusted`): inputs that make some
//! loop take many steps per input byte, in the manner of PerfFuzz.
//!
//! An input is a family at one size: `opener + filler × r + trigger × r`
//! (the markup split at the first two 0xFF bytes; missing parts are
//! empty), with r from the first byte, so that a short input is a long
//! hostile document, as the pathological families are. The document is
//! parsed (the string path, or the byte path when the second byte's bit 0
//! is set), serialized plainly and prettily, its visible text taken, and a
//! few selectors run over it (`SELECTORS`), with the crate's cost counter
//! (`htmlforge::cost`) on.
//!
//! Feedback: per counting site, the steps per input byte, on a scale of
//! quarter powers of two, is written into libFuzzer's extra counters
//! (`__libfuzzer_extra_counters`, one byte per site and level): reaching a
//! higher level at a site is a new feature, so libFuzzer keeps the input,
//! as PerfFuzz keeps an input that raises any edge's maximum count.
//! Coverage stays the other feedback. `examples/cost_report.rs` reruns a
//! corpus at r and 4r and names the inputs whose steps at some site grow
//! faster than the input (docs/fuzzing.md).

use std::sync::atomic::{AtomicU8, Ordering};

use htmlforge::select::Selector;
use htmlforge::{ByteParseOptions, Limits, ParseOptions};

/// Sites get a slot by the hash of their name; collisions only merge two
/// sites' levels.
const SLOTS: usize = 512;
/// Levels per site: quarter powers of two of the steps per byte, up to
/// 2^16 steps per byte.
const LEVELS: usize = 64;

/// libFuzzer reads this section after each run as extra coverage counters
/// (and clears it before the next run).
#[used]
#[link_section = "__libfuzzer_extra_counters"]
static EXTRA_COUNTERS: [AtomicU8; SLOTS * LEVELS] = [const { AtomicU8::new(0) }; SLOTS * LEVELS];

/// What the targets run over each document, besides parsing and
/// serializing: `:has()` in each of its forms, combinators that look at
/// ancestors and siblings, and `:nth-*`.
pub const SELECTORS: &[&str] = &[
    "div:has(p)",
    "body:has(p)",
    ":has(> b ~ i)",
    "div:not(:has(div))",
    ":is(section, div):has(> div > p)",
    "a:has(+ b)",
    ":not(div) div",
    "div p",
    "p ~ p",
    "li:nth-child(2n+1)",
    "b:nth-last-of-type(2)",
    "a[href^=x] span",
];

/// The most bytes a document may have: past it, r is lowered.
pub const MAX_DOCUMENT: usize = 16 * 1024;

/// A fuzz input read as a family at one size.
#[derive(Debug, Clone)]
pub struct Family<'a> {
    pub opener: &'a [u8],
    pub filler: &'a [u8],
    pub trigger: &'a [u8],
    /// r: how many times the filler and the trigger are repeated.
    pub repeat: usize,
    pub bytes_path: bool,
}

impl<'a> Family<'a> {
    pub fn read(data: &'a [u8]) -> Family<'a> {
        let knob = |at: usize| data.get(at).copied().unwrap_or(0);
        let markup = data.get(2..).unwrap_or_default();
        let mut parts = markup.splitn(3, |&b| b == 0xFF);
        let opener = parts.next().unwrap_or_default();
        let filler = parts.next().unwrap_or_default();
        let trigger = parts.next().unwrap_or_default();
        Family { opener, filler, trigger, repeat: 1 + usize::from(knob(0)) * 4, bytes_path: knob(1) & 1 == 1 }
    }

    /// The document at r (lowered to stay under `MAX_DOCUMENT`).
    pub fn document(&self, repeat: usize) -> Vec<u8> {
        let per_round = (self.filler.len() + self.trigger.len()).max(1);
        self.document_uncapped(repeat.min(MAX_DOCUMENT.saturating_sub(self.opener.len()) / per_round))
    }

    /// The document at r, however long.
    pub fn document_uncapped(&self, repeat: usize) -> Vec<u8> {
        let per_round = self.filler.len() + self.trigger.len();
        let mut out = Vec::with_capacity(self.opener.len() + per_round * repeat);
        out.extend_from_slice(self.opener);
        for _ in 0..repeat {
            out.extend_from_slice(self.filler);
        }
        for _ in 0..repeat {
            out.extend_from_slice(self.trigger);
        }
        out
    }
}

/// Parses and runs everything over `document` with the cost counter reset
/// first; returns the steps per site.
pub fn measure(
    document: &[u8],
    bytes_path: bool,
    limits: Limits,
    selectors: &[Selector],
) -> Vec<htmlforge::cost::SiteCount> {
    htmlforge::cost::reset();
    let options = ParseOptions::default().limits(limits);
    let parsed = if bytes_path {
        htmlforge::parse_bytes(document, ByteParseOptions::default().parse(options)).document
    } else {
        htmlforge::parse_document_with(&String::from_utf8_lossy(document), options)
    };
    let root = parsed.document();
    std::hint::black_box(htmlforge::serialize_document(&parsed).len());
    std::hint::black_box(htmlforge::dom::pretty_html(&parsed, root).len());
    std::hint::black_box(parsed.visible_text(root).len());
    for selector in selectors {
        std::hint::black_box(parsed.select(selector).count());
    }
    htmlforge::cost::counts()
}

/// Parses the selectors of [`SELECTORS`].
pub fn selectors() -> Vec<Selector> {
    SELECTORS.iter().map(|s| Selector::parse(s).expect("a valid selector")).collect()
}

/// The level of `steps` per byte of a `bytes`-long document: 4 × log2 of
/// the ratio, so each level is a quarter power of two (0 under 1 step per
/// byte).
pub fn level(steps: u64, bytes: usize) -> usize {
    let per_byte = steps as f64 / bytes.max(1) as f64;
    if per_byte < 1.0 {
        return 0;
    }
    ((per_byte.log2() * 4.0) as usize + 1).min(LEVELS - 1)
}

/// The whole target: measure, then mark each site's level.
pub fn run(data: &[u8], limits: Limits, selectors: &[Selector]) {
    let family = Family::read(data);
    let document = family.document(family.repeat);
    let counts = measure(&document, family.bytes_path, limits, selectors);
    for count in counts {
        let slot = slot_of(count.site);
        let level = level(count.steps, document.len());
        EXTRA_COUNTERS[slot * LEVELS + level].store(1, Ordering::Relaxed);
    }
}

/// FNV-1a of the site's name, modulo the slots.
fn slot_of(site: &str) -> usize {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in site.bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    (hash % SLOTS as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_is_a_family_at_one_size() {
        let family = Family::read(b"\x01\x00<b>\xFF<div>\xFF</b>");
        assert_eq!(family.repeat, 5);
        assert_eq!(family.document(2), b"<b><div><div></b></b>");
        assert!(family.document(1 << 20).len() <= MAX_DOCUMENT);
    }

    #[test]
    fn levels_are_quarter_powers_of_two() {
        assert_eq!(level(0, 10), 0);
        assert_eq!(level(10, 10), 1);
        assert_eq!(level(20, 10), 5);
        assert_eq!(level(u64::MAX, 1), LEVELS - 1);
    }
}
