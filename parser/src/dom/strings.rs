//! The document's string store: text and comment data and attribute
//! values, back to back in chunks that never move.
//!
//! One `String` grown by reallocation keeps a reserve: sized for the
//! input, it held the bytes of the markup that never became text (0.12×
//! the input on the web corpus, 0.34× on the documentation pages) until
//! the parse ended; sized smaller, it doubled or copied itself as it grew.
//! Chunks grow the store without copying it: a full chunk is trimmed to
//! what it holds and a new one is started, so what the store holds while
//! parsing is its text plus at most one chunk's room.
//!
//! A [`Span`] addresses the store as one space of offsets. Each chunk
//! starts at a multiple of [`SLOT`] in that space, and a table gives, for
//! each `SLOT` bytes of it, the chunk there and the chunk's start: reading
//! a span is two indexed loads.

use super::node::Span;
use crate::short_copy::{self, SHORT_TEXT};

/// The granularity of the offset space: each chunk starts at a multiple
/// of it (so up to `SLOT - 1` offsets between two chunks go unused).
pub(crate) const SLOT: usize = 1 << SLOT_SHIFT;
const SLOT_SHIFT: u32 = 12;

/// The least room a new chunk gets.
const MIN_CHUNK: usize = 8 * 1024;

/// A new chunk gets at least this fraction of what the store holds, so
/// that a large document makes O(log) chunks, not one per `MIN_CHUNK`,
/// and the room left in the last chunk stays a small part of the whole.
const CHUNK_FRACTION: usize = 16;

#[derive(Debug, Clone, Copy)]
struct Slot {
    /// Index into `Strings::full`, or `full.len()` for the last chunk.
    chunk: u32,
    /// The chunk's first offset.
    start: u32,
}

/// Strings back to back in chunks (see the module's documentation).
#[derive(Debug, Clone, Default)]
pub(crate) struct Strings {
    /// The chunks before the last, each trimmed to what it holds.
    full: Vec<String>,
    /// The chunk strings are stored in (empty, with no room, until the
    /// first is started); pushes stay within its capacity.
    last: String,
    /// The chunk and its first offset, for each `SLOT` of the offset space.
    slots: Vec<Slot>,
    /// The last chunk's first offset.
    last_start: usize,
}

impl Strings {
    /// A store whose first chunk holds `bytes` bytes.
    pub(crate) fn with_capacity(bytes: usize) -> Strings {
        let mut strings = Strings::default();
        if bytes > 0 {
            strings.add_chunk(bytes);
        }
        strings
    }

