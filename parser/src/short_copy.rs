//! Short string copies without a call to `memcpy`.
//!
//! Most strings the tokenizer copies out of its input are a few bytes:
//! tag and attribute names, most attribute values; and most runs of text
//! the DOM copies out of it are under 64 bytes (see [`push_prefix`]). `String::push_str`
//! hands each to glibc's `memcpy`, which sorts the length into size
//! classes by a chain of branches shared by every caller; with lengths
//! that vary from one copy to the next they mispredicted (a fifth of a
//! parse's conditional mispredicts, most of them on these short copies:
//! docs/performance-log.md, 2026-11-24, branch `pvalue`). When the input
//! has [`SHORT`] bytes from the string's start, and the string is
//! shorter than that, one fixed-size copy of [`SHORT`] bytes moves it,
//! without a branch on its length: the bytes past its end land in the
//! destination's spare capacity, where they are not part of the string.
//!
//! The module holds the crate's only `unsafe` for copies: writing into a
//! `String`'s spare capacity has no safe form.
#![allow(unsafe_code)]

/// The length up to which a copy takes the fixed-size path, and the size
/// of that copy (two 16-byte moves, written out in [`push_from`]).
pub(crate) const SHORT: usize = 32;

/// Appends `source[start..end]` to `dst` (panics, as slicing does, when
/// the range is out of bounds or not on character boundaries).
///
/// The fixed-size path takes strings shorter than [`SHORT`] bytes whose
/// source has [`SHORT`] bytes from `start`: then both ends lie inside that
/// window, so its two boundary tests are plain byte loads (a byte that is
/// no UTF-8 continuation byte starts a character), combined without a
/// branch between them. `&source[start..end]`, which the other path takes,
/// would test each end against 0 and the length first (eight conditional
/// branches per copy, most of the cost of a short name's copy).
#[inline(always)]
pub(crate) fn push_from(dst: &mut String, source: &str, start: usize, end: usize) {
    let bytes = source.as_bytes();
    // `end < start` wraps to a length of at least `SHORT`.
    let len = end.wrapping_sub(start);
    if let Some(window) = bytes.get(start..).and_then(<[u8]>::first_chunk::<SHORT>) {
        if len < SHORT && starts_character(window[0]) & starts_character(window[len]) {
            dst.reserve(SHORT);
            // SAFETY: `window` is `SHORT` readable bytes of `source` from
            // `start`, and `dst` has room for `SHORT` more bytes after its
            // length (reserved just above). The two cannot overlap: `dst` is
            // borrowed mutably, `source` shared. The new length adds `len`
            // bytes, `window[..len]`: `source[start..end]`, both of whose
            // ends start a character (tested above; `end < start + SHORT`
            // lies in the window), so `dst` stays UTF-8; the bytes copied
            // past them lie in the spare capacity, outside the string.
            unsafe {
                let bytes = dst.as_mut_vec();
                let old_len = bytes.len();
                let (from, to) = (window.as_ptr(), bytes.as_mut_ptr().add(old_len));
                // Two 16-byte loads and stores rather than `copy_nonoverlapping`:
                // LLVM merged a fixed-size copy with the `push_str` of the other
                // branch into one call of `memcpy` with the size selected (the
                // tag name state did, a call per tag).
                let halves = [from.cast::<u128>().read_unaligned(), from.add(16).cast::<u128>().read_unaligned()];
                to.cast::<u128>().write_unaligned(halves[0]);
                to.add(16).cast::<u128>().write_unaligned(halves[1]);
                bytes.set_len(old_len + len);
            }
            return;
        }
    }
    dst.push_str(&source[start..end]);
}

/// The length under which [`push_prefix`] copies text by one fixed-size
/// copy, and the size of that copy (four 16-byte moves). Runs of text are
/// longer than names and values: most whitespace runs between tags are a
/// line feed and up to 60 bytes of indentation.
pub(crate) const SHORT_TEXT: usize = 64;

