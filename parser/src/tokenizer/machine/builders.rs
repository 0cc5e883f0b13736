//! The token builders of the tokenizer: the current tag, attribute,
//! comment and DOCTYPE tokens, the strings the "append" verbs write to, and
//! the conditions of the `when` rows of spec-data.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>

use super::{TagKind, Target, Tokenizer};
use crate::generated::parse_errors::ParseErrorCode;
use crate::generated::tokenizer_states::State;
use crate::tokenizer::interface::{Attribute, Doctype, TokenSink};

impl<S: TokenSink> Tokenizer<S> {
    // ----- token builders ------------------------------------------------------

    /// Inline where each tag is created: a few stores, which out of line
    /// cost a call frame (16 instructions a tag).
    #[inline(always)]
    fn new_tag(&mut self, kind: TagKind) {
        self.tag_kind = kind;
        // Every state that creates a tag token reconsumes the name's first
        // character in a tag name state.
        self.tag_name_start = self.cur_start;
        self.tag_name_verbatim = true;
        // The appropriate end tag check only ever compares an end tag
        // created after the start tag was emitted, so the name can stay in
        // the tag until now. Without a branch (see `start_tag_names`): the
        // name of an emitted start tag becomes the last start tag's, any
        // other is swapped with the spare string.
        let emitted = std::mem::take(&mut self.emitted_start_tag);
        std::mem::swap(&mut self.start_tag_names[usize::from(emitted)], &mut self.tag.name);
        self.has_last_start_tag |= emitted;
        self.tag.name.clear();
        self.tag.self_closing = false;
        self.attribute_is_duplicate = false;
        self.attribute_name_bits = 0;
        // The names of a tag with many attributes, for the duplicate
        // search: filled only once a tag has had that many.
        if self.tag.attrs.len() >= Self::LINEAR_ATTRIBUTE_SEARCH {
            self.attribute_names.clear();
        }
        // The slots stay in the list for the next tag's attributes (see
        // `Attributes`): nothing moves.
        self.tag.attrs.clear();
    }

    /// An attribute slot, made when a tag has more attributes than any
    /// before it. Slots are reused for the rest of the parse, so their
    /// strings keep the room they grew to; starting the value at 64 bytes
    /// (URLs, class lists) rather than the 32 of the first short copy saves
    /// most slots a regrowth.
    #[cold]
    fn fresh_attribute() -> Attribute {
        Attribute { name: String::with_capacity(32), known_name: None, value: String::with_capacity(64) }
    }

    /// Up to this many earlier attributes, duplicates are searched linearly.
    const LINEAR_ATTRIBUTE_SEARCH: usize = 32;

    pub(crate) fn create_start_tag_token(&mut self) {
        self.new_tag(TagKind::Start);
    }

    pub(crate) fn create_end_tag_token(&mut self) {
        self.new_tag(TagKind::End);
    }

    pub(crate) fn create_comment_token(&mut self) {
        self.comment.clear();
    }

    /// "Create a processing instruction token whose target is target and
    /// data is the empty string", where target is the temporary buffer.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-target-state>
    pub(crate) fn create_processing_instruction_token(&mut self) {
        let pi = &mut self.processing_instruction;
        pi.target.clear();
        pi.target.push_str(&self.temporary_buffer);
        pi.data.clear();
    }

    /// "Create a comment token whose data is the concatenation of "?" and
    /// the code points in the temporary buffer".
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#convert-the-temporary-buffer-to-a-comment>
    pub(crate) fn convert_the_temporary_buffer_to_a_comment(&mut self) {
        self.comment.clear();
        self.comment.push('?');
        self.comment.push_str(&self.temporary_buffer);
    }

    pub(crate) fn create_doctype_token(&mut self) {
        self.doctype = Doctype::default();
    }

