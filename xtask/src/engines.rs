//! The opt-in engines of the benchmark binary (`--with ENGINE`): each is a
//! cargo feature of `htmlforge-bench`, so that `cargo test --workspace` and
//! CI build neither. lexbor is C: its source comes from a package registry
//! (PyPI's selectolax source distribution, which vendors lexbor 3.1.0
//! unchanged), pinned by version and hash, fetched once into the target
//! folder and compiled by `bench/build.rs`. No lexbor code is committed here.

use std::path::PathBuf;
use std::process::Command;

use htmlforge_codegen::Context;

/// The engines `--with` accepts beyond the default ones.
pub const OPT_IN: [&str; 2] = ["lexbor", "lol_html"];

const SDIST_NAME: &str = "selectolax";
const SDIST_VERSION: &str = "1.0.2";
const SDIST_SHA256: &str = "f0508ad927aa426425d4aa7a2bb2f8b21c01412534465bd227e241d4d0a6a418";

/// How to build the benchmark binary for a set of engines: its cargo
/// features and its environment.
#[derive(Default)]
pub struct Build {
    pub features: Vec<&'static str>,
    pub env: Vec<(&'static str, PathBuf)>,
}

/// Splits `--with ENGINE` pairs out of `args`: the opt-in engines named,
/// and the other arguments in order.
pub fn split_with(args: &[String]) -> Result<(Vec<String>, Vec<String>), String> {
    let mut with = Vec::new();
    let mut rest = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--with" {
            with.push(args.next().ok_or("--with needs an engine")?.clone());
        } else {
            rest.push(arg.clone());
        }
    }
    Ok((with, rest))
}

pub fn target_dir(ctx: &Context) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| ctx.root.join("target"), PathBuf::from)
}

/// The build for the opt-in engines among `with` (others are ignored: the
/// callers check them).
pub fn build_for(ctx: &Context, with: &[String]) -> Result<Build, String> {
    let mut build = Build::default();
    for engine in OPT_IN {
        if with.iter().any(|w| w == engine) {
            build.features.push(engine);
            if engine == "lexbor" {
                build.env.push(("LEXBOR_SRC", lexbor_source(ctx)?));
            }
        }
    }
    Ok(build)
}

/// lexbor's source folder, fetched on first use into the target folder.
fn lexbor_source(ctx: &Context) -> Result<PathBuf, String> {
    let dir = target_dir(ctx).join("lexbor-src");
    let source = dir.join(format!("{SDIST_NAME}-{SDIST_VERSION}/lexbor"));
    if source.join("source/lexbor").is_dir() {
        return Ok(source);
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let requirements = dir.join("requirements.txt");
    std::fs::write(&requirements, format!("{SDIST_NAME}=={SDIST_VERSION} --hash=sha256:{SDIST_SHA256}\n"))
        .map_err(|e| format!("{}: {e}", requirements.display()))?;
    eprintln!("fetching lexbor's source ({SDIST_NAME} {SDIST_VERSION} from PyPI) into {}", dir.display());
    let status = Command::new("python3")
        .args(["-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", SDIST_NAME, "--require-hashes"])
        .arg("--requirement")
        .arg(&requirements)
        .arg("--dest")
        .arg(&dir)
        .status()
        .map_err(|e| format!("cannot run python3 -m pip: {e}"))?;
    if !status.success() {
        return Err(format!("pip download of {SDIST_NAME} {SDIST_VERSION} failed"));
    }
    let archive = dir.join(format!("{SDIST_NAME}-{SDIST_VERSION}.tar.gz"));
    let status = Command::new("tar")
        .arg("-xzf")
        .arg(&archive)
        .arg("-C")
        .arg(&dir)
        .status()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    if !status.success() || !source.join("source/lexbor").is_dir() {
        return Err(format!("{}: no lexbor source in it", archive.display()));
    }
    Ok(source)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn with_pairs_are_split_out_in_order() {
        let (with, rest) =
            split_with(&strings(&["parse", "--with", "lexbor", "--corpus", "a", "--with", "lol_html"])).unwrap();
        assert_eq!(with, ["lexbor", "lol_html"]);
        assert_eq!(rest, ["parse", "--corpus", "a"]);
    }

    #[test]
    fn a_with_without_an_engine_is_an_error() {
        assert!(split_with(&strings(&["--with"])).is_err());
    }

    #[test]
    fn engines_that_are_not_opt_in_need_no_feature() {
        let ctx = Context::new(crate::repo_root());
        let build = build_for(&ctx, &strings(&["html5ever", "lol_html"])).unwrap();
        assert_eq!(build.features, ["lol_html"]);
        assert!(build.env.is_empty());
    }
}
