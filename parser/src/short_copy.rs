//! Short string copies without a call to `memcpy`.
//!
//! Most strings the tokenizer copies out of its input are a few bytes:
//! tag and attribute names, most attribute values. `String::push_str`
//! hands each to glibc's `memcpy`, which sorts the length into size
//! classes by a chain of branches shared by every caller; with lengths
//! that vary from one copy to the next they mispredicted (a fifth of a
//! parse's conditional mispredicts, most of them on these short copies:
//! docs/performance-log.md, 2026-11-24, branch `pvalue`). When the input
//! has [`SHORT`] bytes from the string's start, and the string is no
//! longer than that, one fixed-size copy of [`SHORT`] bytes moves it,
//! without a branch on its length: the bytes past its end land in the
//! destination's spare capacity, where they are not part of the string.
//!
//! The module holds the crate's only `unsafe` for copies: writing into a
//! `String`'s spare capacity has no safe form.
#![allow(unsafe_code)]

/// The length up to which a copy takes the fixed-size path, and the size
/// of that copy (two 16-byte moves).
pub(crate) const SHORT: usize = 32;

/// Appends `source[start..end]` to `dst` (panics, as slicing does, when
/// the range is out of bounds or not on character boundaries).
#[inline(always)]
pub(crate) fn push_from(dst: &mut String, source: &str, start: usize, end: usize) {
    let text = &source[start..end];
    if text.len() <= SHORT && source.len() - start >= SHORT {
        dst.reserve(SHORT);
        // SAFETY: `source[start..start + SHORT]` is in bounds (tested just
        // above; `start <= source.len()` since the slicing succeeded), and
        // `dst` has room for `SHORT` more bytes after its length (reserved
        // just above). The two cannot overlap: `dst` is borrowed mutably,
        // `source` shared. The new length adds `text.len()` bytes, which
        // are a copy of `text`: a `str` cut on character boundaries (the
        // slicing checked them), so `dst` stays UTF-8; the bytes copied
        // past them lie in the spare capacity, outside the string.
        unsafe {
            let bytes = dst.as_mut_vec();
            let len = bytes.len();
            std::ptr::copy_nonoverlapping(source.as_ptr().add(start), bytes.as_mut_ptr().add(len), SHORT);
            bytes.set_len(len + text.len());
        }
    } else {
        dst.push_str(text);
    }
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
    #[should_panic]
    fn a_range_inside_a_character_panics() {
        let mut dst = String::new();
        push_from(&mut dst, "\u{e9}tude and more than thirty-two bytes of input", 1, 4);
    }
}