    /// Inline at each state that starts an attribute (with the tag name
    /// state copied per tag kind, LLVM called it from the hot ones).
    #[inline(always)]
    pub(crate) fn start_new_attribute(&mut self) {
        self.attribute_is_duplicate = false;
        // Every state that starts an attribute has the name's first
        // character as the current input character.
        self.attribute_name_start = self.cur_start;
        self.attribute_name_verbatim = true;
        self.discarded.clear();
        self.tag.attrs.start_new(Self::fresh_attribute);
    }

    pub(crate) fn set_self_closing_flag(&mut self) {
        self.tag.self_closing = true;
    }

    pub(crate) fn set_force_quirks_flag(&mut self) {
        self.doctype.force_quirks = true;
    }

    /// On leaving the attribute name state: the name is complete, and is
    /// interned once here for every consumer; a name the tag already has is
    /// a parse error, and the new attribute is removed from the token.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#attribute-name-state>
    #[inline(always)]
    pub(crate) fn check_for_duplicate_attribute(&mut self, input: &str, code: ParseErrorCode) {
        let Some((current, earlier)) = self.tag.attrs.split_last_mut() else { return };
        current.known_name = self.attribute_local_names.intern(
            &current.name,
            input.as_bytes(),
            self.attribute_name_start,
            self.attribute_name_verbatim,
        );
        debug_assert_eq!(current.known_name, crate::generated::names::LocalName::lookup(&current.name));
        // Most attributes have a name that no earlier attribute of the tag
        // has: its bit is clear among the earlier names' bits (`new_tag`
        // clears them), with no test of whether the attribute is its tag's
        // first, a coin toss on pages that mix tags with one and with
        // several attributes. The names the names table does not know share
        // the top bit. Only a set bit (a duplicate, or another name with the
        // same bit) or a tag with very many attributes (whose set of names
        // the search keeps) takes the search, after one branch that is
        // seldom taken.
        let bit = 1u64 << current.known_name.map_or(63, |name| name.index() % 64);
        let earlier_bits = self.attribute_name_bits;
        self.attribute_name_bits = earlier_bits | bit;
        if (earlier_bits & bit != 0) | (earlier.len() >= Self::LINEAR_ATTRIBUTE_SEARCH) {
            self.search_for_duplicate_attribute(input, code);
        }
    }

    fn search_for_duplicate_attribute(&mut self, input: &str, code: ParseErrorCode) {
        let Some((current, earlier)) = self.tag.attrs.split_last() else {
            return;
        };
        // A linear search is fastest for real tags; a tag with very many
        // attributes gets a set of their names, so that hostile input cannot
        // make this quadratic.
        let duplicate = if earlier.len() < Self::LINEAR_ATTRIBUTE_SEARCH {
            // Interned names compare as integers; two names the names table
            // does not know, as strings.
            let known = current.known_name.is_some();
            crate::cost::step!("tokenizer::duplicate_attribute", earlier.len());
            earlier.iter().any(|a| a.known_name == current.known_name && (known || a.name == current.name))
        } else {
            if self.attribute_names.is_empty() {
                self.attribute_names.extend(earlier.iter().map(|a| a.name.clone()));
            }
            !self.attribute_names.insert(current.name.clone())
        };
        if duplicate {
            self.parse_error(input, code);
            self.tag.attrs.drop_last();
            self.attribute_is_duplicate = true;
        }
    }

    // Inline: every caller names its target, and the match, a jump
    // through a table, folds away.
    #[inline(always)]
    fn target(&mut self, target: Target) -> &mut String {
        match target {
            Target::TagName => &mut self.tag.name,
            Target::AttributeName | Target::AttributeValue if self.attribute_is_duplicate => &mut self.discarded,
            Target::AttributeName => match self.tag.attrs.last_attribute_mut() {
                Some(attribute) => &mut attribute.name,
                None => &mut self.discarded,
            },
            Target::AttributeValue => match self.tag.attrs.last_attribute_mut() {
                Some(attribute) => &mut attribute.value,
                None => &mut self.discarded,
            },
            Target::Comment => &mut self.comment,
            Target::DoctypeName => self.doctype.name.get_or_insert_with(String::new),
            Target::DoctypePublicIdentifier => self.doctype.public_id.get_or_insert_with(String::new),
            Target::DoctypeSystemIdentifier => self.doctype.system_id.get_or_insert_with(String::new),
            Target::ProcessingInstructionData => &mut self.processing_instruction.data,
            Target::TemporaryBuffer => &mut self.temporary_buffer,
        }
    }

