//! Counts of markup in an input, before it is parsed, to size the DOM's
//! node arena and attribute list (`parse::document_sized_for`).

/// What the node and attribute counts of an input follow most closely,
/// counted on pairs of bytes: a `<` not followed by `/` opens a start tag,
/// a comment or a DOCTYPE (a node each), a `>` not followed by `<` closes
/// a tag before text (a text node, most of the time), and `=` followed by a
/// quote is an attribute's value. The web corpus's pages have 0.85–1.01
/// times the nodes counted between the 10th and 90th percentiles (against
/// 1.14–1.45 nodes per `<`), the documentation pages 0.93–1.03 (0.94–1.25
/// per `<`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MarkupCounts {
    pub nodes: usize,
    pub attributes: usize,
}

impl MarkupCounts {
    /// The counts of `input`, or of an eighth of it scaled up: past
    /// [`SAMPLED_FROM`] bytes, one block in eight is counted (the estimates
    /// need no more, and the count is a pass over the input).
    pub fn of(input: &[u8]) -> MarkupCounts {
        let step = if input.len() < SAMPLED_FROM { 1 } else { 8 };
        // The blocks whose pairs all lie in the input (each block's last
        // pair reads the next block's first byte).
        let blocks = input.len().saturating_sub(1) / COUNT_BLOCK;
        let sampled = sampled_blocks(input, blocks, step);
        let rest = of_pairs(&input[blocks * COUNT_BLOCK..]);
        MarkupCounts {
            nodes: sampled.nodes * step + rest.nodes,
            attributes: sampled.attributes * step + rest.attributes,
        }
    }
}

/// The counts of blocks `0, step, 2 × step, …` below `blocks`, each
/// [`COUNT_BLOCK`] pairs (and the next block's first byte) of `input`.
fn sampled_blocks(input: &[u8], blocks: usize, step: usize) -> MarkupCounts {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `sampled_blocks_avx2` only requires that the CPU supports
        // AVX2, which was just checked.
        #[allow(unsafe_code)]
        return unsafe { sampled_blocks_avx2(input, blocks, step) };
    }
    sampled_blocks_baseline(input, blocks, step)
}

/// [`sampled_blocks`] in code for any CPU (on x86-64, SSE2 from the
/// compiler's vectorizer: about 1.5 instructions per byte counted).
fn sampled_blocks_baseline(input: &[u8], blocks: usize, step: usize) -> MarkupCounts {
    let (mut nodes, mut attributes) = (0, 0);
    for block in (0..blocks).step_by(step) {
        let Some(window) = input[block * COUNT_BLOCK..].first_chunk::<{ COUNT_BLOCK + 1 }>() else { break };
        let counts = of_pairs(window);
        nodes += counts.nodes;
        attributes += counts.attributes;
    }
    MarkupCounts { nodes, attributes }
}

/// [`sampled_blocks`] in AVX2 code: each 32 bytes compared with the three
/// markup bytes, and the same 32 bytes one further on (a second unaligned
/// load) with the bytes that follow them; sixteen instructions per 32
/// bytes, about a third of the compiler's SSE2 code for [`of_pairs`]
/// (docs/performance-log.md, 2026-11-24, branch `pfeed`).
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[target_feature(enable = "avx2")]
unsafe fn sampled_blocks_avx2(input: &[u8], blocks: usize, step: usize) -> MarkupCounts {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256,
        _mm256_or_si256, _mm256_sad_epu8, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_storeu_si256, _mm256_sub_epi8,
    };
    const GROUP: usize = 32;
    // SAFETY (every load below): `group` is 32 readable bytes, and the
    // load is unaligned.
    let load = |group: &[u8; GROUP]| unsafe { _mm256_loadu_si256(group.as_ptr().cast::<__m256i>()) };
    let byte = |b: u8| _mm256_set1_epi8(b as i8);
    let (less, greater, equals, slash, quote, apostrophe) =
        (byte(b'<'), byte(b'>'), byte(b'='), byte(b'/'), byte(b'"'), byte(b'\''));
    let zero = _mm256_setzero_si256();
    let (mut node_sums, mut attribute_sums) = (zero, zero);
    for block in (0..blocks).step_by(step) {
        let Some(window) = input[block * COUNT_BLOCK..].first_chunk::<{ COUNT_BLOCK + 1 }>() else { break };
        // Per lane at most one of each per register of the block: the
        // counts fit a byte.
        let (mut nodes, mut attributes) = (zero, zero);
        for index in 0..COUNT_BLOCK / GROUP {
            let at = index * GROUP;
            let v = load(window[at..].first_chunk().expect("within the window"));
            let next = load(window[at + 1..].first_chunk().expect("within the window"));
            // Compare masks are -1 where true: subtracting one adds one.
            let opens = _mm256_andnot_si256(_mm256_cmpeq_epi8(next, slash), _mm256_cmpeq_epi8(v, less));
            let closes = _mm256_andnot_si256(_mm256_cmpeq_epi8(next, less), _mm256_cmpeq_epi8(v, greater));
            let quoted = _mm256_or_si256(_mm256_cmpeq_epi8(next, quote), _mm256_cmpeq_epi8(next, apostrophe));
            nodes = _mm256_sub_epi8(_mm256_sub_epi8(nodes, opens), closes);
            attributes = _mm256_sub_epi8(attributes, _mm256_and_si256(_mm256_cmpeq_epi8(v, equals), quoted));
        }
        node_sums = _mm256_add_epi64(node_sums, _mm256_sad_epu8(nodes, zero));
        attribute_sums = _mm256_add_epi64(attribute_sums, _mm256_sad_epu8(attributes, zero));
    }
    let total = |sums: __m256i| {
        let mut lanes = [0u64; 4];
        // SAFETY: `lanes` is 32 writable bytes; the store is unaligned.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), sums) };
        // At most the input's length: fits a `usize`.
        lanes.iter().sum::<u64>() as usize
    };
    MarkupCounts { nodes: total(node_sums), attributes: total(attribute_sums) }
}

