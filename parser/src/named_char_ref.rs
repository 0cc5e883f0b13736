//! Longest-match lookup of named character references, one byte at a time.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#named-character-reference-state>
//! ("consume the maximum number of characters possible, where the consumed
//! characters are one of the identifiers in the named character references
//! table").
//!
//! The table is a generated DAFSA (`generated::named_character_references`,
//! layout documented in `codegen/src/named_char_refs.rs`). The matcher keeps
//! only a few integers of state, so a tokenizer can stop at the end of an
//! input chunk and resume the match with the next chunk.
//!
//! The module is internal (its unit tests run this example as
//! `notin_and_not_resolve_as_the_spec_says`):
//!
//! ```text
//! let mut matcher = NamedCharRefMatcher::new();
//! for &byte in b"notit;" {
//!     if !matcher.push(byte) {
//!         break;
//!     }
//! }
//! // "&notit;" is not a name, but its prefix "&not" is.
//! let found = matcher.longest_match().unwrap();
//! assert_eq!((found.len, found.ends_with_semicolon, found.replacement), (3, false, "\u{ac}"));
//! ```

use crate::generated::named_character_references::{
    BYTE_TO_CODE, EDGES, ROOT_INDEX, SECOND_INDEX, SHORT_BUCKET_BITS, SHORT_BUCKET_MULTIPLIER, SHORT_DISPLACEMENTS,
    SHORT_NAMES, SHORT_SLOT_BITS, SHORT_SLOT_MULTIPLIER, SHORT_SPANS, VALUES, VALUE_SPANS,
};

const CODE_MASK: u32 = 0x3f;
const ACCEPTS: u32 = 1 << 6;
const LAST_SIBLING: u32 = 1 << 7;
/// Entries per row of `SECOND_INDEX`: one per byte code.
const CODES: usize = 64;
/// "No edge" in `ROOT_INDEX` and `SECOND_INDEX`.
const NONE: u8 = 0xff;

/// A complete name found by [`NamedCharRefMatcher`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedMatch {
    /// Bytes of the name after the `&`, including its `;` if it has one.
    pub len: usize,
    /// Whether the matched name ends with `;`.
    pub ends_with_semicolon: bool,
    /// The one or two code points the name stands for.
    pub replacement: &'static str,
}

/// Resumable longest-match over the named character references.
#[derive(Debug, Clone, Copy)]
pub struct NamedCharRefMatcher {
    /// First edge of the current state's list; `None` once no name can
    /// continue (or the current state has no edges).
    list: Option<u16>,
    /// Bytes accepted so far.
    consumed: u16,
    /// Index of the root edge taken by the first byte (its row of `SECOND_INDEX`).
    root_position: u8,
    /// Rank of the current prefix among all names (perfect-hash numbering).
    rank: u16,
    /// Length and rank of the longest complete name seen (len 0: none).
    last_len: u16,
    last_rank: u16,
    last_semicolon: bool,
}

impl Default for NamedCharRefMatcher {
    fn default() -> Self {
        Self::new()
    }
}

impl NamedCharRefMatcher {
    /// A matcher at the start of a name.
    pub const fn new() -> Self {
        NamedCharRefMatcher {
            list: Some(0),
            consumed: 0,
            root_position: 0,
            rank: 0,
            last_len: 0,
            last_rank: 0,
            last_semicolon: false,
        }
    }

    /// Feeds the next byte after the `&`. Returns true when the bytes fed
    /// so far are still a prefix of some name (feed the next one), false
    /// when no name continues with `byte` (it is not consumed; stop).
    pub fn push(&mut self, byte: u8) -> bool {
        let Some(list) = self.list else { return false };
        let code = match BYTE_TO_CODE.get(usize::from(byte)) {
            Some(&code) if code != 0xff => u32::from(code),
            _ => return false,
        };
        // The first two bytes go through the direct indexes (the root list
        // has 52 edges, the second-level lists up to two dozen); deeper
        // lists are short and scanned.
        let edge = match self.consumed {
            0 | 1 => {
                let position = if self.consumed == 0 {
                    ROOT_INDEX[code as usize]
                } else {
                    SECOND_INDEX[usize::from(self.root_position) * CODES + code as usize]
                };
                if position == NONE {
                    self.list = None;
                    return false;
                }
                if self.consumed == 0 {
                    self.root_position = position;
                }
                EDGES[usize::from(list) + usize::from(position)]
            }
            _ => match Self::scan(usize::from(list), code) {
                Some(edge) => edge,
                None => {
                    self.list = None;
                    return false;
                }
            },
        };
        self.consumed += 1;
        self.rank += ((edge >> 8) & 0xfff) as u16;
        if edge & ACCEPTS != 0 {
            self.last_len = self.consumed;
            self.last_rank = self.rank;
            self.last_semicolon = byte == b';';
            self.rank += 1;
        }
        let next = (edge >> 20) as u16;
        self.list = if next == 0 { None } else { Some(next) };
        true
    }

