//! Searches for the first of one to three bytes, for the runs of the
//! tokenizer's fast paths and the tree builder's text runs, and for the
//! end of a run over a table of stop bytes (the tokenizer's name runs).
//!
//! On x86-64 both test sixteen bytes at a time with SSE2 intrinsics
//! (`sse2_equal`, `sse2_flags`), the module's only `unsafe`: Rust requires
//! it for them outside a `target_feature` function, although every x86-64
//! CPU has SSE2.

/// The first of the stop bytes in `haystack`. Most runs end within a few
/// bytes (the whitespace between two tags, an attribute value), yet the
/// haystack is the rest of the input: on x86-64 its first
/// [`INLINE_CHUNKS`] sixteen-byte chunks are tested inline by SSE2 (always
/// present there), and only a run that goes on past them pays for
/// `memchr`'s call, which takes its AVX2 loop (64 bytes a turn) over long
/// runs of text.
#[inline(always)]
pub(crate) fn find1(a: u8, haystack: &[u8]) -> Option<usize> {
    search(haystack, [a], |rest| memchr::memchr(a, rest))
}

/// [`find1`] for two stop bytes.
#[inline(always)]
pub(crate) fn find2(a: u8, b: u8, haystack: &[u8]) -> Option<usize> {
    search(haystack, [a, b], |rest| memchr::memchr2(a, b, rest))
}

/// [`find1`] for three stop bytes.
#[inline(always)]
pub(crate) fn find3(a: u8, b: u8, c: u8, haystack: &[u8]) -> Option<usize> {
    search(haystack, [a, b, c], |rest| memchr::memchr3(a, b, c, rest))
}

/// How many sixteen-byte chunks of a haystack [`find1`] tests inline: on
/// the web pages half of the text runs and attribute values end in the
/// first, nine tenths within four (docs/performance-log.md, branch
/// `pcheck`: eight chunks saved few more instructions and mispredicted
/// more).
const INLINE_CHUNKS: usize = 4;

/// The first of `stops` in `haystack`: [`INLINE_CHUNKS`] chunks inline,
/// then `memchr_rest` over the rest.
#[inline(always)]
fn search<const N: usize>(
    haystack: &[u8],
    stops: [u8; N],
    memchr_rest: impl FnOnce(&[u8]) -> Option<usize>,
) -> Option<usize> {
    let found = search_uncounted(haystack, stops, memchr_rest);
    crate::cost::step!("byte_search::find", found.map_or(haystack.len(), |at| at + 1));
    found
}

#[inline(always)]
fn search_uncounted<const N: usize>(
    haystack: &[u8],
    stops: [u8; N],
    memchr_rest: impl FnOnce(&[u8]) -> Option<usize>,
) -> Option<usize> {
    let mut at = 0;
    #[cfg(target_arch = "x86_64")]
    for _ in 0..INLINE_CHUNKS {
        let Some(chunk) = haystack.get(at..).and_then(<[u8]>::first_chunk::<16>) else { break };
        let found = sse2_equal(chunk, stops);
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize);
        }
        at += 16;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = stops;
    memchr_rest(&haystack[at..]).map(|found| at + found)
}

/// Where a run of bytes that `stops` does not hold ends: at the first byte
/// `stops` holds, or earlier, at a byte that only the vector test flags
/// (callers treat that byte as its state's own cases would: the run is
/// just shorter). Every byte of `stops` must be at most 0x20, an ASCII
/// upper-case letter (when `upper`), or one of `extra`; on x86-64 those
/// are flagged sixteen bytes at a time (SSE2, always present there), and a
/// rest shorter than sixteen bytes is looked up in `stops` byte by byte.
/// The runs this serves (tag and attribute names, unquoted values) are
/// short and mostly end in their first sixteen bytes, where a byte loop's
/// exit branch is taken after a different number of bytes each time.
#[inline(always)]
pub(crate) fn find_run_end<const N: usize>(
    haystack: &[u8],
    stops: &[bool; 256],
    upper: bool,
    extra: [u8; N],
) -> Option<usize> {
    let found = run_end_uncounted(haystack, stops, upper, extra);
    crate::cost::step!("byte_search::run_end", found.map_or(haystack.len(), |at| at + 1));
    found
}

#[inline(always)]
fn run_end_uncounted<const N: usize>(
    haystack: &[u8],
    stops: &[bool; 256],
    upper: bool,
    extra: [u8; N],
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        // Not `chunks_exact`: its set-up cost more than the one chunk
        // most runs take.
        let mut at = 0;
        while let Some(chunk) = haystack.get(at..).and_then(<[u8]>::first_chunk::<16>) {
            let flagged = sse2_flags(chunk, upper, extra);
            if flagged != 0 {
                return Some(at + flagged.trailing_zeros() as usize);
            }
            at += 16;
        }
        haystack[at..].iter().position(|&b| stops[usize::from(b)]).map(|found| at + found)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (upper, extra);
        haystack.iter().position(|&b| stops[usize::from(b)])
    }
}

