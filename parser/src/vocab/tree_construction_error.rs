//! The tree-construction parse errors. The spec names none of them ("this
//! is a parse error"), so these codes are ours; they are stable and
//! documented here. A start tag with a trailing solidus on a non-void
//! element uses the spec's own code `non-void-html-element-start-tag-with-trailing-solidus`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parse-errors>

/// A tree-construction parse error code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum TreeConstructionError {
    /// `missing-doctype`: the first token of a document is not a DOCTYPE
    /// (or the DOCTYPE is not `<!DOCTYPE html>`-like: `bad-doctype`).
    MissingDoctype,
    /// `bad-doctype`: a DOCTYPE that is not one of the conforming forms.
    BadDoctype,
    /// `unexpected-doctype`: a DOCTYPE after the start of the document.
    UnexpectedDoctype,
    /// `unexpected-start-tag`: a start tag the current insertion mode does not allow.
    UnexpectedStartTag,
    /// `unexpected-end-tag`: an end tag the current insertion mode does not allow,
    /// or that closes nothing.
    UnexpectedEndTag,
    /// `unexpected-character`: non-whitespace text where only whitespace is allowed.
    UnexpectedCharacter,
    /// `unexpected-null-character-in-tree`: a U+0000 the insertion mode drops.
    UnexpectedNullCharacter,
    /// `foster-parented-content`: content inside a table that the table cannot hold.
    FosterParentedContent,
    /// `end-tag-with-open-elements`: an end tag closes elements that were still open.
    EndTagWithOpenElements,
    /// `eof-with-open-elements`: the input ended while elements were still open.
    EofWithOpenElements,
    /// `misnested-formatting-element`: the adoption agency algorithm had to repair
    /// misnested formatting elements.
    MisnestedFormattingElement,
    /// `nested-element`: a start tag for an element that may not contain itself
    /// (`a` in `a`, `form` in `form`, `button` in `button`, `nobr` in `nobr`, …).
    NestedElement,
    /// `unexpected-foreign-content-break-out`: an HTML tag that ends SVG/MathML content.
    ForeignContentBreakOut,
    /// `non-void-html-element-start-tag-with-trailing-solidus` (the spec's code).
    NonVoidHtmlElementStartTagWithTrailingSolidus,
}

impl TreeConstructionError {
    /// Every code, for documentation and tests.
    pub const ALL: [TreeConstructionError; 14] = [
        TreeConstructionError::MissingDoctype,
        TreeConstructionError::BadDoctype,
        TreeConstructionError::UnexpectedDoctype,
        TreeConstructionError::UnexpectedStartTag,
        TreeConstructionError::UnexpectedEndTag,
        TreeConstructionError::UnexpectedCharacter,
        TreeConstructionError::UnexpectedNullCharacter,
        TreeConstructionError::FosterParentedContent,
        TreeConstructionError::EndTagWithOpenElements,
        TreeConstructionError::EofWithOpenElements,
        TreeConstructionError::MisnestedFormattingElement,
        TreeConstructionError::NestedElement,
        TreeConstructionError::ForeignContentBreakOut,
        TreeConstructionError::NonVoidHtmlElementStartTagWithTrailingSolidus,
    ];

    /// The stable code, e.g. `"unexpected-end-tag"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            TreeConstructionError::MissingDoctype => "missing-doctype",
            TreeConstructionError::BadDoctype => "bad-doctype",
            TreeConstructionError::UnexpectedDoctype => "unexpected-doctype",
            TreeConstructionError::UnexpectedStartTag => "unexpected-start-tag",
            TreeConstructionError::UnexpectedEndTag => "unexpected-end-tag",
            TreeConstructionError::UnexpectedCharacter => "unexpected-character",
            TreeConstructionError::UnexpectedNullCharacter => "unexpected-null-character-in-tree",
            TreeConstructionError::FosterParentedContent => "foster-parented-content",
            TreeConstructionError::EndTagWithOpenElements => "end-tag-with-open-elements",
            TreeConstructionError::EofWithOpenElements => "eof-with-open-elements",
            TreeConstructionError::MisnestedFormattingElement => "misnested-formatting-element",
            TreeConstructionError::NestedElement => "nested-element",
            TreeConstructionError::ForeignContentBreakOut => "unexpected-foreign-content-break-out",
            TreeConstructionError::NonVoidHtmlElementStartTagWithTrailingSolidus => {
                "non-void-html-element-start-tag-with-trailing-solidus"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<&str> = TreeConstructionError::ALL.iter().map(|c| c.as_str()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), TreeConstructionError::ALL.len());
    }
}