    /// The edge with byte code `code` in the list starting at `index`.
    fn scan(mut index: usize, code: u32) -> Option<u32> {
        loop {
            crate::cost::step!("named_char_ref::scan");
            let edge = EDGES[index];
            let edge_code = edge & CODE_MASK;
            if edge_code == code {
                return Some(edge);
            }
            // Lists are sorted by byte: stop at the end or once past `code`.
            if edge & LAST_SIBLING != 0 || edge_code > code {
                return None;
            }
            index += 1;
        }
    }

    /// Whether another byte could still extend the current prefix.
    pub fn can_continue(&self) -> bool {
        self.list.is_some()
    }

    /// Bytes accepted so far (a prefix of some name).
    #[cfg(test)]
    pub fn consumed(&self) -> usize {
        usize::from(self.consumed)
    }

    /// The longest complete name among the prefixes fed so far.
    pub fn longest_match(&self) -> Option<NamedMatch> {
        if self.last_len == 0 {
            return None;
        }
        let span = usize::from(VALUE_SPANS[usize::from(self.last_rank)]);
        let start = span >> 3;
        let end = start + (span & 7) + 1;
        Some(NamedMatch {
            len: usize::from(self.last_len),
            ends_with_semicolon: self.last_semicolon,
            replacement: &VALUES[start..end],
        })
    }
}

/// The longest match at the start of `rest` (the input after the `&`) when
/// it is a name that ends with `;` and fits in eight bytes, found in one step
/// by the generated hash table of those names (1,619 of the 2,231, among them
/// every one pages use often) instead of byte by byte through the automaton.
/// `None` when `rest` has no such name at its start, and when `rest` is
/// shorter than eight bytes: the automaton decides then.
///
/// The word's first `;` ends the only candidate key: names are ASCII
/// alphanumerics and a `;` only at their end. No name goes on past a `;`, so
/// a name found with its `;` is the longest match (the note of
/// [#named-character-reference-state] on the longest match holds).
#[inline]
pub(crate) fn short_match(rest: &[u8]) -> Option<NamedMatch> {
    const LOW_BYTES: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let word = u64::from_le_bytes(*rest.first_chunk::<8>()?);
    let not_semicolons = word ^ (LOW_BYTES * u64::from(b';'));
    // The lowest flag marks the first `;` exactly (flags above it may be false).
    let semicolons = not_semicolons.wrapping_sub(LOW_BYTES) & !not_semicolons & HIGH_BITS;
    if semicolons == 0 {
        return None;
    }
    let last_bit = semicolons.trailing_zeros();
    let key = word & (u64::MAX >> (63 - last_bit));
    let bucket = (key.wrapping_mul(SHORT_BUCKET_MULTIPLIER) >> (64 - SHORT_BUCKET_BITS)) as usize;
    let slot = ((key.wrapping_mul(SHORT_SLOT_MULTIPLIER) >> (64 - SHORT_SLOT_BITS)) as usize
        ^ usize::from(SHORT_DISPLACEMENTS[bucket]))
        & (SHORT_NAMES.len() - 1);
    if SHORT_NAMES[slot] != key {
        return None;
    }
    let span = usize::from(SHORT_SPANS[slot]);
    let start = span >> 3;
    Some(NamedMatch {
        len: last_bit as usize / 8 + 1,
        ends_with_semicolon: true,
        replacement: &VALUES[start..start + (span & 7) + 1],
    })
}

