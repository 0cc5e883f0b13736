//! Byte streaming end to end: every real page (the shared corpus, else the
//! vendored `bench/corpus/`) and the non-UTF-8 fixtures of
//! `tests/fixtures/encoding/`, fed to a `ByteParser` in chunks of 1, 2, 3,
//! 7, 64 and 4096 bytes, give the tree and the encoding of the one-shot
//! `parse_bytes`.
//!
//! The corpus: `$HTMLFORGE_CORPUS` if set, else `../shared/corpus/pages`
//! next to the repository if it exists, else `bench/corpus/`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use htmlforge::dom::dump_html5lib;
use htmlforge::{parse_bytes, ByteParseOptions, ByteParser, ByteParserStatus, ParsedBytes};

const CHUNK_SIZES: [usize; 6] = [1, 2, 3, 7, 64, 4096];

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is in the repository").to_path_buf()
}

use htmlforge_conformance::corpus::corpus_dir;

fn html_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "html"))
        .collect();
    files.sort();
    files
}

/// Feeds `bytes` in `chunk_size`-byte chunks, restarting whenever asked.
fn parse_in_chunks(bytes: &[u8], chunk_size: usize) -> ParsedBytes {
    let mut parser = ByteParser::new(ByteParseOptions::default());
    for chunk in bytes.chunks(chunk_size) {
        let mut status = parser.feed(chunk).unwrap();
        while let ByteParserStatus::EncodingChanged(_) = status {
            status = parser.resume();
        }
    }
    parser.finish()
}

/// Checks one page; `Err` says how it failed.
fn check(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let whole = parse_bytes(&bytes, ByteParseOptions::default());
    let tree = dump_html5lib(&whole.document);
    for chunk_size in CHUNK_SIZES {
        let chunked = parse_in_chunks(&bytes, chunk_size);
        if chunked.encoding != whole.encoding {
            return Err(format!(
                "{chunk_size}-byte chunks: encoding {:?}, one-shot {:?}",
                chunked.encoding, whole.encoding
            ));
        }
        let chunked_tree = dump_html5lib(&chunked.document);
        if chunked_tree != tree {
            let line = tree.lines().zip(chunked_tree.lines()).position(|(a, b)| a != b).unwrap_or(0);
            return Err(format!("{chunk_size}-byte chunks: the tree differs from line {}", line + 1));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut pages = html_files(&corpus_dir());
    let corpus_pages = pages.len();
    pages.extend(html_files(&repository().join("tests/fixtures/encoding")));
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(path) = pages.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(why) = check(path) {
                        failures
                            .lock()
                            .expect("no worker panics holding the lock")
                            .push(format!("{}: {why}", path.display()));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("no worker panicked holding the lock");
    for failure in &failures {
        println!("FAIL {failure}");
    }
    println!(
        "bytes_chunks: {} of {} pages ({} from {}) give the one-shot tree in chunks of {CHUNK_SIZES:?} bytes",
        pages.len() - failures.len(),
        pages.len(),
        corpus_pages,
        corpus_dir().display()
    );
    if corpus_pages == 0 || !failures.is_empty() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
