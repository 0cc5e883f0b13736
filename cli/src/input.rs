//! Reading a verb's input document: a file, or stdin for `-`.

use std::io::Read;

/// The text of `path` (`-`: stdin). Encoding sniffing is not the CLI's
/// job yet: the bytes are decoded as UTF-8 (a leading byte order mark
/// removed, as the spec's decode does; invalid sequences replaced).
pub fn read(path: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("stdin: {e}"))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    Ok(String::from_utf8_lossy(bytes).into_owned())
}