/// The counts of the pairs of at most [`COUNT_BLOCK`] + 1 bytes, in
/// byte-wide counters that cannot overflow (one per pair at most), so
/// that the loop vectorizes; on a window of that fixed length, with no
/// tail.
#[inline(always)]
fn of_pairs(bytes: &[u8]) -> MarkupCounts {
    debug_assert!(bytes.len() <= COUNT_BLOCK + 1);
    let (mut nodes, mut attributes) = (0u8, 0u8);
    let next = bytes.get(1..).unwrap_or_default();
    for (&byte, &after) in bytes.iter().zip(next) {
        nodes += u8::from((byte == b'<') & (after != b'/')) + u8::from((byte == b'>') & (after != b'<'));
        attributes += u8::from((byte == b'=') & ((after == b'"') | (after == b'\'')));
    }
    MarkupCounts { nodes: usize::from(nodes), attributes: usize::from(attributes) }
}

/// The pairs of bytes [`MarkupCounts`] counts at a time: a multiple of 64,
/// under 256.
pub(crate) const COUNT_BLOCK: usize = 192;

/// The input length from which [`MarkupCounts`] counts one block in eight.
pub(crate) const SAMPLED_FROM: usize = 16 * 1024;

#[cfg(test)]
mod tests {
    use super::{of_pairs, sampled_blocks, sampled_blocks_baseline, MarkupCounts, COUNT_BLOCK, SAMPLED_FROM};

    #[test]
    fn markup_is_counted_on_pairs_of_bytes() {
        // `<p`, `>x`, `<!`: three nodes (the end tag opens none, `><`
        // closes a tag before no text, the last `>` ends the input); one
        // quoted value (`=a` is unquoted, `= "` is not a pair).
        let counts = MarkupCounts::of(b"<p class=\"c\" id=a title = \"t\">x</p><!--c-->");
        assert_eq!((counts.nodes, counts.attributes), (3, 1));
    }

    #[test]
    fn long_inputs_are_sampled_and_scaled() {
        // One node per 8 bytes (`<b>text ` has `<b` and `>t`: two per 8).
        let input = "<b>text ".repeat(SAMPLED_FROM / 8 * 4);
        let counts = MarkupCounts::of(input.as_bytes());
        let exact = input.len() / 4;
        // One block in eight, times eight: off by at most a block's share.
        assert!(counts.nodes.abs_diff(exact) <= exact * 8 * COUNT_BLOCK / input.len(), "{}", counts.nodes);
    }

    /// The dispatched count (AVX2 where the CPU has it) and the baseline
    /// count agree with the pairs counted one by one, wherever a pair
    /// falls: inside a register, across two registers, across two blocks.
    #[test]
    fn every_count_agrees_with_the_pairs_one_by_one() {
        let pieces: [&[u8]; 9] = [b"<", b"/", b">", b"=", b"\"", b"'", b"a", b"<<", b"=>"];
        let mut input = Vec::new();
        for i in 0..COUNT_BLOCK * 10 {
            input.extend_from_slice(pieces[(i * 7 + i / 3 + i / 11) % pieces.len()]);
        }
        for len in [0, 1, 31, 32, 33, COUNT_BLOCK, COUNT_BLOCK + 1, COUNT_BLOCK * 3 + 17, input.len()] {
            let input = &input[..len];
            let blocks = len.saturating_sub(1) / COUNT_BLOCK;
            for step in [1, 2, 8] {
                let mut expected = MarkupCounts { nodes: 0, attributes: 0 };
                for block in (0..blocks).step_by(step) {
                    let counts = of_pairs(&input[block * COUNT_BLOCK..][..COUNT_BLOCK + 1]);
                    expected.nodes += counts.nodes;
                    expected.attributes += counts.attributes;
                }
                let one_by_one = input[..(blocks * COUNT_BLOCK + 1).min(len)]
                    .windows(2)
                    .enumerate()
                    .filter(|(at, _)| (at / COUNT_BLOCK) % step == 0)
                    .fold(MarkupCounts { nodes: 0, attributes: 0 }, |mut counts, (_, pair)| {
                        counts.nodes += usize::from(matches!(pair, [b'<', after] if *after != b'/'))
                            + usize::from(matches!(pair, [b'>', after] if *after != b'<'));
                        counts.attributes += usize::from(matches!(pair, [b'=', b'"' | b'\'']));
                        counts
                    });
                assert_eq!(expected, one_by_one, "{len} bytes, one block in {step}");
                assert_eq!(sampled_blocks(input, blocks, step), expected, "{len} bytes, one block in {step}");
                assert_eq!(sampled_blocks_baseline(input, blocks, step), expected, "{len} bytes, one block in {step}");
            }
        }
    }
}
