//! Tag names interned as the tokenizer emits them (issue 18): a tag's
//! [`LocalName`] travels with the token, so that the tree builder matches
//! small integers and neither it nor the DOM looks the name up again.
//!
//! Most names are short and written in lowercase, so they are a verbatim
//! run of the input: one 8-byte load from the input, masked to the name's
//! length, is a key that identifies the name (the tokenizer never leaves a
//! U+0000 in a name it copied verbatim, so the zero padding cannot collide).
//! A small direct-mapped cache from that word to the interned name answers
//! the names a document repeats without hashing the bytes; the generated
//! perfect hash ([`LocalName::lookup`]) fills it and answers every other
//! name.

use crate::generated::names::LocalName;

/// Slots of the cache (a power of two): a document uses a few dozen names.
const SLOT_BITS: u32 = 6;

/// A direct-mapped cache from a short name's padded word to its interned
/// name (`None`: a name the names table does not know, cached as well).
#[derive(Debug, Clone)]
pub(crate) struct TagNameCache {
    /// (word, name); an empty slot's word is 0, which no name has.
    slots: [(u64, Option<LocalName>); 1 << SLOT_BITS],
}

impl Default for TagNameCache {
    fn default() -> Self {
        TagNameCache { slots: [(0, None); 1 << SLOT_BITS] }
    }
}

impl TagNameCache {
    /// The interned `name`. With `verbatim`, the name is a copy of
    /// `input[start..]` (lowercase as written, no U+0000), and a short name
    /// is answered from the cache when 8 bytes of input follow `start`.
    #[inline]
    pub(crate) fn intern(&mut self, name: &str, input: &[u8], start: usize, verbatim: bool) -> Option<LocalName> {
        let n = name.len();
        if verbatim && n.wrapping_sub(1) < 8 {
            if let Some(bytes) = input.get(start..start + 8) {
                let bytes: [u8; 8] = bytes.try_into().expect("eight bytes");
                let word = u64::from_le_bytes(bytes) & (u64::MAX >> (64 - 8 * n));
                // Fibonacci hashing: the top bits of the product mix every byte.
                let slot = (word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize;
                let entry = &mut self.slots[slot];
                if entry.0 != word {
                    *entry = (word, LocalName::lookup(name));
                }
                return entry.1;
            }
        }
        LocalName::lookup(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generated::names::local_names;

    fn intern_verbatim(cache: &mut TagNameCache, input: &str, len: usize) -> Option<LocalName> {
        cache.intern(&input[..len], input.as_bytes(), 0, true)
    }

    #[test]
    fn verbatim_names_agree_with_the_names_table() {
        let mut cache = TagNameCache::default();
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
        let mut cache = TagNameCache::default();
        assert_eq!(intern_verbatim(&mut cache, "table>....", 5), Some(local_names::TABLE));
        assert_eq!(intern_verbatim(&mut cache, "tab>......", 3), None);
        assert_eq!(intern_verbatim(&mut cache, "tablex>...", 6), None);
        assert_eq!(intern_verbatim(&mut cache, "table>....", 5), Some(local_names::TABLE));
        assert_eq!(intern_verbatim(&mut cache, "b class=x", 1), Some(local_names::B));
    }

    #[test]
    fn short_input_and_long_names_go_to_the_names_table() {
        let mut cache = TagNameCache::default();
        assert_eq!(cache.intern("div", b"div>", 0, true), Some(local_names::DIV));
        assert_eq!(cache.intern("blockquote", b"<blockquote> text", 1, true), Some(local_names::BLOCKQUOTE));
        assert_eq!(cache.intern("p", b"<P class=x>", 1, false), Some(local_names::P));
        assert_eq!(cache.intern("", b"........", 0, true), None);
    }
}
