//! Bytes in at the command line: the `encoding` verb, and `--encoding` and
//! `--chunk-size` on the verbs that read a document.

mod common;

/// Runs the binary with `stdin` as its input; returns stdout and whether
/// it succeeded.
fn htmlforge(args: &[&str], stdin: &[u8]) -> (String, bool) {
    let run = common::run(args, stdin);
    (run.stdout, run.success)
}

/// A page whose `<meta charset=utf-8>` is past the prescan's 1024 bytes.
fn late_utf8_meta() -> Vec<u8> {
    let mut page = b"<!DOCTYPE html><head><!--".to_vec();
    page.extend(std::iter::repeat_n(b'-', 1500));
    page.extend_from_slice("--><meta charset=utf-8><title>caf\u{e9}</title><p>\u{65e5}\u{672c}".as_bytes());
    page
}

#[test]
fn encoding_names_the_encoding_and_how_it_was_found() {
    let cases: [(&[&str], &[u8], &str); 7] = [
        (&["encoding", "-"], b"<meta charset=utf-8><p>caf\xC3\xA9", "UTF-8 meta-prescan\n"),
        (&["encoding", "--no-detect", "-"], b"<p>caf\xE9", "windows-1252 default\n"),
        (&["encoding", "-"], b"<p>caf\xE9", "windows-1252 autodetect\n"),
        (&["encoding", "-"], b"\xFF\xFE<\x00p\x00>\x00", "UTF-16LE bom\n"),
        (&["encoding", "--encoding", "koi8-r", "-"], b"<meta charset=utf-8>", "KOI8-R transport\n"),
        (&["encoding", "-"], b"<?xml version='1.0' encoding='euc-jp'?><p>", "EUC-JP xml-declaration\n"),
        (&["encoding", "--encoding", "latin1", "-"], b"\xEF\xBB\xBF<p>", "UTF-8 bom\n"),
    ];
    for (args, input, expected) in cases {
        assert_eq!(htmlforge(args, input), (expected.to_string(), true), "{args:?} {input:?}");
    }
}

#[test]
fn encoding_reports_the_change_of_encoding() {
    let page = late_utf8_meta();
    assert_eq!(htmlforge(&["encoding", "--no-detect", "-"], &page), ("UTF-8 meta-in-head\n".to_string(), true));
    for size in ["1", "7", "100"] {
        assert_eq!(
            htmlforge(&["encoding", "--no-detect", "--chunk-size", size, "-"], &page),
            ("UTF-8 meta-in-head\n".to_string(), true)
        );
        // The bytes, examined whole, said UTF-8 before the meta did.
        assert_eq!(
            htmlforge(&["encoding", "--chunk-size", size, "-"], &page),
            ("UTF-8 autodetect\n".to_string(), true)
        );
    }
}

/// Unlabelled UTF-8 reads as UTF-8: the encoding is guessed from the bytes
/// (step 8 of the sniffing algorithm), as Firefox does for local files.
#[test]
fn unlabelled_utf8_is_detected_unless_told_not_to() {
    assert_eq!(htmlforge(&["text", "-"], "<p>café</p>\n".as_bytes()), ("café\n".to_string(), true));
    assert_eq!(htmlforge(&["text", "--no-detect", "-"], "<p>café</p>\n".as_bytes()).0, "cafÃ©\n");
    assert_eq!(htmlforge(&["text", "--chunk-size", "2", "-"], "<p>naïve café</p>".as_bytes()).0, "naïve café\n");
    let (tokens, _) = htmlforge(&["tokens", "-"], "caf\u{e9}".as_bytes());
    assert_eq!(tokens, "[\"Character\",\"caf\u{e9}\"]\n");
}

#[test]
fn encoding_reads_a_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/encoding/shift_jis.html");
    assert_eq!(htmlforge(&["encoding", path], b""), ("Shift_JIS meta-prescan\n".to_string(), true));
}

#[test]
fn tree_decodes_bytes_and_follows_the_meta() {
    let (tree, ok) = htmlforge(&["tree", "-"], &late_utf8_meta());
    assert!(ok);
    assert!(tree.contains("\"caf\u{e9}\"") && tree.contains("\"\u{65e5}\u{672c}\""), "{tree}");
    let (tree, _) = htmlforge(&["tree", "--no-detect", "-"], b"<p>caf\xE9");
    assert!(tree.contains("\"caf\u{e9}\""), "windows-1252 by default: {tree}");
    let (tree, _) = htmlforge(&["tree", "-"], b"<p>caf\xE9");
    assert!(tree.contains("\"caf\u{e9}\""), "windows-1252 detected: {tree}");
    let (tree, _) = htmlforge(&["tree", "--encoding", "utf-8", "-"], b"<p>caf\xC3\xA9");
    assert!(tree.contains("\"caf\u{e9}\""), "{tree}");
    let (tree, _) = htmlforge(&["tree", "--encoding", "windows-1252", "-"], &late_utf8_meta());
    assert!(tree.contains("\"caf\u{c3}\u{a9}\""), "--encoding is certain, the meta does not change it: {tree}");
}

#[test]
fn tree_in_chunks_is_the_tree_at_once() {
    let mut page = late_utf8_meta();
    page.extend_from_slice(b"<table><tr><td>x<svg><path/></svg></table><script>a</script>&amp;&notin;");
    let (whole, ok) = htmlforge(&["tree", "-"], &page);
    assert!(ok);
    for size in ["1", "2", "3", "64"] {
        assert_eq!(htmlforge(&["tree", "--chunk-size", size, "-"], &page), (whole.clone(), true), "{size}");
        assert_eq!(
            htmlforge(&["tree", "--scripting", "on", "--chunk-size", size, "-"], &page).0,
            htmlforge(&["tree", "--scripting", "on", "-"], &page).0
        );
    }
}

#[test]
fn fragments_and_other_verbs_take_encoding() {
    let (tree, _) = htmlforge(&["tree", "--fragment", "div", "--encoding", "koi8-r", "-"], b"\xF0\xD2\xC9\xD7\xC5\xD4");
    assert_eq!(tree, "| \"\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}\"\n");
    let (tokens, ok) = htmlforge(&["tokens", "--encoding", "utf-8", "-"], b"caf\xC3\xA9");
    assert!(ok);
    assert_eq!(tokens, "[\"Character\",\"caf\u{e9}\"]\n");
    let (errors, ok) = htmlforge(&["errors", "--chunk-size", "1", "-"], b"<p></b>");
    assert!(ok);
    assert_eq!(errors, htmlforge(&["errors", "-"], b"<p></b>").0);
    assert!(!errors.is_empty());
}

#[test]
fn bad_flags_fail() {
    assert!(!htmlforge(&["encoding", "--encoding", "no-such-label", "-"], b"").1);
    assert!(!htmlforge(&["tree", "--chunk-size", "0", "-"], b"").1);
    assert!(!htmlforge(&["tree", "--chunk-size", "-"], b"").1);
    // No file is stdin, not an error.
    assert_eq!(htmlforge(&["encoding", "--no-detect"], b"<p>"), ("windows-1252 default\n".to_string(), true));
}

#[test]
fn serialize_reads_bytes() {
    let (html, ok) = htmlforge(&["serialize", "-"], &late_utf8_meta());
    assert!(ok);
    assert!(html.contains("<title>caf\u{e9}</title>"), "{html}");
    let (html, ok) =
        htmlforge(&["serialize", "--encoding", "koi8-r", "--chunk-size", "3", "-"], b"<p>\xF0\xD2\xC9\xD7\xC5\xD4");
    assert!(ok);
    assert!(html.contains("<p>\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}</p>"), "{html}");
}
