//! The input stream: preprocessing (newline normalisation), the parse
//! errors of the input stream, and positions of parse errors.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream>

use std::borrow::Cow;
use std::collections::VecDeque;

use crate::generated::parse_errors::ParseErrorCode;

/// Preprocesses `chunk` for the tokenizer: appends its input-stream errors
/// to `out` (stream offsets from `base`) and normalises its newlines, as
/// [`normalize_newlines`] does. The error scan looks at every byte anyway
/// and stops at a CR: only a chunk that holds one is normalised (a copy)
/// and scanned again, so that text without CR is passed over once.
/// Returns the text and its number of line feeds; `marks` gets the text's
/// [`LineMarks`].
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream>
pub(crate) fn preprocess<'a>(
    chunk: &'a str,
    last_was_cr: &mut bool,
    base: usize,
    out: &mut VecDeque<(usize, ParseErrorCode)>,
    marks: &mut LineMarks,
) -> (Cow<'a, str>, usize) {
    let mut text = Cow::Borrowed(drop_lf_after_cr(chunk, last_was_cr));
    loop {
        let queued = out.len();
        marks.clear();
        if let Some(newlines) = scan_input_stream_errors(&text, base, out, marks) {
            return (text, newlines);
        }
        // Normalised text holds no CR: the second scan is the last.
        out.truncate(queued);
        let normalized = normalize_newlines(&text, last_was_cr).into_owned();
        text = Cow::Owned(normalized);
    }
}

/// `chunk` without the LF that belongs to a CR at the end of the chunk
/// before (`last_was_cr`, which an empty chunk leaves as it is).
fn drop_lf_after_cr<'a>(chunk: &'a str, last_was_cr: &mut bool) -> &'a str {
    if *last_was_cr && !chunk.is_empty() {
        *last_was_cr = false;
        if let Some(rest) = chunk.strip_prefix('\n') {
            return rest;
        }
    }
    chunk
}

/// Normalises newlines: every CR LF pair and every lone CR becomes LF.
/// `last_was_cr` carries a chunk-final CR over to the next chunk, whose
/// leading LF then belongs to that CR and is dropped.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream>
pub(crate) fn normalize_newlines<'a>(chunk: &'a str, last_was_cr: &mut bool) -> Cow<'a, str> {
    let chunk = drop_lf_after_cr(chunk, last_was_cr);
    crate::cost::step!("input_stream::normalize_newlines", chunk.len());
    if memchr::memchr(b'\r', chunk.as_bytes()).is_none() {
        return Cow::Borrowed(chunk);
    }
    let mut out = String::with_capacity(chunk.len());
    let mut rest = chunk;
    while let Some(at) = memchr::memchr(b'\r', rest.as_bytes()) {
        out.push_str(&rest[..at]);
        out.push('\n');
        rest = &rest[at + 1..];
        if rest.is_empty() {
            *last_was_cr = true;
        } else if let Some(after) = rest.strip_prefix('\n') {
            rest = after;
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Bytes that may start a code point the input stream reports: C0 controls
/// other than NULL (the tokenizer's) and ASCII whitespace, DEL, the lead
/// byte of the C1 controls (0xC2) and of the noncharacters (0xEF, 0xF0–0xF4);
/// and CR, which stops the scan (newline normalisation comes first).
static SUSPECT: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0x01;
    while b < 0x20 {
        table[b] = !matches!(b, 0x09 | 0x0A | 0x0C);
        b += 1;
    }
    table[0x7F] = true;
    table[0xC2] = true;
    table[0xEF] = true;
    let mut lead = 0xF0;
    while lead <= 0xF4 {
        table[lead] = true;
        lead += 1;
    }
    table
};

/// The input-stream parse error of `c`, if any. Surrogates cannot occur in
/// a `&str`, so `surrogate-in-input-stream` is never raised here.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream>
pub(crate) fn input_stream_error(c: char) -> Option<ParseErrorCode> {
    let cp = u32::from(c);
    let is_noncharacter = (0xFDD0..=0xFDEF).contains(&cp) || (cp & 0xFFFE) == 0xFFFE;
    let is_control = matches!(cp, 0x01..=0x1F | 0x7F..=0x9F) && !matches!(cp, 0x09 | 0x0A | 0x0C | 0x0D);
    if is_noncharacter {
        Some(ParseErrorCode::NoncharacterInInputStream)
    } else if is_control {
        Some(ParseErrorCode::ControlCharacterInInputStream)
    } else {
        None
    }
}

/// Appends the input-stream errors of `text`, which starts at stream
/// offset `base`, to `out` as `(offset, code)`; returns the number of line
/// feeds in `text` (counted in the same pass, for
/// [`Positions::drop_consumed_counted`]), or `None` at the first CR: the
/// text needs newline normalisation, and the errors appended so far are
/// to be dropped. Appends the text's [`LineMarks`] to `marks` (empty
/// before), from the same count.
pub(crate) fn scan_input_stream_errors(
    text: &str,
    base: usize,
    out: &mut VecDeque<(usize, ParseErrorCode)>,
    marks: &mut LineMarks,
) -> Option<usize> {
    crate::cost::step!("input_stream::scan", text.len());
    marks.counts.reserve(text.len() / LINE_MARK);
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `scan_avx2` only requires that the CPU supports AVX2,
        // which was just checked.
        #[allow(unsafe_code)]
        return unsafe { scan_avx2(text, base, out, marks) };
    }
    scan_blocks::<LANES, BLOCK>(text, base, out, marks)
}

