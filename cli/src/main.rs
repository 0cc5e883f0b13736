//! `htmlforge`: the command-line front end. `main` only dispatches to one
//! module per verb.

use std::process::ExitCode;

mod encoding;
mod errors;
mod input;
mod serialize;
mod tokens;
mod tree;

const USAGE: &str = "usage:
  htmlforge tokens [--encoding LABEL] FILE|-
                                 print the tokens of a document, one JSON array per line
  htmlforge tokens --jsonl       read html5lib-style test inputs as JSON lines on stdin
  htmlforge tree [--fragment CONTEXT] [--scripting on|off] [--encoding LABEL] [--chunk-size N] FILE|-
                                 print the tree in the html5lib tree-construction format
  htmlforge tree --jsonl         read {\"data\", \"fragment\", \"scripting\"} JSON lines, write {\"tree\"} lines
  htmlforge errors [--encoding LABEL] [--chunk-size N] FILE|-
                                 print the parse errors, one `line:col code` per line
  htmlforge serialize [--minimize|--pretty] [--fragment CONTEXT] [--scripting on|off] [--encoding LABEL] [--chunk-size N] FILE|-
                                 parse and write the document back as HTML (--minimize: optional tags left out;
                                 --pretty: indented, with breaks inside tags only, so the tree is unchanged)
  htmlforge encoding [--encoding LABEL] [--chunk-size N] FILE|-
                                 print the encoding the parse ended with and how it was
                                 determined, e.g. `UTF-8 meta-prescan`
Documents are read as bytes: the encoding is sniffed (BOM, `--encoding` as the
transport layer's charset, <meta> prescan, windows-1252) and a <meta> met while
parsing can still change it.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("tokens") => tokens::run(&args[1..]),
        Some("tree") => tree::run(&args[1..]),
        Some("errors") => errors::run(&args[1..]),
        Some("encoding") => encoding::run(&args[1..]),
        Some("serialize") => serialize::run(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("htmlforge: {message}");
            ExitCode::from(2)
        }
    }
}
