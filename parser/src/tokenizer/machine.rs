//! The runtime half of the tokenizer: the input it runs over, the token
//! builders, the temporary buffer, and the spec verbs that the generated
//! state machine (`generated::tokenizer_states`) calls.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>

use std::collections::VecDeque;

use super::input_stream::{normalize_newlines, scan_input_stream_errors, Positions};
use super::interface::{Attribute, ContentState, Doctype, ParseError, SinkResult, Tag, Token, TokenSink};
use crate::generated::numeric_character_references::numeric_character_reference_replacement;
use crate::generated::parse_errors::ParseErrorCode;
use crate::generated::tokenizer_states::State;
use crate::named_char_ref::{NamedCharRefMatcher, NamedMatch};

/// What `consume` found: an ASCII byte, the lead byte of a non-ASCII
/// character (always "anything else": every character the spec's cases
/// name is ASCII), or the end of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Consumed {
    Byte(u8),
    Eof,
}

/// Whether the next few characters match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Look {
    Match,
    NoMatch,
    /// The input so far is a prefix of a match: wait for the next chunk.
    NeedMore,
}

/// The outcome of one step of the state machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    Continue,
    /// The step needs input that has not been fed yet; nothing was consumed.
    NeedMore,
}

/// The strings the spec's "append" verbs write to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    TagName,
    AttributeName,
    AttributeValue,
    Comment,
    DoctypeName,
    DoctypePublicIdentifier,
    DoctypeSystemIdentifier,
    TemporaryBuffer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TagKind {
    Start,
    End,
}

/// What [`Tokenizer::feed`], [`Tokenizer::end`] and [`Tokenizer::resume`]
/// stopped for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// All input fed so far is tokenized (or held back because a construct
    /// continues in input not fed yet); feed more or call `end`.
    NeedsInput,
    /// The sink returned [`SinkResult::Pause`]; call `resume` (after
    /// `insert_at_insertion_point`, if the caller has text to insert).
    Paused,
    /// The end-of-file token has been emitted.
    Done,
}

/// The HTML tokenizer: feed it `&str` chunks, then `end` it; it hands
/// tokens and parse errors to its [`TokenSink`].
///
/// ```
/// use htmlforge::tokenizer::{Token, TokenSink, SinkResult, Tokenizer};
///
/// #[derive(Default)]
/// struct TagNames(Vec<String>);
/// impl TokenSink for TagNames {
///     fn process_token(&mut self, token: Token<'_>) -> SinkResult {
///         if let Token::StartTag(tag) = token {
///             self.0.push(tag.name.clone());
///         }
///         SinkResult::Continue
///     }
/// }
///
/// let mut tokenizer = Tokenizer::new(TagNames::default());
/// tokenizer.feed("<p class=x>Hello <b");
/// tokenizer.feed(">world</b>");
/// tokenizer.end();
/// assert_eq!(tokenizer.sink().0, ["p", "b"]);
/// ```
pub struct Tokenizer<S: TokenSink> {
    sink: S,
    pub(crate) state: State,
    pub(crate) return_state: State,

    /// Input fed but not consumed yet (already preprocessed).
    buffer: String,
    /// Offsets into the input of the current run: the next input character
    /// and the current input character.
    pub(crate) pos: usize,
    pub(crate) cur_start: usize,
    eof: bool,
    done: bool,
    paused: bool,
    last_was_cr: bool,

    tag: Tag,
    tag_kind: TagKind,
    /// Attributes of earlier tags, kept for their allocations.
    spare_attributes: Vec<Attribute>,
    /// The current attribute duplicated an earlier one and was removed;
    /// its value goes to `discarded`.
    attribute_is_duplicate: bool,
    discarded: String,
    comment: String,
    doctype: Doctype,
    last_start_tag: Option<String>,
    temporary_buffer: String,
    pub(crate) character_reference_code: u32,
    named_match: Option<NamedMatch>,
    historical_attribute_exception: bool,

    /// Pending character tokens: a span of the input, or owned text.
    span_start: usize,
    span_end: usize,
    characters: String,

    /// Input-stream errors not reported yet: (stream offset, code).
    stream_errors: VecDeque<(usize, ParseErrorCode)>,
    positions: Positions,
}

