//! The command line itself: help, version, usage errors that name the
//! bad flag, exit codes, and a closed output pipe.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

const VERBS: [&str; 5] = ["tokens", "tree", "errors", "serialize", "encoding"];

fn exit_code(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let run = common::run_with_status(args, stdin);
    (run.code, run.stdout, run.stderr)
}

#[test]
fn every_verb_has_help_with_an_example() {
    for verb in VERBS {
        let (code, out, _) = exit_code(&[verb, "--help"], b"");
        assert_eq!(code, Some(0), "{verb} --help");
        assert!(out.contains(&format!("Usage: htmlforge {verb}")), "{verb}: {out}");
        assert!(out.contains("Example: "), "{verb} --help gives an example: {out}");
    }
    let (code, out, _) = exit_code(&["--help"], b"");
    assert_eq!(code, Some(0));
    for verb in VERBS {
        assert!(out.contains(verb), "{verb} listed: {out}");
    }
}

#[test]
fn version_names_the_crate_version() {
    let (code, out, _) = exit_code(&["--version"], b"");
    assert_eq!((code, out), (Some(0), format!("htmlforge {}\n", env!("CARGO_PKG_VERSION"))));
}

#[test]
fn usage_errors_exit_2_and_name_what_is_wrong() {
    let cases: [(&[&str], &str); 6] = [
        (&["serialize", "--pretty", "--minimize", "-"], "'--minimize'"),
        (&["tree", "--bogus", "-"], "'--bogus'"),
        (&["tree", "--chunk-size", "0", "-"], "--chunk-size"),
        (&["encoding", "--encoding", "no-such-label", "-"], "no-such-label"),
        (&["tree", "--jsonl", "page.html"], "'--jsonl'"),
        (&["no-such-verb"], "'no-such-verb'"),
    ];
    for (args, named) in cases {
        let (code, out, err) = exit_code(args, b"");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(named), "{args:?} names {named}: {err}");
    }
}

#[test]
fn input_and_output_errors_exit_1() {
    let (code, _, err) = exit_code(&["tree", "/nonexistent/page.html"], b"");
    assert_eq!(code, Some(1));
    assert!(err.contains("/nonexistent/page.html"), "{err}");
    let (code, _, err) = exit_code(&["tree", "--jsonl"], b"{\"data\": 3}\n");
    assert_eq!(code, Some(1));
    assert!(err.contains("line 1"), "{err}");
    let (code, _, _) = exit_code(&["tokens", "--jsonl"], b"not json\n");
    assert_eq!(code, Some(1));
}

/// The reader of stdout reads one line and closes the pipe: the program
/// ends with 0 and says nothing.
#[test]
fn a_closed_pipe_ends_quietly() {
    let page = "<div>".repeat(5_000);
    for verb in ["tree", "tokens", "serialize", "errors"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_htmlforge"))
            .args([verb, "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn({
            let page = page.clone();
            move || {
                use std::io::Write;
                let _ = stdin.write_all(page.as_bytes());
            }
        });
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let mut stderr = String::new();
        child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
        let status = child.wait().unwrap();
        feeder.join().unwrap();
        assert_eq!(status.code(), Some(0), "{verb}: {stderr}");
        assert!(!stderr.contains("htmlforge:"), "{verb}: {stderr}");
    }
}
