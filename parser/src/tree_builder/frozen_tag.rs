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
//! are kept here, in one string and one list of offsets.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements>

use crate::tokenizer::Tag;

/// A tag's attributes, frozen: each name followed by its value, back to
/// back in `text`; `ends` holds where each name and each value end.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct FrozenAttrs {
    text: Box<str>,
    ends: Box<[(usize, usize)]>,
}

impl FrozenAttrs {
    /// Copies the attributes of `tag` (two allocations, none when it has
    /// no attributes).
    pub fn new(tag: &Tag) -> FrozenAttrs {
        if tag.attrs.is_empty() {
            return FrozenAttrs::default();
        }
        let len = tag.attrs.iter().map(|attr| attr.name.len() + attr.value.len()).sum();
        let mut text = String::with_capacity(len);
        let ends = tag
            .attrs
            .iter()
            .map(|attr| {
                text.push_str(&attr.name);
                let name_end = text.len();
                text.push_str(&attr.value);
                (name_end, text.len())
            })
            .collect();
        FrozenAttrs { text: text.into_boxed_str(), ends }
    }

    /// How many attributes there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Each attribute as (name, value), in the token's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&(name_end, value_end)| {
            let attr = (&self.text[start..name_end], &self.text[name_end..value_end]);
            start = value_end;
            attr
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
            name: "a".into(),
            self_closing: false,
            attrs: attrs.iter().map(|&(name, value)| Attribute { name: name.into(), value: value.into() }).collect(),
        }
    }

    #[test]
    fn keeps_names_and_values_in_order() {
        let frozen = FrozenAttrs::new(&tag(&[("href", "/x"), ("class", ""), ("id", "é")]));
        let attrs: Vec<_> = frozen.iter().collect();
        assert_eq!(attrs, [("href", "/x"), ("class", ""), ("id", "é")]);
        assert_eq!(FrozenAttrs::new(&tag(&[])).iter().count(), 0);
    }

    #[test]
    fn compares_attribute_sets_in_any_order() {
        let frozen = FrozenAttrs::new(&tag(&[("a", "1"), ("b", "2")]));
        assert!(frozen.same_as(&tag(&[("b", "2"), ("a", "1")])));
        assert!(!frozen.same_as(&tag(&[("a", "1"), ("b", "3")])));
        assert!(!frozen.same_as(&tag(&[("a", "1")])));
        // "ab" + "" must not equal "a" + "b".
        assert!(!FrozenAttrs::new(&tag(&[("ab", "")])).same_as(&tag(&[("a", "b")])));
    }
}