/// The [`SHORT_TEXT`] bytes that `text_and_after` starts with, when it
/// starts where `text` does (the same bytes, not only equal ones) and
/// `text` is shorter than that: [`push_prefix`] then copies `text` from
/// them.
#[inline(always)]
pub(crate) fn prefix_window<'a>(text: &str, text_and_after: &'a str) -> Option<&'a [u8; SHORT_TEXT]> {
    let window = text_and_after.as_bytes().first_chunk::<SHORT_TEXT>()?;
    // One branch for both tests.
    ((text.len() < SHORT_TEXT) & (text.as_ptr() == window.as_ptr())).then_some(window)
}

/// Appends `text` to `dst` by one fixed-size copy of `window`, which
/// [`prefix_window`] gave for `text`: the bytes past `text` land in the
/// spare capacity of `dst` (reserved), outside the string.
#[inline(always)]
pub(crate) fn push_prefix(dst: &mut String, text: &str, window: &[u8; SHORT_TEXT]) {
    // What `prefix_window` tested (folded away after it).
    assert!(text.len() < SHORT_TEXT && text.as_ptr() == window.as_ptr());
    dst.reserve(SHORT_TEXT);
    // SAFETY: `window` is `SHORT_TEXT` readable bytes and `dst` has room
    // for `SHORT_TEXT` more bytes after its length (reserved just above);
    // they do not overlap (`dst` is borrowed mutably, `window` shared). The
    // new length adds `text.len()` bytes, `window[..text.len()]`: `window`
    // starts at `text`'s first byte and is longer than `text` (asserted),
    // so those bytes are `text`'s own, a `str`, and `dst` stays UTF-8.
    unsafe {
        let bytes = dst.as_mut_vec();
        let old_len = bytes.len();
        let (from, to) = (window.as_ptr(), bytes.as_mut_ptr().add(old_len));
        // Four 16-byte loads and stores, written out (see `push_from`).
        let quarters = [
            from.cast::<u128>().read_unaligned(),
            from.add(16).cast::<u128>().read_unaligned(),
            from.add(32).cast::<u128>().read_unaligned(),
            from.add(48).cast::<u128>().read_unaligned(),
        ];
        to.cast::<u128>().write_unaligned(quarters[0]);
        to.add(16).cast::<u128>().write_unaligned(quarters[1]);
        to.add(32).cast::<u128>().write_unaligned(quarters[2]);
        to.add(48).cast::<u128>().write_unaligned(quarters[3]);
        bytes.set_len(old_len + text.len());
    }
}

/// Whether a string may start (or end) before this byte: it is no UTF-8
/// continuation byte (`0b10xx_xxxx`), as `str::is_char_boundary` tests.
#[inline(always)]
fn starts_character(byte: u8) -> bool {
    (byte as i8) >= -0x40
}

/// The length up to which [`push_str`] copies without `memcpy`.
const SHORT_STR: usize = 32;