impl<S: TokenSink> Tokenizer<S> {
    /// A tokenizer in the data state.
    pub fn new(sink: S) -> Self {
        Tokenizer {
            sink,
            state: State::Data,
            return_state: State::Data,
            buffer: String::new(),
            pos: 0,
            cur_start: 0,
            eof: false,
            done: false,
            paused: false,
            last_was_cr: false,
            tag: Tag::default(),
            tag_kind: TagKind::Start,
            spare_attributes: Vec::new(),
            attribute_is_duplicate: false,
            discarded: String::new(),
            comment: String::new(),
            doctype: Doctype::default(),
            last_start_tag: None,
            temporary_buffer: String::new(),
            character_reference_code: 0,
            named_match: None,
            historical_attribute_exception: false,
            span_start: 0,
            span_end: 0,
            characters: String::new(),
            stream_errors: VecDeque::new(),
            positions: Positions::new(),
        }
    }

    /// Sets the state to start in (fragment parsing, the tests' initial
    /// states) or to go on in.
    pub fn set_state(&mut self, state: State) {
        self.state = state;
    }

    /// The current state.
    pub fn state(&self) -> State {
        self.state
    }

    /// Sets "the tag name of the last start tag to have been emitted from
    /// this tokenizer" (fragment parsing), used by the appropriate end tag
    /// check.
    pub fn set_last_start_tag(&mut self, name: Option<&str>) {
        self.last_start_tag = name.map(str::to_string);
    }

    pub fn sink(&self) -> &S {
        &self.sink
    }

    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    pub fn into_sink(self) -> S {
        self.sink
    }

    /// Tokenizes `chunk` as far as it can. A construct that continues past
    /// the chunk (a named character reference, `<!DOCTYPE`…) is held back
    /// until the next chunk or `end`.
    pub fn feed(&mut self, chunk: &str) -> Progress {
        let text = normalize_newlines(chunk, &mut self.last_was_cr);
        let start = self.positions.base_offset() + self.buffer.len();
        scan_input_stream_errors(&text, start, &mut self.stream_errors);
        if self.buffer.is_empty() && !self.paused && !self.done {
            // The usual case: run over the caller's chunk without copying it.
            let consumed = self.run(&text);
            self.positions.drop_consumed(&text, consumed);
            self.buffer.push_str(&text[consumed..]);
        } else {
            self.buffer.push_str(&text);
            self.run_buffer();
        }
        self.progress()
    }

    /// Ends the input: tokenizes what is left and emits the end-of-file token.
    pub fn end(&mut self) -> Progress {
        self.eof = true;
        self.run_buffer();
        self.progress()
    }

    /// Goes on after [`Progress::Paused`].
    pub fn resume(&mut self) -> Progress {
        self.paused = false;
        self.run_buffer();
        self.progress()
    }

    /// Inserts `text` at the insertion point: before the input not
    /// tokenized yet (`document.write` while the parser is paused).
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insertion-point>
    pub fn insert_at_insertion_point(&mut self, text: &str) {
        let mut cr = false;
        let mut text = normalize_newlines(text, &mut cr).into_owned();
        // A lone CR at the end of the inserted text is a line break of its own.
        let base = self.positions.base_offset();
        for error in &mut self.stream_errors {
            error.0 += text.len();
        }
        let mut errors = VecDeque::new();
        scan_input_stream_errors(&text, base, &mut errors);
        while let Some(error) = errors.pop_back() {
            self.stream_errors.push_front(error);
        }
        text.push_str(&self.buffer);
        self.buffer = text;
        self.positions.forget_cursor();
    }

    fn progress(&self) -> Progress {
        if self.done {
            Progress::Done
        } else if self.paused {
            Progress::Paused
        } else {
            Progress::NeedsInput
        }
    }

    fn run_buffer(&mut self) {
        if self.paused || self.done {
            return;
        }
        let mut buffer = std::mem::take(&mut self.buffer);
        let consumed = self.run(&buffer);
        if !self.done {
            self.positions.drop_consumed(&buffer, consumed);
        }
        buffer.drain(..consumed);
        self.buffer = buffer;
    }