/// The number of line feeds before every [`LINE_MARK`] bytes of a text the
/// input-stream scan went over (its running count, taken every so many
/// blocks), so that the position of a parse error is counted from the
/// last mark before it rather than from the error before it, which can be
/// far back (on the web pages, a few errors per page, tens of kilobytes
/// apart: docs/performance-log.md, 2026-11-24, branch `pfeed`).
#[derive(Debug, Clone, Default)]
pub(crate) struct LineMarks {
    /// `counts[k]`: the line feeds in the text's first `(k + 1) × LINE_MARK` bytes.
    counts: Vec<usize>,
}

impl LineMarks {
    pub fn clear(&mut self) {
        self.counts.clear();
    }

    /// The last mark at or before byte `at` of the text, after `after`:
    /// its offset in the text and the line feeds before it.
    fn before(&self, at: usize, after: usize) -> Option<(usize, usize)> {
        let index = (at / LINE_MARK).min(self.counts.len()).checked_sub(1)?;
        let offset = (index + 1) * LINE_MARK;
        (offset > after).then(|| (offset, self.counts[index]))
    }
}

/// The bytes between two [`LineMarks`]: 16 blocks of the AVX2 scan, 32 of
/// the other.
const LINE_MARK: usize = 4096;

/// The scan in AVX2 code: each 32-byte register is classified by two
/// table lookups, one per nibble (`vpshufb`), whose bits meet only for the
/// bytes of [`AVX2_FLAGGED`]; a block with a flagged byte is classified
/// again register by register and only its flagged bytes are checked. About
/// ten instructions per 32 bytes with the line feed count, against about
/// seventeen for [`scan_blocks`]' range filter compiled for AVX2, which the
/// compiler spilled to the stack (docs/performance-log.md, 2026-11-24,
/// branch `pinput`). One of the crate's few `unsafe` items (listed in
/// `lib.rs`).
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[target_feature(enable = "avx2")]
unsafe fn scan_avx2(
    text: &str,
    base: usize,
    out: &mut VecDeque<(usize, ParseErrorCode)>,
    marks: &mut LineMarks,
) -> Option<usize> {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
        _mm256_or_si256, _mm256_sad_epu8, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
        _mm256_srli_epi16, _mm256_storeu_si256, _mm256_sub_epi8, _mm256_testz_si256,
    };
    const GROUP: usize = 32;
    // SAFETY (every load below): `group` is 32 readable bytes, and the
    // load is unaligned.
    let load = |group: &[u8; GROUP]| unsafe { _mm256_loadu_si256(group.as_ptr().cast::<__m256i>()) };
    let low_table = load(&AVX2_LOW_NIBBLE);
    let high_table = load(&AVX2_HIGH_NIBBLE);
    let nibble = _mm256_set1_epi8(0x0F);
    // Non-zero lanes: the flagged bytes.
    let classify = |v: __m256i| {
        let high = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
        let low = _mm256_and_si256(v, nibble);
        _mm256_and_si256(_mm256_shuffle_epi8(low_table, low), _mm256_shuffle_epi8(high_table, high))
    };
    let line_feed = _mm256_set1_epi8(b'\n' as i8);
    let zero = _mm256_setzero_si256();
    let total = |sums: __m256i| {
        let mut lanes = [0u64; 4];
        // SAFETY: `lanes` is 32 writable bytes; the store is unaligned.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), sums) };
        // At most the text's length: fits a `usize`.
        lanes.iter().sum::<u64>() as usize
    };
    let bytes = text.as_bytes();
    let mut line_feed_sums = zero;
    let mut blocks = bytes.chunks_exact(AVX2_BLOCK);
    let mut at = 0;
    for block in &mut blocks {
        let block: &[u8; AVX2_BLOCK] = block.try_into().expect("chunks_exact");
        let mut flagged = zero;
        // Per lane at most one line feed per register of the block: the
        // counts fit a byte.
        let mut line_feeds = zero;
        for index in 0..AVX2_BLOCK / GROUP {
            let group: &[u8; GROUP] = block[index * GROUP..][..GROUP].try_into().expect("32 bytes");
            let v = load(group);
            line_feeds = _mm256_sub_epi8(line_feeds, _mm256_cmpeq_epi8(v, line_feed));
            flagged = _mm256_or_si256(flagged, classify(v));
        }
        line_feed_sums = _mm256_add_epi64(line_feed_sums, _mm256_sad_epu8(line_feeds, zero));
        if _mm256_testz_si256(flagged, flagged) == 0 {
            for index in 0..AVX2_BLOCK / GROUP {
                let group: &[u8; GROUP] = block[index * GROUP..][..GROUP].try_into().expect("32 bytes");
                // A bit per flagged byte, checked in input order.
                let mut mask = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(classify(load(group)), zero)) as u32);
                while mask != 0 {
                    if check_byte(text, at + index * GROUP + mask.trailing_zeros() as usize, base, out) {
                        return None;
                    }
                    mask &= mask - 1;
                }
            }
        }
        at += AVX2_BLOCK;
        if at % LINE_MARK == 0 {
            marks.counts.push(total(line_feed_sums));
        }
    }
    let mut newlines = total(line_feed_sums);
    for (offset, &byte) in bytes.iter().enumerate().skip(at) {
        newlines += usize::from(byte == b'\n');
        if check_byte(text, offset, base, out) {
            return None;
        }
    }
    Some(newlines)
}