/// A bit per byte of `chunk` that is at most 0x20, an ASCII upper-case
/// letter (when `upper`), or one of `extra`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
fn sse2_flags<const N: usize>(chunk: &[u8; 16], upper: bool, extra: [u8; N]) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
        _mm_sub_epi8,
    };
    // SAFETY: SSE2 is part of x86-64, so its intrinsics run on every CPU
    // this code is compiled for; the load reads the 16 bytes of `chunk`,
    // unaligned.
    unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
        // Unsigned `b <= limit` as `min(b, limit) == b`.
        let mut flagged = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x20)), v);
        if upper {
            let from_a = _mm_sub_epi8(v, _mm_set1_epi8(b'A' as i8));
            flagged = _mm_or_si128(flagged, _mm_cmpeq_epi8(_mm_min_epu8(from_a, _mm_set1_epi8(25)), from_a));
        }
        _mm_movemask_epi8(_mm_or_si128(flagged, sse2_equal_mask(v, extra))) as u32
    }
}

/// A bit per byte of `chunk` that is one of `bytes`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
fn sse2_equal<const N: usize>(chunk: &[u8; 16], bytes: [u8; N]) -> u32 {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8};
    // SAFETY: SSE2 is part of x86-64, so its intrinsics run on every CPU
    // this code is compiled for; the load reads the 16 bytes of `chunk`,
    // unaligned.
    unsafe { _mm_movemask_epi8(sse2_equal_mask(_mm_loadu_si128(chunk.as_ptr().cast::<__m128i>()), bytes)) as u32 }
}

/// All ones in each byte of `v` that is one of `bytes` (for [`sse2_equal`]
/// and [`sse2_flags`]' extra stop bytes).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code)]
fn sse2_equal_mask<const N: usize>(v: std::arch::x86_64::__m128i, bytes: [u8; N]) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_or_si128, _mm_set1_epi8, _mm_setzero_si128};
    // SAFETY: SSE2 is part of x86-64, so its intrinsics run on every CPU
    // this code is compiled for; they only compute on registers.
    unsafe {
        let mut flagged = _mm_setzero_si128();
        for byte in bytes {
            flagged = _mm_or_si128(flagged, _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8)));
        }
        flagged
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tag name state's stop bytes, as the generator makes them.
    fn tag_name_stops() -> [bool; 256] {
        let mut stops = [false; 256];
        for b in [0x00, b'\t', b'\n', 0x0C, b' ', b'/', b'>'].into_iter().chain(b'A'..=b'Z') {
            stops[usize::from(b)] = true;
        }
        stops
    }

    #[test]
    fn the_searches_find_the_first_stop_byte() {
        // One or two stops at every position of haystacks around the
        // sixteen bytes tested inline, in filler that shares bits with them.
        let naive = |stops: &[u8], hay: &[u8]| hay.iter().position(|b| stops.contains(b));
        for len in 0..72 {
            for filler in [b'a', 0x80, b'<' ^ 0x20, 0xFF] {
                let mut hay = vec![filler; len];
                for first in 0..=len {
                    for second in [first, first + 1, 15, 16, 17, 31, 32, 33, 48, len.saturating_sub(1)] {
                        for (at, stop) in [(second, b'&'), (first, b'<')] {
                            if at < len {
                                hay[at] = stop;
                            }
                        }
                        assert_eq!(find1(b'<', &hay), naive(b"<", &hay), "{len} {first} {second}");
                        assert_eq!(find1(b'&', &hay), naive(b"&", &hay), "{len} {first} {second}");
                        assert_eq!(find2(0x00, b'<', &hay), naive(b"\0<", &hay), "{len} {first} {second}");
                        assert_eq!(find2(b'"', b'&', &hay), naive(b"\"&", &hay), "{len} {first} {second}");
                        assert_eq!(find3(0x00, b'&', b'<', &hay), naive(b"\0&<", &hay), "{len} {first} {second}");
                        assert_eq!(find3(b'"', b'\'', b'&', &hay), naive(b"\"'&", &hay), "{len} {first} {second}");
                        hay.fill(filler);
                    }
                }
            }
        }
    }

    #[test]
    fn a_run_ends_at_the_first_stop_or_at_an_earlier_flagged_byte() {
        let stops = tag_name_stops();
        let flagged = |b: u8| b <= 0x20 || b.is_ascii_uppercase() || b == b'/' || b == b'>';
        for filler in [b'a', 0x01, 0x1F, 0x7F, 0xC3] {
            for len in 0..50 {
                let mut hay = vec![filler; len];
                for at in 0..=len {
                    for stop in [b'>', b'Q', b' ', 0x00, b'/'] {
                        if at < len {
                            hay[at] = stop;
                        }
                        let end = find_run_end(&hay, &stops, true, [b'/', b'>']);
                        // The stop, or a flagged filler before it in the
                        // sixteen-byte chunks (the rest goes by the table).
                        let first_stop = hay.iter().position(|&b| stops[usize::from(b)]);
                        let chunked = len - len % 16;
                        let first_flagged = hay[..chunked].iter().position(|&b| flagged(b));
                        let expected = match (first_flagged, first_stop) {
                            (Some(f), Some(s)) => Some(f.min(s)),
                            (Some(f), None) => Some(f),
                            (None, s) => s,
                        };
                        assert_eq!(end, expected, "{filler:#x} {len} {stop:#x} at {at}");
                        if at < len {
                            hay[at] = filler;
                        }
                    }
                }
            }
        }
        // Without the upper-case range: letters are neither flagged nor stops.
        let mut no_upper = stops;
        no_upper[usize::from(b'A')..=usize::from(b'Z')].fill(false);
        assert_eq!(find_run_end(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ>", &no_upper, false, [b'/', b'>']), Some(26));
    }
}
