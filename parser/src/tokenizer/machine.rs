//! The runtime half of the tokenizer: the input it runs over, consuming
//! and emitting, parse errors, and the spec verbs that the generated state
//! machine (`generated::tokenizer_states`) calls; the token builders are in
//! `builders`, the character reference verbs in `char_ref`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tokenization>

mod builders;
mod char_ref;
mod names;

use std::collections::{HashSet, VecDeque};

use super::input_stream::{preprocess, LineMarks, Positions};
use super::interface::{ContentState, Doctype, ProcessingInstruction, SinkResult, Tag, Token, TokenInput, TokenSink};
use crate::generated::parse_errors::ParseErrorCode;
use crate::generated::tokenizer_states::State;
use crate::named_char_ref::NamedMatch;
use crate::vocab::{ErrorCode, ParseError};
use names::NameCache;

/// The most owned text the tokenizer gathers before it hands the text on
/// (see `Tokenizer::takes_more_owned_text`): a bound on the memory the
/// gathering holds besides the input and the tree.
pub(crate) const OWNED_TEXT_LIMIT: usize = 16 * 1024;

/// `Tokenizer::halt`: the end-of-file token is emitted.
const HALT_DONE: u8 = 1;
/// `Tokenizer::halt`: the sink paused the tokenizer until `resume`.
const HALT_PAUSED: u8 = 2;

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
    ProcessingInstructionData,
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
#[non_exhaustive]
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
///             self.0.push(tag.name().to_string());
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

    /// Input fed but not consumed yet (already preprocessed), from
    /// `buffer_start` on: what a run consumed stays in front until it is
    /// at least half the buffer, so that a parse that pauses often (after
    /// each script, with scripting on) moves the rest of its input a
    /// bounded number of times in all, not once per pause.
    buffer: String,
    /// The bytes at the start of `buffer` consumed already.
    buffer_start: usize,
    /// Offsets into the input of the current run: the next input character
    /// and the current input character.
    pub(crate) pos: usize,
    pub(crate) cur_start: usize,
    eof: bool,
    /// [`HALT_DONE`] and [`HALT_PAUSED`]: one byte, so that the state loop
    /// tests both after every step with one load and one branch.
    halt: u8,
    last_was_cr: bool,

    tag: Tag,
    tag_kind: TagKind,
    /// Where the current tag's name starts in the input being run, and
    /// whether the name is still a verbatim copy of the input from there
    /// (see `names`).
    tag_name_start: usize,
    tag_name_verbatim: bool,
    tag_names: NameCache,
    /// The same for the current attribute's name.
    attribute_name_start: usize,
    attribute_name_verbatim: bool,
    attribute_local_names: NameCache,
    /// The current attribute duplicated an earlier one and was removed;
    /// its value goes to `discarded`.
    attribute_is_duplicate: bool,
    /// The attribute names of the current tag, once it has many of them.
    attribute_names: HashSet<String>,
    /// A bit (its index modulo 64) per interned name of the current tag's
    /// attributes, for the duplicate check (`check_for_duplicate_attribute`).
    attribute_name_bits: u64,
    discarded: String,
    comment: String,
    doctype: Doctype,
    processing_instruction: ProcessingInstruction,
    /// `<?` opens a bogus comment, as in the 2025 text (see
    /// [`Tokenizer::set_legacy_processing_instructions`]).
    legacy_processing_instructions: bool,
    /// `[spare, last]`: the name of the last start tag emitted (once a
    /// tag after it is created, see `emitted_start_tag`) at index 1, when
    /// `has_last_start_tag`; at index 0 a string kept for its allocation.
    /// `new_tag` swaps the current tag's name with one of the two, chosen
    /// by index rather than by a branch, which mispredicted whenever a
    /// start tag followed an end tag or the other way round.
    start_tag_names: [String; 2],
    has_last_start_tag: bool,
    /// The current tag was emitted as a start tag: its name becomes the
    /// last start tag's when the next tag is created, by a swap of the two
    /// strings rather than a copy per start tag.
    emitted_start_tag: bool,
    temporary_buffer: String,
    pub(crate) character_reference_code: u32,
    named_match: Option<NamedMatch>,
    /// The input byte after the last named character reference match.
    next_after_match: Option<u8>,

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
            buffer_start: 0,
            pos: 0,
            cur_start: 0,
            eof: false,
            halt: 0,
            last_was_cr: false,
            tag: Tag::default(),
            tag_kind: TagKind::Start,
            tag_name_start: 0,
            tag_name_verbatim: false,
            tag_names: NameCache::default(),
            attribute_name_start: 0,
            attribute_name_verbatim: false,
            attribute_local_names: NameCache::default(),
            attribute_is_duplicate: false,
            attribute_names: HashSet::new(),
            attribute_name_bits: 0,
            discarded: String::new(),
            comment: String::new(),
            doctype: Doctype::default(),
            processing_instruction: ProcessingInstruction::default(),
            legacy_processing_instructions: false,
            start_tag_names: [String::new(), String::new()],
            has_last_start_tag: false,
            emitted_start_tag: false,
            temporary_buffer: String::new(),
            character_reference_code: 0,
            named_match: None,
            next_after_match: None,
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

    /// With `true`, `<?` opens a bogus comment (with an
    /// `unexpected-question-mark-instead-of-tag-name` parse error) as it did
    /// before the standard gained processing instructions (2026); with
    /// `false`, the default, it opens the processing instruction open state.
    /// For comparisons with tools that follow the 2025 text.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tag-open-state>
    pub fn set_legacy_processing_instructions(&mut self, legacy: bool) {
        self.legacy_processing_instructions = legacy;
    }

    /// The current state.
    pub fn state(&self) -> State {
        self.state
    }

    /// Sets "the tag name of the last start tag to have been emitted from
    /// this tokenizer" (fragment parsing), used by the appropriate end tag
    /// check.
    pub fn set_last_start_tag(&mut self, name: Option<&str>) {
        self.has_last_start_tag = name.is_some();
        let last = &mut self.start_tag_names[1];
        last.clear();
        last.push_str(name.unwrap_or_default());
        // Set by the caller after the current tag was emitted: the caller's
        // name wins over the pending swap.
        self.emitted_start_tag = false;
    }

    /// The sink that receives the tokens.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, mutably.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// The sink, after the last token.
    pub fn into_sink(self) -> S {
        self.sink
    }

    /// Tokenizes `chunk` as far as it can. A construct that continues past
    /// the chunk (a named character reference, `<!DOCTYPE`…) is held back
    /// until the next chunk or `end`.
    pub fn feed(&mut self, chunk: &str) -> Progress {
        if self.done() {
            // Input after the end-of-file token has nowhere to go.
            return Progress::Done;
        }
        let start = self.positions.base_offset() + self.pending().len();
        let (text, newlines) =
            preprocess(chunk, &mut self.last_was_cr, start, &mut self.stream_errors, self.positions.marks_mut());
        if self.pending().is_empty() && !self.paused() {
            self.buffer.clear();
            self.buffer_start = 0;
            // The usual case: run over the caller's chunk without copying it
            // (it starts at the base, as the scan's line count needs).
            let consumed = self.run(&text);
            self.positions.drop_consumed_counted(&text, consumed, newlines);
            self.buffer.push_str(&text[consumed..]);
        } else {
            // The marks count from the start of `text`, not of the buffer.
            self.positions.marks_mut().clear();
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
        self.halt &= !HALT_PAUSED;
        self.run_buffer();
        self.progress()
    }

    /// Inserts `text` at the insertion point: before the input not
    /// tokenized yet (`document.write` while the parser is paused).
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#insertion-point>
    pub fn insert_at_insertion_point(&mut self, text: &str) {
        // The inserted text is preprocessed on its own: a CR at its end is a
        // line break of its own even if the pending input starts with LF.
        crate::cost::step!(
            "tokenizer::insert_at_insertion_point",
            text.len() + self.pending().len() + self.stream_errors.len()
        );
        let mut cr = false;
        let base = self.positions.base_offset();
        let mut errors = VecDeque::new();
        let mut text = preprocess(text, &mut cr, base, &mut errors, &mut LineMarks::default()).0.into_owned();
        for error in &mut self.stream_errors {
            error.0 += text.len();
        }
        while let Some(error) = errors.pop_back() {
            self.stream_errors.push_front(error);
        }
        text.push_str(self.pending());
        self.buffer = text;
        self.buffer_start = 0;
        self.positions.forget_cursor();
    }

    fn progress(&self) -> Progress {
        if self.done() {
            Progress::Done
        } else if self.paused() {
            Progress::Paused
        } else {
            Progress::NeedsInput
        }
    }

    fn run_buffer(&mut self) {
        if self.halted() {
            return;
        }
        let mut buffer = std::mem::take(&mut self.buffer);
        let pending = &buffer[self.buffer_start..];
        let consumed = self.run(pending);
        // The run and the position update read what they consumed (the
        // cost the run itself counts); the compaction below moves the rest,
        // only when the consumed bytes are at least as many: each byte is
        // moved at most once per byte consumed before it, linear in all.
        if !self.done() {
            self.positions.drop_consumed(pending, consumed);
        }
        self.buffer_start += consumed;
        if self.buffer_start * 2 >= buffer.len() {
            crate::cost::step!("tokenizer::run_buffer", buffer.len() - self.buffer_start);
            buffer.drain(..self.buffer_start);
            self.buffer_start = 0;
        }
        self.buffer = buffer;
    }

    /// The input fed but not consumed yet.
    fn pending(&self) -> &str {
        &self.buffer[self.buffer_start..]
    }

    /// Runs the state machine over `input` until it needs more input, is
    /// paused, or is done; returns how many bytes it consumed.
    fn run(&mut self, input: &str) -> usize {
        self.pos = 0;
        self.cur_start = 0;
        // A tag or attribute begun in an earlier run has its name start in
        // other input.
        self.tag_name_verbatim = false;
        self.attribute_name_verbatim = false;
        self.run_states(input);
        self.flush_characters(input);
        let consumed = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |offset| offset < consumed);
        self.pos
    }

    /// Whether the tokenizer stops here: the sink paused it, or the
    /// end-of-file token is emitted.
    #[inline]
    pub(crate) fn halted(&self) -> bool {
        self.halt != 0
    }

    /// Whether the end-of-file token is emitted.
    #[inline]
    fn done(&self) -> bool {
        self.halt & HALT_DONE != 0
    }

    /// Whether the sink paused the tokenizer.
    #[inline]
    fn paused(&self) -> bool {
        self.halt & HALT_PAUSED != 0
    }

    // ----- consuming input -------------------------------------------------

    /// Consumes the next input character; `None` when it has not been fed yet.
    /// Always inline: a few instructions, at every state's step (with the
    /// tag name state copied per tag kind, LLVM left one call of it).
    #[inline(always)]
    pub(crate) fn consume(&mut self, input: &str) -> Option<Consumed> {
        crate::cost::step!("tokenizer::consume");
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

    pub(crate) fn lowercase_current_input_character(&self, input: &str) -> char {
        char::from(input.as_bytes()[self.cur_start].to_ascii_lowercase())
    }

    /// Whether the characters from the current input character on (or the
    /// next one, in states that consume none) are `text`.
    pub(crate) fn lookahead(&self, input: &str, text: &[u8], case_insensitive: bool) -> Look {
        let available = &input.as_bytes()[self.cur_start..];
        let n = text.len().min(available.len());
        crate::cost::step!("tokenizer::lookahead", n);
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

    // ----- the temporary buffer ---------------------------------------------
    // Verbs of its own rather than `append`'s targets (see `builders`): the
    // end tag name states append every letter to the tag name and to the
    // buffer, and a `match` over the targets alternating between the two
    // is an indirect jump that mispredicts at every letter.

    /// "Append the current input character to the temporary buffer":
    /// `input[start..end]` (see `short_copy`).
    #[inline]
    pub(crate) fn append_input_to_temporary_buffer(&mut self, input: &str, start: usize, end: usize) {
        crate::short_copy::push_from(&mut self.temporary_buffer, input, start, end);
    }

    /// "Append … to the temporary buffer", for one character.
    #[inline]
    pub(crate) fn append_char_to_temporary_buffer(&mut self, c: char) {
        self.temporary_buffer.push(c);
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
        self.sink.parse_error(ParseError { code: ErrorCode::Tokenizer(code), line, col });
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
            self.sink.parse_error(ParseError { code: ErrorCode::Tokenizer(code), line, col });
        }
    }

    /// [`Self::report_stream_errors`] for the offsets before `limit`, out
    /// of line: a run of text seldom holds one (a control character, a
    /// noncharacter), and the loop inline in `flush_span` made it save
    /// registers for every run.
    #[cold]
    #[inline(never)]
    fn report_stream_errors_before(&mut self, input: &str, limit: usize) {
        self.report_stream_errors(input, |at| at < limit);
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
            SinkResult::Pause => self.halt |= HALT_PAUSED,
        }
    }

    /// Gives the errors the sink raised for the token just processed the
    /// position of that token's last character (`end` is the input offset
    /// just past it), or one past the end for the end-of-file token.
    #[inline]
    fn place_sink_errors(&mut self, input: &str, end: usize, eof: bool) {
        if self.sink.has_errors_awaiting_position() {
            let last = if eof { end } else { end.saturating_sub(1) };
            let (line, col) = self.positions.locate(input, self.positions.base_offset() + last);
            self.sink.place_errors(line, col);
        }
    }

    /// Hands the pending character tokens to the sink. Inline, and the
    /// handing on out of line: before a tag there is often nothing to
    /// flush, and the call of a function that saves registers for the
    /// sink's call cost some 20 instructions even then.
    #[inline(always)]
    fn flush_characters(&mut self, input: &str) {
        if self.span_start < self.span_end {
            self.flush_span(input);
        } else if !self.characters.is_empty() {
            self.flush_buffer(input);
        }
    }

    /// Hands the pending run of the input to the sink.
    #[inline(never)]
    fn flush_span(&mut self, input: &str) {
        let (start, end) = (self.span_start, self.span_end);
        self.span_start = 0;
        self.span_end = 0;
        if !self.stream_errors.is_empty() {
            self.report_stream_errors_before(input, self.positions.base_offset() + end);
        }
        // With the input after the run, for a copy that reads past its end.
        let (_, from_start) = input.split_at(start);
        let token = Token::Characters(&from_start[..end - start]);
        let result = self.sink.process_token_in(token, TokenInput::text(from_start));
        self.place_sink_errors(input, end, false);
        self.handle(result);
    }

    /// Hands the pending characters that are not (or not exactly) in the
    /// input to the sink.
    #[inline(never)]
    fn flush_buffer(&mut self, input: &str) {
        let limit = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |at| at < limit);
        let result = self.sink.process_token(Token::Characters(&self.characters));
        self.characters.clear();
        self.place_sink_errors(input, self.pos, false);
        self.handle(result);
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
        self.emit_input_run_after_other_text(input, start, end);
    }

    /// `emit_input_run` when the pending text is owned or ends before
    /// `start`: out of line, so that the usual case stays small where the
    /// states inline it.
    #[inline(never)]
    fn emit_input_run_after_other_text(&mut self, input: &str, start: usize, end: usize) {
        if !self.characters.is_empty() && self.takes_more_owned_text(end - start) {
            self.characters.push_str(&input[start..end]);
            return;
        }
        self.flush_characters(input);
        self.span_start = start;
        self.span_end = end;
    }

    /// Whether `len` more bytes join the pending owned text rather than flush
    /// it: the text around a character reference then reaches the sink as one
    /// run (a source view's `a &lt; b` in one call of the sink, not three).
    /// The owned text stays under [`OWNED_TEXT_LIMIT`], and takes nothing
    /// while input-stream errors are pending: those are reported before the
    /// run that holds them, and so stay in their place among the sink's own.
    #[inline]
    fn takes_more_owned_text(&self, len: usize) -> bool {
        self.characters.len() + len <= OWNED_TEXT_LIMIT && self.stream_errors.is_empty()
    }

    /// Before owned text is added: the pending span of the input joins it
    /// (see [`Self::takes_more_owned_text`]), or is handed on.
    #[inline]
    fn span_into_owned_text(&mut self, input: &str) {
        if self.span_start < self.span_end {
            let (start, end) = (self.span_start, self.span_end);
            if self.takes_more_owned_text(end - start) {
                self.characters.push_str(&input[start..end]);
                self.span_start = 0;
                self.span_end = 0;
            } else {
                self.flush_span(input);
            }
        }
    }

    pub(crate) fn emit_current_input_character(&mut self, input: &str) {
        self.emit_input_run(input, self.cur_start, self.pos);
    }

    /// Emits a character named by the state's case rather than taken as the
    /// current input character (the `<` of a `<` that starts no tag, U+FFFD
    /// for NULL).
    pub(crate) fn emit_character(&mut self, input: &str, c: char) {
        if c.is_ascii() {
            if let Some(end) = self.span_extended_by(input, &[c as u8]) {
                self.span_end = end;
                return;
            }
        }
        self.span_into_owned_text(input);
        self.characters.push(c);
    }

    /// "A character token for each of the characters in the temporary buffer".
    pub(crate) fn emit_temporary_buffer(&mut self, input: &str) {
        crate::cost::step!("tokenizer::temporary_buffer", self.temporary_buffer.len());
        if let Some(end) = self.span_extended_by(input, self.temporary_buffer.as_bytes()) {
            self.span_end = end;
            return;
        }
        self.span_into_owned_text(input);
        self.characters.push_str(&self.temporary_buffer);
    }

    /// Where the pending span of the input ends with `text` added to it,
    /// when the input goes on with exactly that text right after the span,
    /// in what is already consumed. The characters are the same whichever
    /// occurrence of them the state meant, and consumers take consecutive
    /// character tokens as one run: a script or style body with a `<` (or
    /// `</x`) that ends nothing then reaches the sink as one run, not split
    /// at each `<`.
    #[inline]
    fn span_extended_by(&self, input: &str, text: &[u8]) -> Option<usize> {
        let end = self.span_end + text.len();
        let bytes = input.as_bytes();
        // The first byte alone rules out nearly every text that is not the
        // input's (a reference's replacement), without a call to `memcmp`.
        let extends = self.span_start < self.span_end
            && end <= self.cur_start
            && bytes.get(self.span_end) == text.first()
            && bytes.get(self.span_end..end) == Some(text);
        extends.then_some(end)
    }

    pub(crate) fn emit_eof(&mut self, input: &str) {
        self.flush_characters(input);
        self.report_stream_errors(input, |_| true);
        let result = self.sink.process_token(Token::Eof);
        self.place_sink_errors(input, self.pos, true);
        self.handle(result);
        self.halt |= HALT_DONE;
    }

    /// "Emit the current tag token", in a state that does not know the
    /// token's kind (a tag with attributes, a name split across chunks).
    #[inline]
    pub(crate) fn emit_current_tag_token(&mut self, input: &str) {
        match self.tag_kind {
            TagKind::Start => self.emit_current_start_tag_token(input),
            TagKind::End => self.emit_current_end_tag_token(input),
        }
    }

    /// "Emit the current tag token", a start tag. The generated states call
    /// it where the kind is known when the crate is compiled (the tag name
    /// state chained from the tag open state), so that no branch tests the
    /// kind: start and end tags alternate with no pattern a predictor learns,
    /// and the tag open state has told them apart already.
    #[inline(never)]
    pub(crate) fn emit_current_start_tag_token(&mut self, input: &str) {
        debug_assert_eq!(self.tag_kind, TagKind::Start);
        self.flush_characters(input);
        self.intern_tag_name(input);
        self.emitted_start_tag = true;
        let limit = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |at| at < limit);
        let result = self.sink.process_token(Token::StartTag(&self.tag));
        self.place_sink_errors(input, self.pos, false);
        self.handle(result);
    }

    /// "Emit the current tag token", an end tag (see
    /// [`Self::emit_current_start_tag_token`]).
    #[inline(never)]
    pub(crate) fn emit_current_end_tag_token(&mut self, input: &str) {
        debug_assert_eq!(self.tag_kind, TagKind::End);
        self.flush_characters(input);
        self.intern_tag_name(input);
        self.emitted_start_tag = false;
        if !self.tag.attrs.is_empty() | self.tag.self_closing {
            self.end_tag_errors(input);
        }
        let limit = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |at| at < limit);
        let result = self.sink.process_token(Token::EndTag(&self.tag));
        self.place_sink_errors(input, self.pos, false);
        self.handle(result);
    }

    /// The tag's name interned once, as it is emitted, for every consumer.
    #[inline(always)]
    fn intern_tag_name(&mut self, input: &str) {
        self.tag.known_name =
            self.tag_names.intern(&self.tag.name, input.as_bytes(), self.tag_name_start, self.tag_name_verbatim);
        debug_assert_eq!(self.tag.known_name, crate::generated::names::LocalName::lookup(&self.tag.name));
    }

    /// Spec: "When an end tag token is emitted with attributes, that is
    /// an end-tag-with-attributes parse error. When an end tag token is
    /// emitted with its self-closing flag set, that is an
    /// end-tag-with-trailing-solidus parse error."
    /// (<https://html.spec.whatwg.org/multipage/parsing.html#tokenization>)
    #[cold]
    #[inline(never)]
    fn end_tag_errors(&mut self, input: &str) {
        if !self.tag.attrs.is_empty() {
            self.parse_error(input, ParseErrorCode::EndTagWithAttributes);
        }
        if self.tag.self_closing {
            self.parse_error(input, ParseErrorCode::EndTagWithTrailingSolidus);
        }
    }

    pub(crate) fn emit_current_comment_token(&mut self, input: &str) {
        self.flush_characters(input);
        let limit = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |at| at < limit);
        let result = self.sink.process_token(Token::Comment(&self.comment));
        self.place_sink_errors(input, self.pos, false);
        self.handle(result);
    }

    pub(crate) fn emit_current_processing_instruction_token(&mut self, input: &str) {
        self.flush_characters(input);
        let limit = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |at| at < limit);
        let result = self.sink.process_token(Token::ProcessingInstruction(&self.processing_instruction));
        self.place_sink_errors(input, self.pos, false);
        self.handle(result);
    }

    pub(crate) fn emit_current_doctype_token(&mut self, input: &str) {
        self.flush_characters(input);
        let limit = self.positions.base_offset() + self.pos;
        self.report_stream_errors(input, |at| at < limit);
        let result = self.sink.process_token(Token::Doctype(&self.doctype));
        self.place_sink_errors(input, self.pos, false);
        self.handle(result);
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