/// The bytes the AVX2 scan flags: [`SUSPECT`], and NULL, FF and 0xF5–0xFF
/// (rare, or never in UTF-8), which [`check_byte`] passes. A byte is
/// flagged when the entries of its two nibbles in [`AVX2_LOW_NIBBLE`] and
/// [`AVX2_HIGH_NIBBLE`] share a bit: bit 0 for 0x00–0x08 and 0x0B–0x0F,
/// bit 1 for 0x10–0x1F and 0xF0–0xFF, bit 2 for 0x7F and 0xEF, bit 3 for
/// 0xC2.
#[cfg(test)]
fn avx2_flags(byte: u8) -> bool {
    AVX2_LOW_NIBBLE[usize::from(byte & 0x0F)] & AVX2_HIGH_NIBBLE[usize::from(byte >> 4)] != 0
}

/// The low nibble's bits of [`avx2_flags`], twice (one copy per 128-bit
/// half of a register: `vpshufb` looks up within each half).
#[cfg(any(test, target_arch = "x86_64"))]
static AVX2_LOW_NIBBLE: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut low = 0;
    while low < 16 {
        let mut bits = 0b10;
        if low != 0x9 && low != 0xA {
            bits |= 0b1;
        }
        if low == 0xF {
            bits |= 0b100;
        }
        if low == 0x2 {
            bits |= 0b1000;
        }
        table[low] = bits;
        table[low + 16] = bits;
        low += 1;
    }
    table
};

/// The high nibble's bits of [`avx2_flags`], twice.
#[cfg(any(test, target_arch = "x86_64"))]
static AVX2_HIGH_NIBBLE: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut half = 0;
    while half < 32 {
        table[half] = 0b1;
        table[half + 0x1] = 0b10;
        table[half + 0x7] = 0b100;
        table[half + 0xC] = 0b1000;
        table[half + 0xE] = 0b100;
        table[half + 0xF] = 0b10;
        half += 16;
    }
    table
};

/// The scan, with a block filter of `L` lanes (the width of one vector
/// register in bytes) over blocks of `B` bytes.
#[inline(always)]
fn scan_blocks<const L: usize, const B: usize>(
    text: &str,
    base: usize,
    out: &mut VecDeque<(usize, ParseErrorCode)>,
    marks: &mut LineMarks,
) -> Option<usize> {
    let bytes = text.as_bytes();
    // A block at a time: the filter is lane-wise arithmetic over a
    // fixed-size block, which the compiler turns into SIMD (no early exit,
    // no table); only a block with a suspect byte is looked at byte by
    // byte. This replaced a SWAR filter over u64 words: 3.2 -> 0.6
    // instructions per byte of input (docs/performance-log.md).
    let mut blocks = bytes.chunks_exact(B);
    let mut at = 0;
    let mut newlines = 0;
    for block in &mut blocks {
        let block: &[u8; B] = block.try_into().expect("chunks_exact");
        let (suspect, block_newlines) = filter_block::<L, B>(block);
        newlines += block_newlines;
        if suspect {
            for offset in at..at + B {
                if check_byte(text, offset, base, out) {
                    return None;
                }
            }
        }
        at += B;
        if at % LINE_MARK == 0 {
            marks.counts.push(newlines);
        }
    }
    for (offset, &byte) in bytes.iter().enumerate().skip(at) {
        newlines += usize::from(byte == b'\n');
        if check_byte(text, offset, base, out) {
            return None;
        }
    }
    Some(newlines)
}

