//! Builder-style setters for the option structs, which are
//! `#[non_exhaustive]` so that a new option is not a breaking change: code
//! outside the crate cannot write their struct literals, so each field gets
//! a method of the same name that sets it and returns the options
//! (`ParseOptions::default().scripting(true)`).

/// One setter per listed field, named after it and taking the field's
/// type; `const` ones where every field type allows it, so that options
/// can be constants. The list must name every field: a field left out is a
/// compile error (the pattern in `every_field_has_a_setter` names them all,
/// without `..`).
macro_rules! setters {
    (const $ty:ident $(<$lt:lifetime>)? { $($field:ident: $t:ty),* $(,)? }) => {
        const _: () = {
            #[allow(dead_code)]
            fn every_field_has_a_setter$(<$lt>)?(options: $ty$(<$lt>)?) {
                let $ty { $($field: _),* } = options;
            }
        };
        impl$(<$lt>)? $ty$(<$lt>)? {
            $(
                #[doc = concat!("These options with `", stringify!($field), "` set (see the field).")]
                #[must_use]
                pub const fn $field(mut self, $field: $t) -> Self {
                    self.$field = $field;
                    self
                }
            )*
        }
    };
    ($ty:ident { $($field:ident: $t:ty),* $(,)? }) => {
        const _: () = {
            #[allow(dead_code)]
            fn every_field_has_a_setter(options: $ty) {
                let $ty { $($field: _),* } = options;
            }
        };
        impl $ty {
            $(
                #[doc = concat!("These options with `", stringify!($field), "` set (see the field).")]
                #[must_use]
                pub fn $field(mut self, $field: $t) -> Self {
                    self.$field = $field;
                    self
                }
            )*
        }
    };
}

pub(crate) use setters;
