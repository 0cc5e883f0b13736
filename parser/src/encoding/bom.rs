//! BOM sniffing, for a byte stream that may still be arriving.
//!
//! Spec: <https://encoding.spec.whatwg.org/#bom-sniff>, run as step 1 of
//! <https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm>

use encoding_rs::Encoding;

/// The longest byte order mark (UTF-8's), in bytes.
const LONGEST_BOM: usize = 3;

/// What BOM sniffing says about the bytes seen so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BomSniff {
    /// The stream starts with the BOM of this encoding, `len` bytes long.
    Bom { encoding: &'static Encoding, len: usize },
    /// The stream has no BOM.
    NoBom,
    /// Fewer than three bytes have arrived and the stream has not ended:
    /// the answer may still change.
    NeedMoreBytes,
}

/// BOM-sniffs `bytes`, the first bytes of the stream; `at_end` says that no
/// more bytes will come.
///
/// The spec peeks three bytes, so with fewer than three we wait, even when
/// two bytes already make a UTF-16 BOM: encoding_rs's `for_bom` (which holds
/// the table of BOMs) is only defined on three bytes or the whole stream.
pub(crate) fn bom_sniff(bytes: &[u8], at_end: bool) -> BomSniff {
    if bytes.len() < LONGEST_BOM && !at_end {
        return BomSniff::NeedMoreBytes;
    }
    match Encoding::for_bom(bytes) {
        Some((encoding, len)) => BomSniff::Bom { encoding, len },
        None => BomSniff::NoBom,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_for_three_bytes_unless_at_end() {
        assert_eq!(bom_sniff(b"\xEF\xBB", false), BomSniff::NeedMoreBytes);
        assert_eq!(bom_sniff(b"\xEF\xBB", true), BomSniff::NoBom);
        assert_eq!(bom_sniff(b"\xFF\xFE", true), BomSniff::Bom { encoding: encoding_rs::UTF_16LE, len: 2 });
        assert_eq!(bom_sniff(b"\xEF\xBB\xBFx", false), BomSniff::Bom { encoding: encoding_rs::UTF_8, len: 3 });
        assert_eq!(bom_sniff(b"\xFE\xFFx", false), BomSniff::Bom { encoding: encoding_rs::UTF_16BE, len: 2 });
        assert_eq!(bom_sniff(b"<ht", false), BomSniff::NoBom);
    }
}
