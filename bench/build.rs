//! With the `lexbor` feature: compiles lexbor's C source (`-O3`, as its own
//! release build does) into a static library for the bench. The source is
//! not in this repository: `LEXBOR_SRC` names the folder holding lexbor's
//! `source/` tree, which `cargo xtask bench --with lexbor` fetches from a
//! package registry (PyPI's selectolax source distribution, which vendors
//! lexbor) and sets.

fn main() {
    #[cfg(feature = "lexbor")]
    lexbor();
}

#[cfg(feature = "lexbor")]
fn lexbor() {
    use std::path::{Path, PathBuf};

    fn c_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                // Only the POSIX port of the platform layer.
                if path.file_name().is_some_and(|n| n == "windows_nt") {
                    continue;
                }
                c_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "c") {
                out.push(path);
            }
        }
    }

    println!("cargo:rerun-if-env-changed=LEXBOR_SRC");
    let root = PathBuf::from(std::env::var("LEXBOR_SRC").unwrap_or_else(|_| {
        panic!("the lexbor feature needs LEXBOR_SRC (lexbor's source folder); run `cargo xtask bench --with lexbor`")
    }));
    let source = root.join("source");
    let mut files = Vec::new();
    c_files(&source.join("lexbor"), &mut files);
    assert!(!files.is_empty(), "{}: no lexbor C source", source.display());
    cc::Build::new()
        .files(&files)
        .include(&source)
        .define("LEXBOR_STATIC", None)
        .std("c99")
        .opt_level(3)
        .warnings(false)
        .compile("lexbor");
}