/// Looks up one complete name (without the `&`), e.g. `"notin;"`: what
/// the tests check the table with.
#[cfg(test)]
pub fn lookup(name: &str) -> Option<&'static str> {
    let mut matcher = NamedCharRefMatcher::new();
    for &byte in name.as_bytes() {
        if !matcher.push(byte) {
            return None;
        }
    }
    matcher.longest_match().filter(|m| m.len == name.len()).map(|m| m.replacement)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn longest(input: &str) -> Option<(usize, &'static str)> {
        let mut matcher = NamedCharRefMatcher::new();
        for &byte in input.as_bytes() {
            if !matcher.push(byte) {
                break;
            }
        }
        matcher.longest_match().map(|m| (m.len, m.replacement))
    }

    #[test]
    fn longest_match_wins() {
        assert_eq!(longest("notin;"), Some((6, "\u{2209}")));
        assert_eq!(longest("notit;"), Some((3, "\u{ac}")));
        assert_eq!(longest("not;"), Some((4, "\u{ac}")));
        assert_eq!(longest("amp"), Some((3, "&")));
        assert_eq!(longest("ampere"), Some((3, "&")));
        assert_eq!(longest("zzz"), None);
        assert_eq!(longest(""), None);
    }

    #[test]
    fn two_code_point_names() {
        assert_eq!(lookup("acE;"), Some("\u{223e}\u{333}"));
        assert_eq!(lookup("NotEqualTilde;"), Some("\u{2242}\u{338}"));
    }

    #[test]
    fn first_and_last_names() {
        assert_eq!(lookup("AElig"), Some("\u{c6}"));
        assert_eq!(lookup("zwnj;"), Some("\u{200c}"));
        assert_eq!(lookup("zwnj"), None);
        assert_eq!(lookup("Aacute;x"), None);
    }

    #[test]
    fn non_ascii_and_unknown_bytes_stop_the_match() {
        let mut matcher = NamedCharRefMatcher::new();
        assert!(matcher.push(b'a'));
        assert!(!matcher.push(0xc3));
        assert!(!matcher.push(b'-'));
        assert_eq!(matcher.consumed(), 1);
    }

    pub(super) fn automaton(input: &[u8]) -> Option<NamedMatch> {
        let mut matcher = NamedCharRefMatcher::new();
        for &b in input {
            if !matcher.push(b) {
                break;
            }
        }
        matcher.longest_match()
    }

    #[test]
    fn the_short_match_answers_as_the_automaton_does() {
        let inputs: [&[u8]; 14] = [
            b"amp;x=1&y",
            b"amp;amp;",
            b"ampere;xxx",
            b"amp",
            b"amp;",
            b"notin;xxxx",
            b"not;xxxxxx",
            b"notit;xxxx",
            b"nbsp; xxx",
            b"lt;xxxxxx",
            b"lt;",
            b"a;xxxxxxx",
            b"zwnj;\xc3\xa9xx",
            b"NotEqualTilde;xx",
        ];
        for input in inputs {
            if let Some(found) = short_match(input) {
                assert_eq!(Some(found), automaton(input), "{input:?}");
            }
        }
        let hit = |input: &[u8]| short_match(input).map(|m| (m.len, m.replacement));
        assert_eq!(hit(b"amp;x=1&y"), Some((4, "&")));
        assert_eq!(hit(b"notin;xxxx"), Some((6, "\u{2209}")));
        assert_eq!(hit(b"ThickSpace;"), None, "fits no word");
        assert_eq!(hit(b"notit;xxxx"), None, "the automaton finds `not`");
        assert_eq!(hit(b"ampere;xxx"), None);
        assert_eq!(hit(b"lt;"), None, "shorter than a word");
    }

    #[test]
    fn resumes_after_any_split() {
        // The matcher is a value: copying it at any point and continuing
        // gives the same answer as an uninterrupted walk.
        let input = b"CounterClockwiseContourIntegral;";
        let mut whole = NamedCharRefMatcher::new();
        for &b in input {
            assert!(whole.push(b));
        }
        for split in 0..input.len() {
            let mut first = NamedCharRefMatcher::new();
            for &b in &input[..split] {
                first.push(b);
            }
            let mut resumed = first;
            for &b in &input[split..] {
                resumed.push(b);
            }
            assert_eq!(resumed.longest_match(), whole.longest_match());
        }
        assert_eq!(whole.longest_match().unwrap().replacement, "\u{2233}");
    }
}

#[cfg(test)]
#[path = "named_char_ref_tests.rs"]
mod table_tests;
