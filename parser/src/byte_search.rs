//! Searches for the first of one to three bytes, for the runs of the
//! tokenizer's fast paths and the tree builder's text runs.

/// The first of the stop bytes in `haystack`. The haystack is often long
/// (the rest of the input), so `memchr` takes its AVX2 path after a
/// dispatch through a function pointer, yet most runs end within a few
/// bytes (the whitespace between two tags, an attribute value): on x86-64
/// the SSE2 searcher (always present there), inlined, costs less per run.
#[inline(always)]
pub(crate) fn find1(a: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(finder) = memchr::arch::x86_64::sse2::memchr::One::new(a) {
        return finder.find(haystack);
    }
    memchr::memchr(a, haystack)
}

/// [`find1`] for two stop bytes.
#[inline(always)]
pub(crate) fn find2(a: u8, b: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(finder) = memchr::arch::x86_64::sse2::memchr::Two::new(a, b) {
        return finder.find(haystack);
    }
    memchr::memchr2(a, b, haystack)
}

/// [`find1`] for three stop bytes.
#[inline(always)]
pub(crate) fn find3(a: u8, b: u8, c: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(finder) = memchr::arch::x86_64::sse2::memchr::Three::new(a, b, c) {
        return finder.find(haystack);
    }
    memchr::memchr3(a, b, c, haystack)
}