    /// The offset the next byte stored goes to when it fits the last chunk.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.last_start + self.last.len()
    }

    /// The string at `span`.
    #[inline]
    pub(crate) fn get(&self, span: Span) -> &str {
        if span.len == 0 {
            return "";
        }
        let slot = self.slots[(span.start >> SLOT_SHIFT) as usize];
        let at = (span.start - slot.start) as usize;
        &self.chunk(slot.chunk as usize)[at..at + span.len as usize]
    }

    /// Stores `text` and returns its offset: in the last chunk when it
    /// fits, else at the start of a new chunk.
    #[inline]
    pub(crate) fn push(&mut self, text: &str) -> usize {
        if self.room() < text.len() {
            self.start_chunk(text.len());
        }
        let start = self.len();
        self.last.push_str(text);
        start
    }

    /// Stores `text` by one fixed-size copy when `text_and_after` is
    /// `text` followed by the input after it and `text` is short (see
    /// `short_copy::prefix_window`); else stores nothing. Returns the
    /// offset stored at.
    #[inline(always)]
    pub(crate) fn push_prefix(&mut self, text: &str, text_and_after: &str) -> Option<usize> {
        let window = short_copy::prefix_window(text, text_and_after)?;
        // The copy writes `SHORT_TEXT` bytes: room for them, so that the
        // chunk is not reallocated (its room is what the slots cover).
        if self.room() < SHORT_TEXT {
            self.start_chunk(SHORT_TEXT);
        }
        let start = self.len();
        short_copy::push_prefix(&mut self.last, text, window);
        Some(start)
    }

    /// Makes room in the last chunk for `bytes` more (starting a chunk if
    /// needed) and returns the offset a [`Strings::push`] of that many
    /// bytes stores at next, so that a caller can use the offset before it
    /// copies the string.
    #[inline]
    pub(crate) fn place(&mut self, bytes: usize) -> usize {
        if self.room() < bytes {
            self.start_chunk(bytes);
        }
        self.len()
    }

    /// Appends `text` to the string at `span` when that string ends the
    /// last chunk and the chunk has room (`span` then grows by
    /// `text.len()`); else nothing is stored and the answer is false.
    #[inline]
    pub(crate) fn extend_in_place(&mut self, span: Span, text: &str) -> bool {
        if span.end() != self.len() || self.room() < text.len() {
            return false;
        }
        self.last.push_str(text);
        true
    }

    /// Appends `text` to the string at `span`, which ends the store, when
    /// the last chunk has no room for it: the string moves to a new chunk
    /// with a quarter more room than it needs, or, when it is alone in its
    /// chunk already, that chunk grows by a quarter (a reallocation, often
    /// in place). The old copy stays where it was: stored bytes are never
    /// removed, because other spans may hold them (a node's copy shares its
    /// original's text: `Document::clone_node_deep`), and it is left once
    /// per move to a new chunk, at most the room one chunk had. Either
    /// way a string extended n times is copied O(log n) times, and the
    /// room it leaves is at most a quarter of it. Returns the string's new
    /// offset; `span`'s length grows by `text.len()`.
    #[cold]
    #[inline(never)]
    pub(crate) fn extend_moving(&mut self, span: Span, text: &str) -> usize {
        debug_assert_eq!(span.end(), self.len());
        let needed = span.len as usize + text.len();
        // A move copies the whole string: O(log n) moves per string.
        crate::cost::step!("dom::strings_move", needed);
        let wanted = needed.saturating_add(needed / 4);
        if span.start as usize == self.last_start && !self.slots.is_empty() {
            self.last.reserve_exact(wanted - self.last.len());
            let slot = self.slots[self.last_start >> SLOT_SHIFT];
            self.slots.resize((self.last_start + self.last.capacity()).div_ceil(SLOT), slot);
            self.last.push_str(text);
            return self.last_start;
        }
        let moved = self.get(span).to_string();
        self.start_chunk(wanted);
        let start = self.len();
        self.last.push_str(&moved);
        self.last.push_str(text);
        start
    }

    /// Makes sure the last chunk has room for `bytes` more, starting a
    /// chunk if not: a run of that many bytes stored next is contiguous.
    pub(crate) fn reserve_run(&mut self, bytes: usize) {
        if self.room() < bytes {
            self.start_chunk(bytes);
        }
    }

    /// Replaces the bytes at `at..at + text.len()`, which must lie within
    /// one stored run of ASCII filler (so any cut of it is on character
    /// boundaries).
    pub(crate) fn overwrite(&mut self, at: usize, text: &str) {
        let slot = self.slots[at >> SLOT_SHIFT];
        let start = at - slot.start as usize;
        let chunk = slot.chunk as usize;
        let chunk = if chunk < self.full.len() { &mut self.full[chunk] } else { &mut self.last };
        chunk.replace_range(start..start + text.len(), text);
    }

    /// Gives back the last chunk's unused room.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.last.shrink_to_fit();
        self.full.shrink_to_fit();
        self.slots.shrink_to_fit();
    }

    #[inline]
    fn room(&self) -> usize {
        self.last.capacity() - self.last.len()
    }

    /// The chunk at `index` (`full.len()`: the last).
    #[inline]
    fn chunk(&self, index: usize) -> &str {
        match self.full.get(index) {
            Some(chunk) => chunk,
            None => &self.last,
        }
    }

    /// Starts a chunk with room for at least `needed` bytes.
    #[cold]
    #[inline(never)]
    fn start_chunk(&mut self, needed: usize) {
        self.add_chunk(needed.max(MIN_CHUNK).max(self.len() / CHUNK_FRACTION));
    }

    /// Trims the last chunk to what it holds and adds one of `capacity`
    /// bytes.
    fn add_chunk(&mut self, capacity: usize) {
        let end = self.len();
        let next = String::with_capacity(capacity);
        if !self.slots.is_empty() {
            // A shrinking realloc stays in place: nothing is copied.
            self.last.shrink_to_fit();
            self.full.push(std::mem::replace(&mut self.last, next));
        } else {
            self.last = next;
        }
        let start = end.next_multiple_of(SLOT);
        let chunk = u32::try_from(self.full.len()).expect("fewer than 2^32 chunks");
        let slot = Slot { chunk, start: u32::try_from(start).expect("a document's strings stay under 4 GiB") };
        // The slots of the new chunk (those past the last chunk's stored
        // bytes that the trimmed chunk covered before are the new one's).
        self.slots.truncate(start >> SLOT_SHIFT);
        self.slots.resize((start + capacity).div_ceil(SLOT), slot);
        self.last_start = start;
    }
}

