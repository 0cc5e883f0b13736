//! The html5lib tokenizer suite: every test of
//! `html5lib-tests/tokenizer/*.test`, once per initial state, comparing the
//! tokens (adjacent characters merged) and the parse errors with their
//! codes, lines and columns, then our own cases of `custom/tokenizer/`.
//! Vendored cases whose input has `<?` run in legacy mode (they predate
//! processing instructions). Prints `tokenizer: N passed, M failed` and
//! fails on any failure not in `expectations/tokenizer-skip.txt`.

use std::path::Path;
use std::process::ExitCode;

use htmlforge_conformance::html5lib_tokenizer::{
    coerce_to_infoset, load_cases, read_skip_list, run, run_legacy, state_named, Outcome,
};

fn main() -> ExitCode {
    let skip_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("expectations/tokenizer-skip.txt");
    let skips = read_skip_list(&skip_path);
    let mut passed = 0usize;
    let mut failed: Vec<String> = Vec::new();
    let mut skipped = 0usize;
    let mut legacy = 0usize;
    let mut used_skips = Vec::new();
    for case in load_cases() {
        let skip = skips.iter().find(|(id, _)| *id == case.id);
        let Some(input) = &case.input else {
            match skip {
                Some((id, _)) => {
                    skipped += case.initial_states.len();
                    used_skips.push(id.clone());
                }
                None => failed.push(format!(
                    "{} ({}): input not representable and not in the skip list",
                    case.id, case.description
                )),
            }
            continue;
        };
        for state_name in &case.initial_states {
            let Some(state) = state_named(state_name) else {
                failed.push(format!("{} : unknown initial state {state_name}", case.id));
                continue;
            };
            let mut got = if case.legacy {
                legacy += 1;
                run_legacy([input.as_str()], state, case.last_start_tag.as_deref())
            } else {
                run([input.as_str()], state, case.last_start_tag.as_deref())
            };
            if case.xml_violation {
                // These tests give the output coerced to an XML infoset and
                // no errors (tokenizer/README.md, "xmlViolation tests").
                got.output = coerce_to_infoset(&got.output);
                got.errors.clear();
            }
            let want = Outcome { output: case.output.clone(), errors: case.errors.clone() };
            if got == want {
                passed += 1;
                if skip.is_some() {
                    failed.push(format!("{} [{state_name}]: passes but is in the skip list", case.id));
                }
            } else if let Some((id, _)) = skip {
                skipped += 1;
                used_skips.push(id.clone());
            } else {
                failed.push(format!(
                    "{} [{state_name}] {}\n    input:  {:?}\n    want:   {}\n    got:    {}\n    errors want: {:?}\n    errors got:  {:?}",
                    case.id, case.description, input, want.output, got.output, want.errors, got.errors
                ));
            }
        }
    }
    for (id, _) in &skips {
        if !used_skips.contains(id) {
            failed.push(format!("{id}: in the skip list but not skipped (stale entry)"));
        }
    }
    for failure in failed.iter().take(40) {
        println!("FAIL {failure}");
    }
    if failed.len() > 40 {
        println!("… and {} more failures", failed.len() - 40);
    }
    println!("tokenizer: {passed} passed, {} failed", failed.len());
    println!("tokenizer: {skipped} skipped (tests/expectations/tokenizer-skip.txt)");
    println!(
        "tokenizer: {legacy} run in legacy mode (html5lib inputs with `<?`, which predate processing instructions)"
    );
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
