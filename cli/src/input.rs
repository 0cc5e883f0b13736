//! Reading a verb's input document: a file, or stdin for `-`.

use std::io::Read;

use htmlforge::encoding::{decode, sniff, SniffOptions};

/// The text of `path` (`-`: stdin): the bytes decoded as the encoding
/// sniffing algorithm says (the decoder removes a byte order mark and
/// turns malformed sequences into U+FFFD).
pub fn read(path: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("stdin: {e}"))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    }
    let sniffed = sniff(&bytes, &SniffOptions::default());
    Ok(decode(&bytes, sniffed.encoding).0.into_owned())
}