/// Appends `text` to `dst`: up to [`SHORT_STR`] bytes by two overlapping
/// moves of the largest power of two the length holds (16, 8, 4 bytes, or
/// three single bytes), inline where it is called, so that the branches
/// on the length are the caller's own; longer texts by `memcpy`. For
/// strings whose source has no room to read past them (the tree builder's
/// frozen attributes).
#[inline(always)]
pub(crate) fn push_str(dst: &mut String, text: &str) {
    let n = text.len();
    if n > SHORT_STR || n == 0 {
        dst.push_str(text);
        return;
    }
    dst.reserve(n);
    // SAFETY: `dst` has room for `n` more bytes after its length (reserved
    // just above), and every move below reads within `text` (`n` bytes)
    // and writes within `len..len + n` of `dst`: each pair covers `0..n`,
    // a move of `k` bytes being used only when `k <= n < 2k`. `dst` is
    // borrowed mutably and `text` shared, so they do not overlap. The new
    // bytes are a copy of `text`, a `str`: `dst` stays UTF-8.
    unsafe {
        let bytes = dst.as_mut_vec();
        let len = bytes.len();
        let (src, out) = (text.as_ptr(), bytes.as_mut_ptr().add(len));
        let pair = |k: usize| {
            std::ptr::copy_nonoverlapping(src, out, k);
            std::ptr::copy_nonoverlapping(src.add(n - k), out.add(n - k), k);
        };
        if n >= 16 {
            pair(16);
        } else if n >= 8 {
            pair(8);
        } else if n >= 4 {
            pair(4);
        } else {
            *out = *src;
            *out.add(n / 2) = *src.add(n / 2);
            *out.add(n - 1) = *src.add(n - 1);
        }
        bytes.set_len(len + n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_every_length_at_every_distance_from_the_end() {
        let source: String = "abcdefghijklmnopqrstuvwxyz0123456789\u{e9}\u{1F600}ABCDEFGHIJKLMNOPQRSTUVWXYZ".repeat(2);
        for start in (0..=source.len()).filter(|&i| source.is_char_boundary(i)) {
            for end in (start..=source.len()).filter(|&i| source.is_char_boundary(i)) {
                let mut dst = String::from("x");
                push_from(&mut dst, &source, start, end);
                push_from(&mut dst, &source, start, end);
                let expected = format!("x{0}{0}", &source[start..end]);
                assert_eq!(dst, expected, "{start}..{end}");
            }
        }
    }

    #[test]
    fn short_strings_are_copied_whole() {
        let source: String = "abcdefghijklmnopqrstuvwxyz0123456789\u{e9}\u{1F600}ABCDEFGHIJKLMNOPQRSTUVWXYZ".repeat(2);
        for start in (0..=source.len()).filter(|&i| source.is_char_boundary(i)) {
            for end in (start..=source.len()).filter(|&i| source.is_char_boundary(i)) {
                let mut dst = String::from("x");
                push_str(&mut dst, &source[start..end]);
                push_str(&mut dst, &source[start..end]);
                assert_eq!(dst, format!("x{0}{0}", &source[start..end]), "{start}..{end}");
            }
        }
    }

    #[test]
    fn a_range_copies_exactly_when_slicing_would_succeed() {
        // Every range, also those that end inside a character or past the
        // end, or start after their end: copied as slicing copies, or a
        // panic where slicing panics.
        let source = "ab\u{e9}cd\u{1F600}efghijklmnopqrstuvwxyz0123456789\u{e9}ABCDEFGH\u{20AC}";
        for start in 0..=source.len() + 2 {
            for end in 0..=source.len() + 2 {
                let copied = std::panic::catch_unwind(|| {
                    let mut dst = String::from("x");
                    push_from(&mut dst, source, start, end);
                    dst
                });
                match source.get(start..end) {
                    Some(text) => assert_eq!(copied.ok(), Some(format!("x{text}")), "{start}..{end}"),
                    None => assert!(copied.is_err(), "{start}..{end}"),
                }
            }
        }
    }

    #[test]
    fn text_is_copied_from_its_window_only_when_the_window_holds_it() {
        let input: String = "abcdefghijklmnopqrstuvwxyz0123456789\u{e9}\u{1F600}ABCDEFGHIJKLMNOPQRSTUVWXYZ".repeat(2);
        for start in (0..=input.len()).filter(|&i| input.is_char_boundary(i)) {
            for end in (start..=input.len()).filter(|&i| input.is_char_boundary(i)) {
                let text = &input[start..end];
                let window = prefix_window(text, &input[start..]);
                assert_eq!(window.is_some(), text.len() < SHORT_TEXT && input.len() - start >= SHORT_TEXT);
                let mut dst = String::from("x");
                if let Some(window) = window {
                    push_prefix(&mut dst, text, window);
                    push_prefix(&mut dst, text, window);
                    assert_eq!(dst, format!("x{text}{text}"), "{start}..{end}");
                }
                // Equal bytes elsewhere are not the text's own.
                let copy = input.clone();
                assert!(prefix_window(text, &copy[start..]).is_none());
                if let Some(before) = (0..start).rev().find(|&i| input.is_char_boundary(i)) {
                    assert!(prefix_window(text, &input[before..]).is_none());
                }
            }
        }
    }

    #[test]
    #[should_panic]
    fn a_range_inside_a_character_panics() {
        let mut dst = String::new();
        push_from(&mut dst, "\u{e9}tude and more than thirty-two bytes of input", 1, 4);
    }
}
