//! Streaming: every html5lib tokenizer test input, split in two at every
//! character boundary and split into single characters, gives exactly the
//! tokens (adjacent characters merged) and errors of the one-shot run.

use std::process::ExitCode;

use htmlforge_conformance::html5lib_tokenizer::{load_cases, run, state_named};

fn main() -> ExitCode {
    let mut passed = 0usize;
    let mut failed: Vec<String> = Vec::new();
    for case in load_cases() {
        let Some(input) = &case.input else { continue };
        for state_name in &case.initial_states {
            let Some(state) = state_named(state_name) else { continue };
            let last = case.last_start_tag.as_deref();
            let whole = run([input.as_str()], state, last);
            let mut splits: Vec<(String, Vec<&str>)> = input
                .char_indices()
                .map(|(at, _)| at)
                .chain([input.len()])
                .map(|at| (format!("split at byte {at}"), vec![&input[..at], &input[at..]]))
                .collect();
            let singles: Vec<&str> =
                input.char_indices().map(|(at, c)| &input[at..at + c.len_utf8()]).collect();
            splits.push(("one character per chunk".to_string(), singles));
            for (how, chunks) in splits {
                let got = run(chunks.iter().copied(), state, last);
                if got == whole {
                    passed += 1;
                } else {
                    failed.push(format!(
                        "{} [{state_name}] {how}\n    input: {input:?}\n    whole: {} {:?}\n    split: {} {:?}",
                        case.id, whole.output, whole.errors, got.output, got.errors
                    ));
                }
            }
        }
    }
    for failure in failed.iter().take(20) {
        println!("FAIL {failure}");
    }
    println!("tokenizer-chunks: {passed} passed, {} failed", failed.len());
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
