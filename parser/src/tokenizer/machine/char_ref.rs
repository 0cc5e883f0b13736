//! The verbs of the character reference states: the named reference
//! match, flushing the code points consumed as a character reference, and
//! the numeric character reference code and its checks.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#character-reference-state>

use super::{Look, Tokenizer};
use crate::generated::numeric_character_references::numeric_character_reference_replacement;
use crate::generated::parse_errors::ParseErrorCode;
use crate::named_char_ref::{short_match, NamedCharRefMatcher};
use crate::tokenizer::interface::TokenSink;

impl<S: TokenSink> Tokenizer<S> {
    // ----- character references ---------------------------------------------

    /// The named character reference state's "consume the maximum number of
    /// characters possible, where the consumed characters are one of the
    /// identifiers in the named character references table", appending them
    /// to the temporary buffer.
    pub(crate) fn named_character_reference(&mut self, input: &str) -> Look {
        let bytes = &input.as_bytes()[self.pos..];
        let found = match short_match(bytes) {
            Some(found) => found,
            None => {
                let mut matcher = NamedCharRefMatcher::new();
                let mut fed = 0;
                while fed < bytes.len() && matcher.push(bytes[fed]) {
                    fed += 1;
                }
                if fed == bytes.len() && matcher.can_continue() && !self.eof {
                    return Look::NeedMore;
                }
                let Some(found) = matcher.longest_match() else {
                    return Look::NoMatch;
                };
                found
            }
        };
        let after = self.pos + found.len;
        // The "historical reasons" check looks at the character after a
        // match without `;` in an attribute: it must have been fed.
        self.next_after_match = input.as_bytes().get(after).copied();
        let needs_next = self.consumed_as_part_of_an_attribute() && !found.ends_with_semicolon;
        if needs_next && self.next_after_match.is_none() && !self.eof {
            return Look::NeedMore;
        }
        self.temporary_buffer.push_str(&input[self.pos..after]);
        self.pos = after;
        // The tests place this state's errors at the character after the match.
        self.cur_start = after;
        self.named_match = Some(found);
        Look::Match
    }

    pub(crate) fn set_temporary_buffer_to_the_matched_characters(&mut self) {
        self.temporary_buffer.clear();
        if let Some(found) = self.named_match {
            self.temporary_buffer.push_str(found.replacement);
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#flush-code-points-consumed-as-a-character-reference>
    pub(crate) fn flush_code_points_consumed_as_a_character_reference(&mut self, input: &str) {
        if self.consumed_as_part_of_an_attribute() {
            let target = if self.attribute_is_duplicate {
                &mut self.discarded
            } else {
                match self.tag.attrs.last_attribute_mut() {
                    Some(attribute) => &mut attribute.value,
                    None => &mut self.discarded,
                }
            };
            target.push_str(&self.temporary_buffer);
        } else {
            self.emit_temporary_buffer(input);
        }
    }

    /// Beyond U+10FFFF the exact value no longer matters; clamping keeps the
    /// arithmetic from overflowing on long digit runs.
    const CODE_LIMIT: u32 = 0x11_0000;

    pub(crate) fn multiply_character_reference_code_by(&mut self, factor: u32) {
        self.character_reference_code = self.character_reference_code.saturating_mul(factor).min(Self::CODE_LIMIT);
    }

    pub(crate) fn add_current_input_character_minus(&mut self, input: &str, offset: u32) {
        let digit = u32::from(input.as_bytes()[self.cur_start]) - offset;
        self.character_reference_code = (self.character_reference_code + digit).min(Self::CODE_LIMIT);
    }

    /// Spec: the numeric character reference end state's checks.
    pub(crate) fn check_the_character_reference_code(&mut self, input: &str) {
        let code = self.character_reference_code;
        let is_noncharacter = (0xFDD0..=0xFDEF).contains(&code) || (code & 0xFFFE) == 0xFFFE;
        let is_control = matches!(code, 0x00..=0x1F | 0x7F..=0x9F);
        if code == 0 {
            self.parse_error(input, ParseErrorCode::NullCharacterReference);
            self.character_reference_code = 0xFFFD;
        } else if code > 0x10FFFF {
            self.parse_error(input, ParseErrorCode::CharacterReferenceOutsideUnicodeRange);
            self.character_reference_code = 0xFFFD;
        } else if (0xD800..=0xDFFF).contains(&code) {
            self.parse_error(input, ParseErrorCode::SurrogateCharacterReference);
            self.character_reference_code = 0xFFFD;
        } else if is_noncharacter {
            self.parse_error(input, ParseErrorCode::NoncharacterCharacterReference);
        } else if code == 0x0D || (is_control && !matches!(code, 0x09 | 0x0A | 0x0C | 0x20)) {
            self.parse_error(input, ParseErrorCode::ControlCharacterReference);
            if let Some(replacement) = numeric_character_reference_replacement(code) {
                self.character_reference_code = u32::from(replacement);
            }
        }
    }

    pub(crate) fn character_reference_code_as_char(&self) -> char {
        char::from_u32(self.character_reference_code).unwrap_or('\u{FFFD}')
    }
}
