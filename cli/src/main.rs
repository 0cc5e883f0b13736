//! `htmlforge`: the command-line front end. `main` parses the command
//! line (clap) and dispatches to one module per verb.
//!
//! Exit codes: 0 ok (also when the reader of stdout goes away early), 1 an
//! input or output error, or `select` matching nothing (as grep), 2 a
//! usage error.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod encoding;
mod errors;
mod failure;
mod input;
mod jsonl;
mod sanitize;
mod select;
mod serialize;
mod text;
mod tokens;
mod tree;
mod warc;

/// An HTML parser that follows the WHATWG HTML standard.
///
/// Documents are read as bytes: the encoding is sniffed (byte order mark,
/// `--encoding` as the transport layer's charset, <meta> prescan,
/// windows-1252) and a <meta> met while parsing can still change it.
#[derive(Debug, Parser)]
#[command(name = "htmlforge", version, propagate_version = true, disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    verb: Verb,
}

#[derive(Debug, Subcommand)]
enum Verb {
    Tokens(tokens::Args),
    Tree(tree::Args),
    Errors(errors::Args),
    Serialize(serialize::Args),
    Select(select::Args),
    Text(text::Args),
    Sanitize(sanitize::Args),
    Encoding(encoding::Args),
    Warc(warc::Args),
}

fn main() -> ExitCode {
    // clap prints help and version (exit 0) and usage errors (exit 2).
    let cli = Cli::parse();
    let result = match cli.verb {
        Verb::Tokens(args) => tokens::run(args),
        Verb::Tree(args) => tree::run(args),
        Verb::Errors(args) => errors::run(args),
        Verb::Serialize(args) => serialize::run(args),
        Verb::Select(args) => select::run(args),
        Verb::Text(args) => text::run(args),
        Verb::Sanitize(args) => sanitize::run(args),
        Verb::Encoding(args) => encoding::run(args),
        Verb::Warc(args) => warc::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
