/// A name as two words that hold every one of its bytes when it is at
/// most 16 bytes long: the first and last 8 bytes (overlapping when
/// shorter than 16), the first and last 4 (shorter than 8), or the first,
/// middle and last byte (shorter than 4). Reading them costs the same few
/// instructions whatever the length, and comparing two names of at most 16
/// bytes is comparing their lengths and words.
#[inline]
pub fn name_words(bytes: &[u8]) -> [u64; 2] {
    let n = bytes.len();
    if n >= 8 {
        let (mut first, mut last) = ([0u8; 8], [0u8; 8]);
        first.copy_from_slice(&bytes[..8]);
        last.copy_from_slice(&bytes[n - 8..]);
        [u64::from_le_bytes(first), u64::from_le_bytes(last)]
    } else if n >= 4 {
        let (mut first, mut last) = ([0u8; 4], [0u8; 4]);
        first.copy_from_slice(&bytes[..4]);
        last.copy_from_slice(&bytes[n - 4..]);
        [u64::from(u32::from_le_bytes(first)), u64::from(u32::from_le_bytes(last))]
    } else if n > 0 {
        [u64::from(bytes[0]) | u64::from(bytes[n / 2]) << 8 | u64::from(bytes[n - 1]) << 16, 0]
    } else {
        [0, 0]
    }
}

/// The hash of a name for the names table's perfect hash, from its length
/// and words (names longer than 16 bytes also mix in their middle 8
/// bytes, which some known names differ in).
#[inline]
pub fn name_hash(bytes: &[u8], words: [u64; 2]) -> u64 {
    let n = bytes.len();
    let mut mixed = words[0] ^ words[1].rotate_left(29) ^ (n as u64).rotate_right(7);
    if n > 16 {
        let mut middle = [0u8; 8];
        middle.copy_from_slice(&bytes[n / 2 - 4..n / 2 + 4]);
        mixed ^= u64::from_le_bytes(middle).rotate_left(47);
    }
    mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The slot of a name whose [`name_hash`] is `hash`, given the seed of its
/// bucket.
#[inline]
pub fn name_slot(hash: u64, seed: u32, slot_bits: u32) -> usize {
    let high = (hash >> 32) as u32;
    ((high ^ seed).wrapping_mul(0x2C1B_3C6D) >> (32 - slot_bits)) as usize
}

/// The bucket of a name whose [`name_hash`] is `hash`: its top 8 bits.
#[inline]
pub fn name_bucket(hash: u64) -> usize {
    (hash >> 56) as usize
}