/// Bytes the block filter looks at together: the per-block part of the
/// filter (the range tests, the branch) is paid once per 128 bytes, and
/// few blocks of real pages hold a suspect byte (blocks of 256 bytes made
/// the count worse again).
const BLOCK: usize = 128;

/// Bytes per lane group of the block filter (one SSE2 register).
const LANES: usize = 16;

/// [`BLOCK`] for the AVX2 code, whose filter costs a third as much per
/// byte: the per-block tests are paid once per 256 bytes.
#[cfg(target_arch = "x86_64")]
const AVX2_BLOCK: usize = 256;

/// Whether `block` may hold a byte that [`SUSPECT`] holds: true for every
/// block that does; the same set as [`may_be_suspect`]. The two ranges are
/// shifted so that each starts at zero and kept as running minimums per
/// lane (one `pminub` per register and range, the range tests once per
/// block on the minimums rather than on every byte); the two single bytes
/// are compared. Lane by lane, without early exit, so that it vectorizes.
#[cfg(test)]
fn block_has_suspect<const L: usize, const B: usize>(block: &[u8; B]) -> bool {
    filter_block::<L, B>(block).0
}

/// [`block_has_suspect`], and the number of line feeds in the block
/// (counted per lane: at most `B / L` per lane, which a byte holds).
#[inline(always)]
fn filter_block<const L: usize, const B: usize>(block: &[u8; B]) -> (bool, usize) {
    // 0xEF–0xFF and 0x00–0x08 become 0x00–0x19; 0x0B–0x1F becomes 0x00–0x14.
    let mut high_or_low = [u8::MAX; L];
    let mut controls = [u8::MAX; L];
    let mut single = [0u8; L];
    let mut newlines = [0u8; L];
    for group in block.chunks_exact(L) {
        for lane in 0..L {
            let b = group[lane];
            newlines[lane] += u8::from(b == b'\n');
            high_or_low[lane] = high_or_low[lane].min(b.wrapping_add(0x11));
            controls[lane] = controls[lane].min(b.wrapping_sub(0x0B));
            single[lane] |= u8::from((b == 0x7F) | (b == 0xC2));
        }
    }
    let mut found = [0u8; L];
    for lane in 0..L {
        found[lane] = u8::from(high_or_low[lane] < 0x1A) | u8::from(controls[lane] < 0x15) | single[lane];
    }
    let suspect =
        found.chunks_exact(16).fold(0u128, |any, part| any | u128::from_ne_bytes(part.try_into().expect("16 bytes")))
            != 0;
    (suspect, newlines.iter().map(|&n| usize::from(n)).sum())
}

/// The bytes [`block_has_suspect`] lets through: a superset of [`SUSPECT`]
/// (and 0xF5–0xFF, which UTF-8 never holds) in a few ranges: NULL, CR
/// (which stops the scan) and FF are rare enough to be looked at byte by
/// byte; tab and LF are common and pass.
#[cfg(test)]
fn may_be_suspect(b: u8) -> bool {
    matches!(b, 0x00..=0x08 | 0x0B..=0x1F | 0x7F | 0xC2 | 0xEF..=0xFF)
}

/// Appends the input-stream error of the character at `at`, if any;
/// returns whether it is a CR instead. Inlined into the byte loops: as a
/// call per byte of a suspect block it cost more than the scan saved.
#[inline(always)]
fn check_byte(text: &str, at: usize, base: usize, out: &mut VecDeque<(usize, ParseErrorCode)>) -> bool {
    let byte = text.as_bytes()[at];
    if SUSPECT[usize::from(byte)] {
        if byte == b'\r' {
            return true;
        }
        // `at` is a character boundary: every suspect byte is ASCII or a lead byte.
        if let Some(code) = text[at..].chars().next().and_then(input_stream_error) {
            out.push_back((base + at, code));
        }
    }
    false
}

/// Columns count UTF-16 code units, as the html5lib tests do. Lines and
/// columns saturate at `u32::MAX` (a line of 4 Gi code units, or 4 Gi
/// lines, reports the maximum from there on) instead of wrapping.
fn utf16_len(text: &str) -> u32 {
    // One pass, in byte-wide counters (at most 255 per chunk) that the
    // compiler vectorizes: a line of a minified page is long.
    let units: usize = text
        .as_bytes()
        .chunks(255)
        .map(|chunk| {
            let (mut chars, mut astral) = (0u8, 0u8);
            for &b in chunk {
                chars += u8::from((b & 0xC0) != 0x80);
                astral += u8::from(b >= 0xF0);
            }
            usize::from(chars) + usize::from(astral)
        })
        .sum();
    saturate(units)
}