    #[inline]
    pub(crate) fn append(&mut self, target: Target, text: &str) {
        self.target(target).push_str(text);
    }

    /// Appends `input[start..end]`: most such runs are short names and
    /// values, copied without a call to `memcpy` (see `short_copy`).
    #[inline(always)]
    pub(crate) fn append_input(&mut self, target: Target, input: &str, start: usize, end: usize) {
        crate::short_copy::push_from(self.target(target), input, start, end);
    }

    #[inline]
    pub(crate) fn append_char(&mut self, target: Target, c: char) {
        // A lowercased letter or U+FFFD: the name no longer reads as the input.
        self.name_not_verbatim(target);
        self.target(target).push(c);
    }

    /// "Set … to the empty string" (for DOCTYPE identifiers: not missing).
    pub(crate) fn set_to_empty(&mut self, target: Target) {
        self.name_not_verbatim(target);
        self.target(target).clear();
    }

    /// The tag or attribute name written to is no longer a copy of the
    /// input from its start (see `names`).
    #[inline]
    fn name_not_verbatim(&mut self, target: Target) {
        match target {
            Target::TagName => self.tag_name_verbatim = false,
            Target::AttributeName => self.attribute_name_verbatim = false,
            _ => {}
        }
    }

    // ----- conditions of the `when` rows ---------------------------------------

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#appropriate-end-tag-token>
    pub(crate) fn current_end_tag_token_is_appropriate(&self) -> bool {
        self.tag_kind == TagKind::End && self.has_last_start_tag && self.start_tag_names[1] == self.tag.name
    }

    pub(crate) fn temporary_buffer_is_script(&self) -> bool {
        self.temporary_buffer == "script"
    }

    /// Whether the temporary buffer is `text` (ASCII case-insensitively when
    /// `case_insensitive`).
    pub(crate) fn temporary_buffer_is(&self, text: &str, case_insensitive: bool) -> bool {
        if case_insensitive {
            self.temporary_buffer.eq_ignore_ascii_case(text)
        } else {
            self.temporary_buffer == text
        }
    }

    /// The 2025 behaviour was asked for: `<?` is a bogus comment.
    pub(crate) fn legacy_bogus_comment_processing_instructions(&self) -> bool {
        self.legacy_processing_instructions
    }

    pub(crate) fn adjusted_current_node_is_foreign(&self) -> bool {
        self.sink.adjusted_current_node_is_foreign()
    }

    /// Spec: "If the character reference was consumed as part of an attribute"
    /// — the return state is an attribute value state.
    pub(crate) fn consumed_as_part_of_an_attribute(&self) -> bool {
        matches!(
            self.return_state,
            State::AttributeValueDoubleQuoted | State::AttributeValueSingleQuoted | State::AttributeValueUnquoted
        )
    }

    /// Whether the input character after a named character reference match
    /// is `=` or an ASCII alphanumeric (the "historical reasons" case).
    pub(crate) fn next_input_character_is_equals_sign_or_ascii_alphanumeric(&self) -> bool {
        self.next_after_match.is_some_and(|b| b == b'=' || b.is_ascii_alphanumeric())
    }

    pub(crate) fn last_character_matched_is_not_semicolon(&self) -> bool {
        self.named_match.is_some_and(|m| !m.ends_with_semicolon)
    }
}
