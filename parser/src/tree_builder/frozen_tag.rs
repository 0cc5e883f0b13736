//! The attributes of a formatting element's token, as the list of active
//! formatting elements keeps them.
//!
//! Reconstruction and the adoption agency algorithm create new elements
//! "for the token for which the element was created", so the list keeps
//! each formatting token. The tokenizer reuses its `Tag`, so the token has
//! to be copied; a cloned `Tag` costs one allocation for the name, one for
//! the attribute list and two per attribute (then as many frees). The
//! element's name is already in the entry (a `LocalName`: formatting
//! elements all have names from the names table), so only the attributes
//! are kept here: back to back in one shared string (one allocation, an
//! `Arc` so that a parser is `Send`) with
//! their lengths beside it, for the few attributes formatting elements
//! carry; more, or longer ones, are kept as a list.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements>

use std::sync::Arc;

use crate::tokenizer::Tag;

/// Attributes kept one by one: (name, value).
type AttributeList = Arc<[(Box<str>, Box<str>)]>;

/// Attributes a packed entry holds.
const PACKED_ATTRIBUTES: usize = 4;

/// A tag's attributes, frozen. Cloning shares them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) enum FrozenAttrs {
    #[default]
    None,
    /// `len` attributes (at most [`PACKED_ATTRIBUTES`]), each name then
    /// value back to back in `text`; `lengths` holds their lengths.
    Packed { text: Arc<str>, lengths: [u16; 2 * PACKED_ATTRIBUTES], len: u8 },
    /// More attributes, or a name or value of 64 KB or more.
    Listed(AttributeList),
}

impl FrozenAttrs {
    /// Copies the attributes of `tag` (one allocation, none when it has no
    /// attributes), through `scratch`, a string kept for its allocation.
    pub fn new(tag: &Tag, scratch: &mut String) -> FrozenAttrs {
        if tag.attrs.is_empty() {
            return FrozenAttrs::None;
        }
        let mut lengths = [0u16; 2 * PACKED_ATTRIBUTES];
        let fits = tag.attrs.len() <= PACKED_ATTRIBUTES
            && tag.attrs.iter().zip(lengths.chunks_exact_mut(2)).all(|(attr, pair)| {
                match (u16::try_from(attr.name.len()), u16::try_from(attr.value.len())) {
                    (Ok(name), Ok(value)) => {
                        pair.copy_from_slice(&[name, value]);
                        true
                    }
                    _ => false,
                }
            });
        if !fits {
            return FrozenAttrs::Listed(
                tag.attrs.iter().map(|a| (a.name.as_str().into(), a.value.as_str().into())).collect(),
            );
        }
        scratch.clear();
        for attr in &tag.attrs {
            scratch.push_str(&attr.name);
            scratch.push_str(&attr.value);
        }
        FrozenAttrs::Packed { text: Arc::from(scratch.as_str()), lengths, len: tag.attrs.len() as u8 }
    }

    /// How many attributes there are.
    pub fn len(&self) -> usize {
        match self {
            FrozenAttrs::None => 0,
            FrozenAttrs::Packed { len, .. } => usize::from(*len),
            FrozenAttrs::Listed(attrs) => attrs.len(),
        }
    }

    /// Each attribute as (name, value), in the token's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let (mut text, lengths, listed): (&str, &[u16], &[_]) = match self {
            FrozenAttrs::None => ("", &[], &[]),
            FrozenAttrs::Packed { text, lengths, len } => (text, &lengths[..2 * usize::from(*len)], &[]),
            FrozenAttrs::Listed(attrs) => ("", &[], attrs),
        };
        let mut lengths = lengths.chunks_exact(2);
        let mut listed = listed.iter();
        std::iter::from_fn(move || match lengths.next() {
            Some(pair) => {
                let (name, rest) = text.split_at(usize::from(pair[0]));
                let (value, rest) = rest.split_at(usize::from(pair[1]));
                text = rest;
                Some((name, value))
            }
            None => listed.next().map(|(name, value)| (&**name, &**value)),
        })
    }

    /// Whether `tag` has the same attributes, in any order ("compared as
    /// they were when the elements were created by the parser"). Names
    /// are unique on both sides (the tokenizer drops duplicates).
    pub fn same_as(&self, tag: &Tag) -> bool {
        self.len() == tag.attrs.len() && self.iter().all(|(name, value)| tag.attr(name) == Some(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokenizer::Attribute;

    fn tag(attrs: &[(&str, &str)]) -> Tag {
        Tag {
            attrs: attrs.iter().map(|&(name, value)| Attribute { name: name.into(), value: value.into() }).collect(),
            ..Tag::new("a")
        }
    }

    #[test]
    fn keeps_names_and_values_in_order() {
        let frozen = FrozenAttrs::new(&tag(&[("href", "/x"), ("class", ""), ("id", "é")]), &mut String::new());
        let attrs: Vec<_> = frozen.iter().collect();
        assert_eq!(attrs, [("href", "/x"), ("class", ""), ("id", "é")]);
        assert_eq!(FrozenAttrs::new(&tag(&[]), &mut String::new()).iter().count(), 0);
    }

    #[test]
    fn compares_attribute_sets_in_any_order() {
        let frozen = FrozenAttrs::new(&tag(&[("a", "1"), ("b", "2")]), &mut String::new());
        assert!(frozen.same_as(&tag(&[("b", "2"), ("a", "1")])));
        assert!(!frozen.same_as(&tag(&[("a", "1"), ("b", "3")])));
        assert!(!frozen.same_as(&tag(&[("a", "1")])));
        // "ab" + "" must not equal "a" + "b".
        assert!(!FrozenAttrs::new(&tag(&[("ab", "")]), &mut String::new()).same_as(&tag(&[("a", "b")])));
    }

    #[test]
    fn keeps_any_characters_any_number_and_any_length() {
        let long = "x".repeat(70_000);
        for attrs in [
            &[("a\0b", "1"), ("c", "\0"), ("d", "")][..],
            &[("a", "1"), ("b", "2"), ("c", "3"), ("d", "4"), ("e", "5")],
            &[("a", "1"), ("b", long.as_str())],
        ] {
            let frozen = FrozenAttrs::new(&tag(attrs), &mut String::new());
            assert_eq!(frozen.iter().collect::<Vec<_>>(), attrs);
            assert!(frozen.same_as(&tag(attrs)));
        }
        let packed = FrozenAttrs::new(&tag(&[("é", ""), ("e", "ƒ")]), &mut String::new());
        assert!(matches!(packed, FrozenAttrs::Packed { len: 2, .. }));
        assert_eq!(packed.iter().collect::<Vec<_>>(), [("é", ""), ("e", "ƒ")]);
    }
}