fn saturate(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// A stream offset with its line (1-based) and column (UTF-16 code units
/// since the start of the line, 0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Anchor {
    pub offset: usize,
    pub line: u32,
    pub col: u32,
}

impl Anchor {
    pub const START: Anchor = Anchor { offset: 0, line: 1, col: 0 };

    /// The anchor moved over `text`, which starts at this anchor.
    pub fn advance(self, text: &str) -> Anchor {
        crate::cost::step!("positions::advance", text.len());
        let bytes = text.as_bytes();
        let newlines = saturate(memchr::memchr_iter(b'\n', bytes).count());
        let offset = self.offset + text.len();
        if newlines == 0 {
            return Anchor { offset, line: self.line, col: self.col.saturating_add(utf16_len(text)) };
        }
        let last = memchr::memrchr(b'\n', bytes).expect("counted above");
        Anchor { offset, line: self.line.saturating_add(newlines), col: utf16_len(&text[last + 1..]) }
    }
}

/// Line and column of parse errors, computed only when an error is raised:
/// the fast paths never track positions.
#[derive(Debug, Clone)]
pub(crate) struct Positions {
    /// At the start of the input the tokenizer still holds.
    base: Anchor,
    /// The last position asked for (at or after `base`), to resume from.
    cursor: Anchor,
    /// The marks of the input from the base, when the scan of the input
    /// being run left them (else empty).
    marks: LineMarks,
}

impl Positions {
    pub fn new() -> Positions {
        Positions { base: Anchor::START, cursor: Anchor::START, marks: LineMarks::default() }
    }

    /// Where the input-stream scan leaves the marks of the text the
    /// tokenizer runs over next, which must start at the base; they hold
    /// until the base moves.
    pub fn marks_mut(&mut self) -> &mut LineMarks {
        &mut self.marks
    }

    /// Line and 1-based column of stream offset `offset` in `input`, which
    /// starts at the base offset.
    pub fn locate(&mut self, input: &str, offset: usize) -> (u32, u32) {
        // Errors come in input order, so the last position is the place to
        // start from; the base is the fallback.
        let from = if self.cursor.offset <= offset { self.cursor } else { self.base };
        let start = (from.offset - self.base.offset).min(input.len());
        let mut end = offset.saturating_sub(self.base.offset).clamp(start, input.len());
        while !input.is_char_boundary(end) {
            end -= 1;
        }
        let from = self.line_start_after(input, start, end).unwrap_or(from);
        let start = (from.offset - self.base.offset).min(end);
        let at = from.advance(&input[start..end.max(start)]);
        self.cursor = at;
        (at.line, at.col.saturating_add(1))
    }

    /// The start of the line of byte `end` of `input`, when it is known
    /// from a mark past byte `start` (the position to count from) without
    /// counting the line feeds from `start` on: the mark's count, and those
    /// between the mark and the line's start.
    fn line_start_after(&self, input: &str, start: usize, end: usize) -> Option<Anchor> {
        let (mark, before_mark) = self.marks.before(end, start)?;
        crate::cost::step!("positions::line_start", end - start);
        let bytes = input.as_bytes();
        // The line feed that ends the line before: after the mark, or the
        // last one before it (counted in the mark's count).
        let (line_feed, line_feeds) = match memchr::memrchr(b'\n', &bytes[mark..end]) {
            Some(found) => {
                let after_mark = memchr::memchr_iter(b'\n', &bytes[mark..=mark + found]).count();
                (mark + found, before_mark + after_mark)
            }
            None => (start + memchr::memrchr(b'\n', &bytes[start..mark])?, before_mark),
        };
        Some(Anchor {
            offset: self.base.offset + line_feed + 1,
            line: self.base.line.saturating_add(saturate(line_feeds)),
            col: 0,
        })
    }

    /// The tokenizer is done with the first `consumed` bytes of `input`.
    pub fn drop_consumed(&mut self, input: &str, consumed: usize) {
        self.marks.clear();
        let from = if self.cursor.offset <= self.base.offset + consumed { self.cursor } else { self.base };
        let start = from.offset - self.base.offset;
        self.base = from.advance(&input[start..consumed]);
        if self.cursor.offset < self.base.offset {
            self.cursor = self.base;
        }
    }