#[cfg(test)]
mod tests {
    use super::{Strings, MIN_CHUNK, SHORT_TEXT, SLOT};
    use crate::dom::node::span;

    impl Strings {
        fn chunks(&self) -> Vec<&String> {
            self.full.iter().chain([&self.last]).collect()
        }
    }

    #[test]
    fn strings_stay_readable_across_chunks_of_every_size() {
        let mut strings = Strings::with_capacity(100);
        let mut stored = Vec::new();
        for i in 0..2_000 {
            // Small strings, then one larger than any chunk so far, now and then.
            let text = if i % 500 == 499 { "é".repeat(MIN_CHUNK) } else { format!("text {i} ") };
            let start = strings.push(&text);
            stored.push((span(start, text.len()), text));
        }
        assert!(strings.chunks().len() > 3, "{}", strings.chunks().len());
        for (span, text) in &stored {
            assert_eq!(strings.get(*span), text);
        }
        assert_eq!(strings.get(span(strings.len(), 0)), "");
    }

    #[test]
    fn a_full_chunk_is_trimmed_and_never_copied() {
        let mut strings = Strings::with_capacity(10);
        let a = strings.push("0123456789");
        let first = strings.chunks()[0].as_ptr();
        let b = strings.push("abc");
        assert_eq!((a, b), (0, SLOT), "the next chunk starts at the next slot");
        assert_eq!(strings.chunks()[0].as_ptr(), first);
        assert_eq!(strings.chunks()[0].capacity(), 10);
        assert_eq!(strings.get(span(b, 3)), "abc");
    }

    #[test]
    fn text_grows_in_place_or_moves_to_a_new_chunk() {
        let mut strings = Strings::with_capacity(8);
        let start = strings.push("abcd");
        let mut text = span(start, 4);
        assert!(strings.extend_in_place(text, "efgh"));
        text.len += 4;
        // The chunk is full, and the text alone in it: the chunk grows.
        assert!(!strings.extend_in_place(text, "ij"));
        assert_eq!(strings.extend_moving(text, "ij"), start);
        text.len += 2;
        assert_eq!(strings.get(text), "abcdefghij");
        assert!(strings.chunks()[0].capacity() >= 12);
        // Behind another string: the text moves, and its old copy stays
        // (another span may share it).
        let before = strings.push("x".repeat(strings.room()).as_str());
        let yz = span(strings.push("yz"), 2);
        assert_eq!(strings.chunks().len(), 2);
        let filler = strings.chunks()[1].capacity() - strings.chunks()[1].len();
        let mut last = span(strings.push(&"w".repeat(filler)), filler);
        let shared = last;
        let moved = strings.extend_moving(last, "v");
        assert_eq!(strings.chunks().len(), 3);
        assert_eq!(strings.get(shared), "w".repeat(filler), "the old copy stays readable");
        last = span(moved, filler + 1);
        assert!(strings.get(last).ends_with("wv"));
        assert!(strings.get(span(before, 2)).starts_with('x'));
        assert_eq!(strings.get(yz), "yz");
        // Not at the end: no growth in place.
        let other = strings.push("x");
        assert!(!strings.extend_in_place(text, "k"));
        assert_eq!(strings.get(span(other, 1)), "x");
    }

    #[test]
    fn short_text_is_copied_from_its_input_only_when_it_holds_it() {
        let input = "0123456789abcdefghijklmnopqrstuvwxyz\u{e9}\u{1F600}ABCDEFGHIJKLMNOPQRSTUVWXYZ".repeat(2);
        let mut strings = Strings::with_capacity(100);
        let mut stored = Vec::new();
        for start in (0..input.len()).filter(|&i| input.is_char_boundary(i)) {
            for end in (start..=input.len()).filter(|&i| input.is_char_boundary(i)) {
                let text = &input[start..end];
                let pushed = strings.push_prefix(text, &input[start..]);
                assert_eq!(pushed.is_some(), text.len() < SHORT_TEXT && input.len() - start >= SHORT_TEXT);
                if let Some(at) = pushed {
                    stored.push((span(at, text.len()), text));
                }
                assert!(strings.push_prefix(text, &text.repeat(70)).is_none());
            }
        }
        assert!(strings.chunks().len() > 2);
        for (span, text) in stored {
            assert_eq!(strings.get(span), text);
        }
    }
}