    /// Runs the state machine over `input` until it needs more input, is
    /// paused, or is done; returns how many bytes it consumed.
    fn run(&mut self, input: &str) -> usize {
        self.pos = 0;
        self.cur_start = 0;
        while !self.done && !self.paused {
            if self.step(input) == Step::NeedMore {
                break;
            }
        }
        self.flush_characters(input);
        let consumed = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |offset| offset < consumed);
        self.pos
    }

    // ----- consuming input -------------------------------------------------

    /// Consumes the next input character; `None` when it has not been fed yet.
    #[inline]
    pub(crate) fn consume(&mut self, input: &str) -> Option<Consumed> {
        let bytes = input.as_bytes();
        self.cur_start = self.pos;
        match bytes.get(self.pos) {
            Some(&b) => {
                self.pos += utf8_width(b);
                Some(Consumed::Byte(b))
            }
            None if self.eof => Some(Consumed::Eof),
            None => None,
        }
    }

    /// "Reconsume the current input character" in the next state.
    #[inline]
    pub(crate) fn reconsume(&mut self) {
        self.pos = self.cur_start;
    }

    pub(crate) fn current_input_character_range(&self) -> std::ops::Range<usize> {
        self.cur_start..self.pos
    }

    pub(crate) fn lowercase_current_input_character(&self, input: &str) -> char {
        char::from(input.as_bytes()[self.cur_start].to_ascii_lowercase())
    }

    /// Whether the characters from the current input character on (or the
    /// next one, in states that consume none) are `text`.
    pub(crate) fn lookahead(&self, input: &str, text: &[u8], case_insensitive: bool) -> Look {
        let available = &input.as_bytes()[self.cur_start..];
        let n = text.len().min(available.len());
        let same = if case_insensitive {
            available[..n].eq_ignore_ascii_case(&text[..n])
        } else {
            available[..n] == text[..n]
        };
        if !same {
            Look::NoMatch
        } else if n == text.len() {
            Look::Match
        } else if self.eof {
            Look::NoMatch
        } else {
            Look::NeedMore
        }
    }

    /// "Consume those characters": the lookahead matched `len` bytes from
    /// the current position; the last of them becomes the current input
    /// character (where the tests place `cdata-in-html-content`).
    pub(crate) fn consume_those_characters(&mut self, len: usize) {
        self.pos = self.cur_start + len;
        self.cur_start = self.pos - 1;
    }

    // ----- parse errors ------------------------------------------------------

    /// A parse error at the current input character (EOF: one past the
    /// last character; states that consume none: the next character).
    pub(crate) fn parse_error(&mut self, input: &str, code: ParseErrorCode) {
        let offset = self.positions.base_offset() + self.cur_start;
        self.report_stream_errors(input, |at| at <= offset);
        let (line, col) = self.positions.locate(input, offset);
        self.sink.parse_error(ParseError { code, line, col });
    }

    /// Reports the pending input-stream errors whose offsets pass `due`:
    /// they come as the tokenizer reaches their character.
    fn report_stream_errors(&mut self, input: &str, due: impl Fn(usize) -> bool) {
        while let Some(&(offset, code)) = self.stream_errors.front() {
            if !due(offset) {
                break;
            }
            self.stream_errors.pop_front();
            let (line, col) = self.positions.locate(input, offset);
            self.sink.parse_error(ParseError { code, line, col });
        }
    }

    // ----- emitting ------------------------------------------------------------

    fn handle(&mut self, result: SinkResult) {
        match result {
            SinkResult::Continue => {}
            SinkResult::SwitchTo(content) => {
                self.state = match content {
                    ContentState::Data => State::Data,
                    ContentState::Rcdata => State::Rcdata,
                    ContentState::Rawtext => State::Rawtext,
                    ContentState::ScriptData => State::ScriptData,
                    ContentState::Plaintext => State::Plaintext,
                }
            }
            SinkResult::Pause => self.paused = true,
        }
    }

    /// Hands the pending character tokens to the sink.
    fn flush_characters(&mut self, input: &str) {
        if self.span_start < self.span_end {
            let (start, end) = (self.span_start, self.span_end);
            self.span_start = 0;
            self.span_end = 0;
            let limit = self.positions.base_offset() + end;
            self.report_stream_errors(input, |at| at < limit);
            let result = self.sink.process_token(Token::Characters(&input[start..end]));
            self.handle(result);
        } else if !self.characters.is_empty() {
            let limit = self.positions.base_offset() + self.pos;
            self.report_stream_errors(input, |at| at < limit);
            let result = self.sink.process_token(Token::Characters(&self.characters));
            self.characters.clear();
            self.handle(result);
        }
    }

    /// Emits `input[start..end]` as character tokens, without copying it.
    #[inline]
    pub(crate) fn emit_input_run(&mut self, input: &str, start: usize, end: usize) {
        if self.characters.is_empty() {
            if self.span_start == self.span_end {
                self.span_start = start;
                self.span_end = end;
                return;
            }
            if self.span_end == start {
                self.span_end = end;
                return;
            }
        }
        self.flush_characters(input);
        self.span_start = start;
        self.span_end = end;
    }

    pub(crate) fn emit_current_input_character(&mut self, input: &str) {
        self.emit_input_run(input, self.cur_start, self.pos);
    }

    /// Emits a character that is not (or not exactly) in the input.
    pub(crate) fn emit_character(&mut self, input: &str, c: char) {
        if self.span_start < self.span_end {
            self.flush_characters(input);
        }
        self.characters.push(c);
    }

    /// "A character token for each of the characters in the temporary buffer".
    pub(crate) fn emit_temporary_buffer(&mut self, input: &str) {
        if self.span_start < self.span_end {
            self.flush_characters(input);
        }
        self.characters.push_str(&self.temporary_buffer);
    }

    pub(crate) fn emit_eof(&mut self, input: &str) {
        self.flush_characters(input);
        self.report_stream_errors(input, |_| true);
        let result = self.sink.process_token(Token::Eof);
        self.handle(result);
        self.done = true;
    }

    pub(crate) fn emit_current_tag_token(&mut self, input: &str) {
        self.flush_characters(input);
        match self.tag_kind {
            TagKind::Start => {
                let last = self.last_start_tag.get_or_insert_with(String::new);
                last.clear();
                last.push_str(&self.tag.name);
            }
            TagKind::End => {
                // Spec: "When an end tag token is emitted with attributes…"
                if !self.tag.attrs.is_empty() {
                    self.parse_error(input, ParseErrorCode::EndTagWithAttributes);
                }
                if self.tag.self_closing {
                    self.parse_error(input, ParseErrorCode::EndTagWithTrailingSolidus);
                }
            }
        }
        let limit = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |at| at < limit);
        let token = match self.tag_kind {
            TagKind::Start => Token::StartTag(&self.tag),
            TagKind::End => Token::EndTag(&self.tag),
        };
        let result = self.sink.process_token(token);
        self.handle(result);
    }

    pub(crate) fn emit_current_comment_token(&mut self, input: &str) {
        self.flush_characters(input);
        let limit = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |at| at < limit);
        let result = self.sink.process_token(Token::Comment(&self.comment));
        self.handle(result);
    }

    pub(crate) fn emit_current_doctype_token(&mut self, input: &str) {
        self.flush_characters(input);
        let limit = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |at| at < limit);
        let result = self.sink.process_token(Token::Doctype(&self.doctype));
        self.handle(result);
    }

    // ----- token builders ------------------------------------------------------

    fn new_tag(&mut self, kind: TagKind) {
        self.tag_kind = kind;
        self.tag.name.clear();
        self.tag.self_closing = false;
        for mut attribute in self.tag.attrs.drain(..) {
            attribute.name.clear();
            attribute.value.clear();
            self.spare_attributes.push(attribute);
        }
        self.attribute_is_duplicate = false;
    }

    pub(crate) fn create_start_tag_token(&mut self) {
        self.new_tag(TagKind::Start);
    }

    pub(crate) fn create_end_tag_token(&mut self) {
        self.new_tag(TagKind::End);
    }

    pub(crate) fn create_comment_token(&mut self) {
        self.comment.clear();
    }

    pub(crate) fn create_doctype_token(&mut self) {
        self.doctype = Doctype::default();
    }

    pub(crate) fn start_new_attribute(&mut self) {
        self.attribute_is_duplicate = false;
        self.discarded.clear();
        let attribute = self.spare_attributes.pop().unwrap_or_default();
        self.tag.attrs.push(attribute);
    }

    pub(crate) fn set_self_closing_flag(&mut self) {
        self.tag.self_closing = true;
    }

    pub(crate) fn set_force_quirks_flag(&mut self) {
        self.doctype.force_quirks = true;
    }

    /// On leaving the attribute name state: a name the tag already has is a
    /// parse error, and the new attribute is removed from the token.
    pub(crate) fn check_for_duplicate_attribute(&mut self, input: &str, code: ParseErrorCode) {
        let Some((current, earlier)) = self.tag.attrs.split_last() else { return };
        if earlier.iter().any(|a| a.name == current.name) {
            self.parse_error(input, code);
            if let Some(mut removed) = self.tag.attrs.pop() {
                removed.name.clear();
                removed.value.clear();
                self.spare_attributes.push(removed);
            }
            self.attribute_is_duplicate = true;
        }
    }

    fn target(&mut self, target: Target) -> &mut String {
        match target {
            Target::TagName => &mut self.tag.name,
            Target::AttributeName | Target::AttributeValue if self.attribute_is_duplicate => &mut self.discarded,
            Target::AttributeName => match self.tag.attrs.last_mut() {
                Some(attribute) => &mut attribute.name,
                None => &mut self.discarded,
            },
            Target::AttributeValue => match self.tag.attrs.last_mut() {
                Some(attribute) => &mut attribute.value,
                None => &mut self.discarded,
            },
            Target::Comment => &mut self.comment,
            Target::DoctypeName => self.doctype.name.get_or_insert_with(String::new),
            Target::DoctypePublicIdentifier => self.doctype.public_id.get_or_insert_with(String::new),
            Target::DoctypeSystemIdentifier => self.doctype.system_id.get_or_insert_with(String::new),
            Target::TemporaryBuffer => &mut self.temporary_buffer,
        }
    }

    #[inline]
    pub(crate) fn append(&mut self, target: Target, text: &str) {
        self.target(target).push_str(text);
    }

    #[inline]
    pub(crate) fn append_char(&mut self, target: Target, c: char) {
        self.target(target).push(c);
    }

    /// "Set … to the empty string" (for DOCTYPE identifiers: not missing).
    pub(crate) fn set_to_empty(&mut self, target: Target) {
        self.target(target).clear();
    }

    // ----- conditions of the `when` rows ---------------------------------------

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#appropriate-end-tag-token>
    pub(crate) fn current_end_tag_token_is_appropriate(&self) -> bool {
        self.tag_kind == TagKind::End && self.last_start_tag.as_deref() == Some(self.tag.name.as_str())
    }

    pub(crate) fn temporary_buffer_is_script(&self) -> bool {
        self.temporary_buffer == "script"
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

    /// In an attribute, a match without `;` followed by `=` or an ASCII
    /// alphanumeric is left as text "for historical reasons".
    pub(crate) fn historical_attribute_exception(&self) -> bool {
        self.historical_attribute_exception
    }

    pub(crate) fn last_character_matched_is_not_semicolon(&self) -> bool {
        self.named_match.is_some_and(|m| !m.ends_with_semicolon)
    }

    // ----- character references ---------------------------------------------

    /// The named character reference state's "consume the maximum number of
    /// characters possible, where the consumed characters are one of the
    /// identifiers in the named character references table", appending them
    /// to the temporary buffer.
    pub(crate) fn named_character_reference(&mut self, input: &str) -> Look {
        let bytes = &input.as_bytes()[self.pos..];
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
        let after = self.pos + found.len;
        self.historical_attribute_exception = false;
        if self.consumed_as_part_of_an_attribute() && !found.ends_with_semicolon {
            match input.as_bytes().get(after) {
                None if !self.eof => return Look::NeedMore,
                Some(&next) => self.historical_attribute_exception = next == b'=' || next.is_ascii_alphanumeric(),
                None => {}
            }
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
                match self.tag.attrs.last_mut() {
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

/// The length of the UTF-8 sequence that `lead` starts.
#[inline]
fn utf8_width(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}
