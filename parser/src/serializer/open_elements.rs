//! The elements the serializer is inside: what the rules call the parent,
//! whether text is literal, whether whitespace is kept. One string holds
//! every name, so a deep document costs no allocation per level.

use crate::generated::serialization::{preserves_whitespace, text_is_literal_inside};

use super::event::Namespace;
use super::optional_tags::Parent;

#[derive(Debug, Clone, Copy)]
struct Entry {
    name_start: usize,
    namespace: Namespace,
    keeps_whitespace: bool,
}

#[derive(Debug, Default)]
pub(crate) struct OpenElements {
    names: String,
    entries: Vec<Entry>,
    /// How many open elements keep whitespace (see `keeps_whitespace`).
    keeping_whitespace: usize,
}

impl OpenElements {
    pub fn push(&mut self, namespace: Namespace, name: &str) {
        let keeps_whitespace =
            namespace == Namespace::Html && (preserves_whitespace(name) || text_is_literal_inside(name, true));
        self.entries.push(Entry { name_start: self.names.len(), namespace, keeps_whitespace });
        self.names.push_str(name);
        self.keeping_whitespace += usize::from(keeps_whitespace);
    }

    /// Pops the current element. The events are balanced, so this is the
    /// element an end tag closes; a stray end tag pops nothing.
    pub fn pop(&mut self) {
        if let Some(entry) = self.entries.pop() {
            self.names.truncate(entry.name_start);
            self.keeping_whitespace -= usize::from(entry.keeps_whitespace);
        }
    }

    /// The current element's name, if it is an HTML element.
    pub fn current_html(&self) -> Option<&str> {
        let entry = self.entries.last()?;
        (entry.namespace == Namespace::Html).then(|| &self.names[entry.name_start..])
    }

    /// The current element, as the optional-tag rules see a parent.
    pub fn current_as_parent(&self) -> Option<Parent<'_>> {
        let entry = self.entries.last()?;
        Some(match entry.namespace {
            Namespace::Html => Parent::Html(&self.names[entry.name_start..]),
            _ => Parent::Foreign,
        })
    }

    /// Whether some open element keeps whitespace as it is: `pre`,
    /// `listing`, `textarea` and the elements whose text is literal.
    pub fn inside_whitespace_keeper(&self) -> bool {
        self.keeping_whitespace > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_and_current() {
        let mut open = OpenElements::default();
        open.push(Namespace::Html, "pre");
        open.push(Namespace::Svg, "g");
        assert_eq!(open.current_html(), None);
        assert!(open.inside_whitespace_keeper());
        open.pop();
        assert_eq!(open.current_html(), Some("pre"));
        open.pop();
        open.pop();
        assert!(!open.inside_whitespace_keeper());
        assert_eq!(open.current_html(), None);
    }
}