    /// [`Positions::drop_consumed`] for `input` that starts at the base and
    /// holds `newlines` line feeds in all (counted by the input-stream
    /// scan): the line is found without counting the consumed text again,
    /// only the held-back rest and the last line.
    pub fn drop_consumed_counted(&mut self, input: &str, consumed: usize, newlines: usize) {
        self.marks.clear();
        crate::cost::step!("positions::drop_consumed", input.len());
        let bytes = input.as_bytes();
        let held_back = memchr::memchr_iter(b'\n', &bytes[consumed..]).count();
        let offset = self.base.offset + consumed;
        self.base = match memchr::memrchr(b'\n', &bytes[..consumed]) {
            None => Anchor {
                offset,
                line: self.base.line,
                col: self.base.col.saturating_add(utf16_len(&input[..consumed])),
            },
            Some(last) => Anchor {
                offset,
                line: self.base.line.saturating_add(saturate(newlines.saturating_sub(held_back))),
                col: utf16_len(&input[last + 1..consumed]),
            },
        };
        if self.cursor.offset < self.base.offset {
            self.cursor = self.base;
        }
    }

    /// Text was inserted at the base: positions after it have moved.
    pub fn forget_cursor(&mut self) {
        self.marks.clear();
        self.cursor = self.base;
    }

