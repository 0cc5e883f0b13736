//! Where the real pages for the corpus-wide tests are.

use std::path::{Path, PathBuf};

/// The repository root.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is in the repository").to_path_buf()
}

/// The pages to run on: `$HTMLFORGE_CORPUS` if set (a relative path is
/// taken from the repository root, where cargo is run, not from `tests/`,
/// where cargo runs the tests), else the 130 pages of
/// `../shared/corpus/pages` when that folder is there, else the pages
/// vendored in `bench/corpus`.
pub fn corpus_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("HTMLFORGE_CORPUS") {
        return repository().join(dir);
    }
    let shared = repository().join("../shared/corpus/pages");
    if shared.is_dir() {
        return shared;
    }
    repository().join("bench/corpus")
}
