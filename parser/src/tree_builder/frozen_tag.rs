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
//! are kept here: in one shared string, each name and each value followed
//! by a NUL, one allocation (the tokenizer replaces every U+0000 of names
//! and values with U+FFFD, so NUL never occurs in them).
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements>

use std::rc::Rc;

use crate::tokenizer::Tag;

/// A tag's attributes, frozen: `name NUL value NUL` for each attribute
/// in the token's order; `None` when there are none. Cloning shares them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct FrozenAttrs {
    text: Option<Rc<str>>,
    len: usize,
}

impl FrozenAttrs {
    /// Copies the attributes of `tag` (one allocation, none when it has no
    /// attributes), through `scratch`, a string kept for its allocation.
    pub fn new(tag: &Tag, scratch: &mut String) -> FrozenAttrs {
        if tag.attrs.is_empty() {
            return FrozenAttrs::default();
        }
        scratch.clear();
        for attr in &tag.attrs {
            debug_assert!(!attr.name.contains('\0') && !attr.value.contains('\0'));
            scratch.push_str(&attr.name);
            scratch.push('\0');
            scratch.push_str(&attr.value);
            scratch.push('\0');
        }
        FrozenAttrs { text: Some(Rc::from(scratch.as_str())), len: tag.attrs.len() }
    }

    /// How many attributes there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Each attribute as (name, value), in the token's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let mut fields = self.text.as_deref().unwrap_or_default().split_terminator('\0');
        std::iter::from_fn(move || Some((fields.next()?, fields.next().unwrap_or_default())))
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
}