    pub fn base_offset(&self) -> usize {
        self.base.offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_saturate_instead_of_wrapping() {
        let near_end = Anchor { offset: 0, line: u32::MAX - 1, col: u32::MAX - 2 };
        let on_the_line = near_end.advance("abcdé");
        assert_eq!((on_the_line.line, on_the_line.col), (u32::MAX - 1, u32::MAX));
        let past_lines = near_end.advance("\n\n\nab");
        assert_eq!((past_lines.line, past_lines.col), (u32::MAX, 2));
        let mut positions = Positions::new();
        positions.base = Anchor { offset: 0, line: 1, col: u32::MAX };
        positions.cursor = positions.base;
        assert_eq!(positions.locate("abc", 2), (1, u32::MAX));
    }

    #[test]
    fn newlines_are_normalised_across_chunks() {
        let mut cr = false;
        assert_eq!(normalize_newlines("a\r\nb\rc\r", &mut cr), "a\nb\nc\n");
        assert!(cr);
        assert_eq!(normalize_newlines("\nd", &mut cr), "d");
        assert!(!cr);
        assert_eq!(normalize_newlines("\r", &mut cr), "\n");
        assert_eq!(normalize_newlines("", &mut cr), "");
        assert_eq!(normalize_newlines("x", &mut cr), "x");
    }

    #[test]
    fn stream_errors_name_controls_and_noncharacters() {
        let mut out = VecDeque::new();
        assert_eq!(
            scan_input_stream_errors(
                "a\u{1}\t\u{7f}\u{85}\u{fdd0}\u{ffff}\u{10fffe}\u{e9}",
                0,
                &mut out,
                &mut LineMarks::default()
            ),
            Some(0)
        );
        let codes: Vec<(usize, &str)> = out.iter().map(|&(at, c)| (at, c.as_str())).collect();
        assert_eq!(
            codes,
            [
                (1, "control-character-in-input-stream"),
                (3, "control-character-in-input-stream"),
                (4, "control-character-in-input-stream"),
                (6, "noncharacter-in-input-stream"),
                (9, "noncharacter-in-input-stream"),
                (12, "noncharacter-in-input-stream"),
            ]
        );
    }

    #[test]
    fn the_block_scan_finds_errors_anywhere() {
        for at in 0..280 {
            for bad in ['\u{1}', '\u{7f}', '\u{9f}', '\u{fffe}', '\u{3ffff}'] {
                let mut text: String = "abcdefghij\n".repeat(26);
                text.insert(at, bad);
                text.push('é');
                let mut out = VecDeque::new();
                let newlines = scan_input_stream_errors(&text, 5, &mut out, &mut LineMarks::default()).unwrap();
                assert_eq!(newlines, text.matches('\n').count());
                let mut baseline = VecDeque::new();
                assert_eq!(
                    scan_blocks::<LANES, BLOCK>(&text, 5, &mut baseline, &mut LineMarks::default()),
                    Some(newlines)
                );
                assert_eq!(out, baseline, "{bad:?} at {at}: the dispatched scan and the baseline scan differ");
                let naive: Vec<usize> =
                    text.char_indices().filter(|&(_, c)| input_stream_error(c).is_some()).map(|(i, _)| i + 5).collect();
                assert_eq!(out.iter().map(|&(i, _)| i).collect::<Vec<_>>(), naive, "{bad:?} at {at}");
                assert_eq!(naive, [at + 5]);
            }
        }
    }

    #[test]
    fn blocks_with_many_flagged_bytes_report_each_error_once_in_order() {
        // No-break spaces (0xC2 0xA0) and U+FF0C (0xEF 0xBC 0x8C) are flagged
        // but are no errors; NULL and FF are flagged and pass.
        let pieces = ["a\u{a0}", "\u{1}", "\u{ff0c}", "\0\x0c", "\u{fdd0}\n", "bc", "\u{7f}\u{10ffff}", "\u{9f}"];
        let mut text = String::new();
        for i in 0..400 {
            text.push_str(pieces[(i * 7 + i / 5) % pieces.len()]);
        }
        let mut out = VecDeque::new();
        let newlines = scan_input_stream_errors(&text, 3, &mut out, &mut LineMarks::default()).unwrap();
        assert_eq!(newlines, text.matches('\n').count());
        let naive: Vec<(usize, ParseErrorCode)> =
            text.char_indices().filter_map(|(i, c)| input_stream_error(c).map(|code| (i + 3, code))).collect();
        assert_eq!(out.into_iter().collect::<Vec<_>>(), naive);
    }

    #[test]
    fn a_cr_stops_the_scan_and_preprocessing_normalises_then() {
        for at in [0, 100, 255, 256, 300, 500] {
            let mut text: String = "abc\u{1}defgh\n".repeat(50);
            text.insert(at, '\r');
            let mut out = VecDeque::new();
            assert_eq!(scan_input_stream_errors(&text, 0, &mut out, &mut LineMarks::default()), None, "CR at {at}");
            assert_eq!(
                scan_blocks::<LANES, BLOCK>(&text, 0, &mut out, &mut LineMarks::default()),
                None,
                "CR at {at}, SSE2"
            );
            // Preprocessed: the errors of the normalised text, each once.
            let (mut cr, mut out) = (false, VecDeque::new());
            let (normalized, newlines) = preprocess(&text, &mut cr, 7, &mut out, &mut LineMarks::default());
            let mut expected_cr = false;
            assert_eq!(normalized, normalize_newlines(&text, &mut expected_cr));
            assert_eq!(newlines, normalized.matches('\n').count());
            let naive: Vec<usize> = normalized.match_indices('\u{1}').map(|(i, _)| i + 7).collect();
            assert_eq!(out.iter().map(|&(i, _)| i).collect::<Vec<_>>(), naive, "CR at {at}");
        }
        // A chunk-final CR takes the next chunk's leading LF, as before.
        let (mut cr, mut out) = (false, VecDeque::new());
        assert_eq!(preprocess("a\r", &mut cr, 0, &mut out, &mut LineMarks::default()), (Cow::Owned("a\n".into()), 1));
        assert!(cr);
        assert_eq!(preprocess("", &mut cr, 2, &mut out, &mut LineMarks::default()), (Cow::Borrowed(""), 0));
        assert_eq!(
            preprocess("\nb\u{1}", &mut cr, 2, &mut out, &mut LineMarks::default()),
            (Cow::Borrowed("b\u{1}"), 0)
        );
        assert!(!cr);
        assert_eq!(out, [(3, ParseErrorCode::ControlCharacterInInputStream)]);
    }

    #[test]
    fn the_block_filter_passes_every_suspect_byte() {
        for b in 0..=255u8 {
            let suspect = SUSPECT[usize::from(b)] || b >= 0xF5;
            assert!(!suspect || may_be_suspect(b), "{b:#04x}");
            let mut block = [b'a'; BLOCK];
            for at in [0, 15, 16, 63, BLOCK - 1] {
                block[at] = b;
                assert_eq!(block_has_suspect::<LANES, BLOCK>(&block), may_be_suspect(b), "{b:#04x} at {at}");
                assert_eq!(block_has_suspect::<32, BLOCK>(&block), may_be_suspect(b), "{b:#04x} at {at}, 32 lanes");
                block[at] = b'a';
            }
            let mut wide = [b'a'; 256];
            for at in [0, 31, 32, 128, 255] {
                wide[at] = b;
                assert_eq!(block_has_suspect::<32, 256>(&wide), may_be_suspect(b), "{b:#04x} at {at}, 256 bytes");
                wide[at] = b'a';
            }
        }
        for b in 0..=255u8 {
            let flagged = SUSPECT[usize::from(b)] || matches!(b, 0x00 | 0x0C | 0xF5..=0xFF);
            assert_eq!(avx2_flags(b), flagged, "{b:#04x}");
        }
        assert!(!block_has_suspect::<LANES, BLOCK>(&[b'\n'; BLOCK]));
        assert!(!block_has_suspect::<LANES, BLOCK>(&[b'\t'; BLOCK]));
        assert!(!block_has_suspect::<32, 256>(&[b'\n'; 256]));
        assert!(!may_be_suspect(b'<') && !may_be_suspect(0xC3) && !may_be_suspect(0x80));
    }

    #[test]
    fn the_counted_drop_agrees_with_the_walk() {
        let line = "ab\u{1F600}c\u{e9}\n";
        for text in [line.repeat(40), "x\u{1F600}".repeat(100), format!("\n{}", "y".repeat(300)), String::new()] {
            let mut out = VecDeque::new();
            let newlines = scan_input_stream_errors(&text, 0, &mut out, &mut LineMarks::default()).unwrap();
            for consumed in (0..=text.len()).filter(|&at| text.is_char_boundary(at)) {
                let mut walked = Positions::new();
                walked.locate(&text, consumed / 3);
                let mut counted = walked.clone();
                walked.drop_consumed(&text, consumed);
                counted.drop_consumed_counted(&text, consumed, newlines);
                assert_eq!(counted.base, walked.base, "{consumed}");
                assert_eq!(counted.cursor, walked.cursor, "{consumed}");
            }
        }
    }

    #[test]
    fn utf16_lengths_count_code_units() {
        let text = "a\u{e9}\u{20ac}\u{1F600}b".repeat(300);
        for end in (0..=text.len()).filter(|&at| text.is_char_boundary(at)) {
            assert_eq!(utf16_len(&text[..end]) as usize, text[..end].encode_utf16().count(), "{end}");
        }
    }

    #[test]
    fn columns_count_utf16_units() {
        let mut positions = Positions::new();
        let text = "a\u{1F600}b\ncd";
        assert_eq!(positions.locate(text, 5), (1, 4));
        assert_eq!(positions.locate(text, 8), (2, 2));
        assert_eq!(positions.locate(text, 1), (1, 2));
        positions.drop_consumed(text, 7);
        assert_eq!(positions.locate(&text[7..], 9), (2, 3));
    }

    #[test]
    fn the_marks_count_the_line_feeds_before_them() {
        let mut text = String::new();
        for i in 0..6000 {
            text.push_str(["ab\n", "c\u{e9}d", "\n\n", "efgh ", "\u{a0}\n"][(i * 7 + i / 13) % 5]);
        }
        let expected: Vec<usize> = (1..=text.len() / LINE_MARK)
            .map(|k| text.as_bytes()[..k * LINE_MARK].iter().filter(|&&b| b == b'\n').count())
            .collect();
        assert!(expected.len() >= 3);
        let (mut marks, mut out) = (LineMarks::default(), VecDeque::new());
        let newlines = scan_input_stream_errors(&text, 0, &mut out, &mut marks);
        assert_eq!((marks.counts.as_slice(), newlines), (expected.as_slice(), Some(text.matches('\n').count())));
        let mut baseline = LineMarks::default();
        scan_blocks::<LANES, BLOCK>(&text, 0, &mut out, &mut baseline);
        assert_eq!(baseline.counts, expected);
    }

    #[test]
    fn positions_from_the_marks_agree_with_the_walk() {
        // Short lines, then a line longer than two marks, then short lines.
        let mut text = "a\u{1F600}\nbc\u{e9}\n".repeat(700);
        text.push_str(&"x\u{e9}yz".repeat(2500));
        text.push_str(&"\n12345\n".repeat(900));
        let mut marks = LineMarks::default();
        scan_input_stream_errors(&text, 0, &mut VecDeque::new(), &mut marks).unwrap();
        let offsets: Vec<usize> = (0..text.len()).step_by(997).filter(|&at| text.is_char_boundary(at)).collect();
        for base_line in [1, 40] {
            let base = Anchor { offset: 0, line: base_line, col: 3 };
            let mut walked = Positions { base, cursor: base, marks: LineMarks::default() };
            let mut marked = Positions { base, cursor: base, marks: marks.clone() };
            for &at in &offsets {
                assert_eq!(marked.locate(&text, at), walked.locate(&text, at), "at {at}");
                assert_eq!(marked.cursor, walked.cursor, "at {at}");
            }
            // Backwards (from the base again) and one far ahead.
            for &at in offsets.iter().rev().take(5).chain([text.len()].iter()) {
                assert_eq!(marked.locate(&text, at), walked.locate(&text, at), "back to {at}");
            }
            // Each from the base: past a mark with no line feed after it
            // (in the long line), the line feed before it starts the line.
            for &at in &offsets {
                let mut walked = Positions { base, cursor: base, marks: LineMarks::default() };
                let mut marked = Positions { base, cursor: base, marks: marks.clone() };
                assert_eq!(marked.locate(&text, at), walked.locate(&text, at), "{at} from the base");
            }
        }
    }
}
