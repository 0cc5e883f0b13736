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
    BYTE_TO_CODE, EDGES, ROOT_INDEX, SECOND_INDEX, VALUES, VALUE_SPANS,
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

/// The last match whose name ends with `;` and fits in eight bytes, tried
/// before the automaton by one masked comparison of the input: pages repeat
/// a few references many times (`&amp;` in URLs, `&nbsp;`), and the
/// automaton costs about forty instructions per byte of a name. No name
/// goes on past a `;`, so where the input starts with such a name, that
/// name is the longest match.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RecentMatch {
    /// The name's bytes as a little-endian word, and the mask of its length.
    name: u64,
    mask: u64,
    found: Option<NamedMatch>,
}

impl RecentMatch {
    /// The remembered match, if `rest` (the input after the `&`) starts
    /// with its name; `None` also when `rest` is shorter than eight bytes.
    #[inline]
    pub(crate) fn find(&self, rest: &[u8]) -> Option<NamedMatch> {
        let word = u64::from_le_bytes(*rest.first_chunk::<8>()?);
        self.found.filter(|_| word & self.mask == self.name)
    }

    /// Remembers `found`, the longest match at the start of `rest`, if its
    /// name ends with `;` and fits in eight bytes.
    pub(crate) fn remember(&mut self, rest: &[u8], found: NamedMatch) {
        if !found.ends_with_semicolon || found.len > 8 {
            return;
        }
        let mut name = [0u8; 8];
        name[..found.len].copy_from_slice(&rest[..found.len]);
        self.name = u64::from_le_bytes(name);
        self.mask = u64::MAX >> (64 - 8 * found.len);
        self.found = Some(found);
    }
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

    #[test]
    fn the_recent_match_answers_as_the_automaton_does() {
        let mut recent = RecentMatch::default();
        assert_eq!(recent.find(b"amp;xxxxxx"), None);
        let inputs: [&[u8]; 9] = [
            b"amp;x=1&y",
            b"amp;amp;",
            b"ampere;xxx",
            b"amp",
            b"notin;xxxx",
            b"not;xxxxxx",
            b"notit;xxxx",
            b"nbsp; xxx",
            b"lt;",
        ];
        for first in inputs {
            for second in inputs {
                let mut matcher = NamedCharRefMatcher::new();
                for &b in first {
                    if !matcher.push(b) {
                        break;
                    }
                }
                if let Some(found) = matcher.longest_match() {
                    recent.remember(first, found);
                }
                let mut matcher = NamedCharRefMatcher::new();
                for &b in second {
                    if !matcher.push(b) {
                        break;
                    }
                }
                if let Some(hit) = recent.find(second) {
                    assert_eq!(Some(hit), matcher.longest_match(), "{first:?} then {second:?}");
                }
            }
        }
        // Names longer than eight bytes, and names without `;`, are not remembered.
        let mut recent = RecentMatch::default();
        let found = NamedMatch { len: 3, ends_with_semicolon: false, replacement: "&" };
        recent.remember(b"ampxxxxxxx", found);
        assert_eq!(recent.find(b"ampxxxxxxx"), None);
        let long = b"NotEqualTilde;xx";
        let found = NamedMatch { len: 14, ends_with_semicolon: true, replacement: "\u{2242}\u{338}" };
        recent.remember(long, found);
        assert_eq!(recent.find(long), None);
        // Every name that fits is found again, with the automaton's answer.
        let found = NamedMatch { len: 4, ends_with_semicolon: true, replacement: "&" };
        recent.remember(b"amp;", found);
        assert_eq!(recent.find(b"amp;1234"), Some(found));
        assert_eq!(recent.find(b"amp:1234"), None);
        assert_eq!(recent.find(b"amp;123"), None);
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
