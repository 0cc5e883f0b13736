//! Tag and attribute names interned as the tokenizer makes them (issue
//! 18): a tag's and each attribute's [`LocalName`] travel with the token,
//! so that the tree builder and the DOM match small integers and neither
//! looks the name up again.
//!
//! Most names are short and written in lowercase, so they are a verbatim
//! run of the input: one 8-byte load from the input, masked to the name's
//! length, is a key that identifies the name (the tokenizer never leaves a
//! U+0000 in a name it copied verbatim, so the zero padding cannot collide).
//! A small direct-mapped cache from that word to the interned name answers
//! the names a document repeats without hashing the bytes; the generated
//! perfect hash ([`LocalName::lookup`]) fills it and answers every other
//! name. The tokenizer keeps one cache for tag names and one for attribute
//! names.

use crate::generated::names::LocalName;

/// Slots of the cache (a power of two): a document uses a few dozen names.
const SLOT_BITS: u32 = 6;

/// A direct-mapped cache from a short name's padded word to its interned
/// name (`None`: a name the names table does not know, cached as well).
#[derive(Debug, Clone)]
pub(crate) struct NameCache {
    /// (word, name); an empty slot's word is 0, which no name has.
    slots: [(u64, Option<LocalName>); 1 << SLOT_BITS],
}

impl Default for NameCache {
    fn default() -> Self {
        NameCache { slots: [(0, None); 1 << SLOT_BITS] }
    }
}

impl NameCache {
    /// The interned `name`. With `verbatim`, the name is a copy of
    /// `input[start..]` (lowercase as written, no U+0000), and a short name
    /// is answered from the cache when 8 bytes of input follow `start`.
    #[inline(always)]
    pub(crate) fn intern(&mut self, name: &str, input: &[u8], start: usize, verbatim: bool) -> Option<LocalName> {
        let n = name.len();
        if verbatim && n.wrapping_sub(1) < 8 {
            if let Some(bytes) = input.get(start..start + 8) {
                let bytes: [u8; 8] = bytes.try_into().expect("eight bytes");
                let word = u64::from_le_bytes(bytes) & (u64::MAX >> (64 - 8 * n));
                // Fibonacci hashing: the top bits of the product mix every byte.
                let slot = (word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize;
                let (cached, local_name) = self.slots[slot];
                if cached == word {
                    return local_name;
                }
                return self.fill(slot, word, name);
            }
        }
        LocalName::lookup(name)
    }

    /// A miss: `name` looked up, and cached in `slot` under `word`. Out of
    /// line, so that the hit inlined where names end stays small.
    #[cold]
    #[inline(never)]
    fn fill(&mut self, slot: usize, word: u64, name: &str) -> Option<LocalName> {
        let local_name = LocalName::lookup(name);
        self.slots[slot] = (word, local_name);
        local_name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::names::local_names;

    fn intern_verbatim(cache: &mut NameCache, input: &str, len: usize) -> Option<LocalName> {
        cache.intern(&input[..len], input.as_bytes(), 0, true)
    }

    #[test]
    fn verbatim_names_agree_with_the_names_table() {
        let mut cache = NameCache::default();
        // Twice: the first round fills the cache, the second reads it.
        for _ in 0..2 {
            for name in LocalName::all().map(LocalName::as_str).chain(["x", "my-el", "dívx", "abcdefgh"]) {
                let input = format!("{name}> and more input");
                assert_eq!(intern_verbatim(&mut cache, &input, name.len()), LocalName::lookup(name), "{name}");
            }
        }
    }

    #[test]
    fn a_name_is_not_confused_with_its_prefix_or_the_bytes_after_it() {
        let mut cache = NameCache::default();
        assert_eq!(intern_verbatim(&mut cache, "table>....", 5), Some(local_names::TABLE));
        assert_eq!(intern_verbatim(&mut cache, "tab>......", 3), None);
        assert_eq!(intern_verbatim(&mut cache, "tablex>...", 6), None);
        assert_eq!(intern_verbatim(&mut cache, "table>....", 5), Some(local_names::TABLE));
        assert_eq!(intern_verbatim(&mut cache, "b class=x", 1), Some(local_names::B));
    }

    #[test]
    fn short_input_and_long_names_go_to_the_names_table() {
        let mut cache = NameCache::default();
        assert_eq!(cache.intern("div", b"div>", 0, true), Some(local_names::DIV));
        assert_eq!(cache.intern("blockquote", b"<blockquote> text", 1, true), Some(local_names::BLOCKQUOTE));
        assert_eq!(cache.intern("p", b"<P class=x>", 1, false), Some(local_names::P));
        assert_eq!(cache.intern("", b"........", 0, true), None);
    }

    /// Every tag and attribute name of the tokens carries its interned
    /// name, whatever the case, U+0000s and chunk boundaries.
    #[test]
    fn tokens_carry_their_names_interned() {
        use crate::tokenizer::{Collector, OwnedToken, Tokenizer};
        let html =
            "<p class=a CLASS=b id=c data-x=1 =d cl\0ass=e \u{e9}t\u{e9}=f href\"=g><DIV Title=t><svg viewBox=v>\
                    </svg></p x=1><table><tr><td colspan=2 rowspan=3 headers=h>x";
        for chunk in [1, 2, 3, 5, 8, 13, html.len()] {
            let mut tokenizer = Tokenizer::new(Collector::default());
            let mut rest = html;
            while !rest.is_empty() {
                let mut at = chunk.min(rest.len());
                while !rest.is_char_boundary(at) {
                    at += 1;
                }
                tokenizer.feed(&rest[..at]);
                rest = &rest[at..];
            }
            tokenizer.end();
            let mut attributes = 0;
            for token in &tokenizer.sink().tokens {
                let (OwnedToken::StartTag(tag) | OwnedToken::EndTag(tag)) = token else { continue };
                assert_eq!(tag.known_name(), LocalName::lookup(tag.name()), "{} in chunks of {chunk}", tag.name());
                for attribute in &tag.attrs {
                    attributes += 1;
                    let name = attribute.name();
                    assert_eq!(attribute.known_name(), LocalName::lookup(name), "{name} in chunks of {chunk}");
                }
            }
            assert_eq!(attributes, 13, "in chunks of {chunk}");
        }
    }
}
