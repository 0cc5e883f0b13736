//! Streaming: every html5lib tokenizer test input, split in two at every
//! character boundary and split into single characters, gives exactly the
//! tokens (adjacent characters merged) and errors of the one-shot run.
//! Then the same for pseudo-random inputs made of the characters the
//! tokenizer's cases name, in every initial state: they must not panic or
//! hang either. Last, the real pages of `bench/corpus`, fed in chunks of
//! odd sizes.

use std::process::ExitCode;

use htmlforge_conformance::html5lib_tokenizer::{load_cases, run, state_named};

fn main() -> ExitCode {
    let mut passed = 0usize;
    let mut failed: Vec<String> = Vec::new();
    for case in load_cases() {
        let Some(input) = &case.input else { continue };
        for state_name in &case.initial_states {
            let Some(state) = state_named(state_name) else {
                continue;
            };
            let last = case.last_start_tag.as_deref();
            let whole = run([input.as_str()], state, last);
            let mut splits: Vec<(String, Vec<&str>)> = input
                .char_indices()
                .map(|(at, _)| at)
                .chain([input.len()])
                .map(|at| (format!("split at byte {at}"), vec![&input[..at], &input[at..]]))
                .collect();
            let singles: Vec<&str> = input.char_indices().map(|(at, c)| &input[at..at + c.len_utf8()]).collect();
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
    random_inputs(&mut passed, &mut failed);
    real_pages(&mut passed, &mut failed);
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

/// Characters and fragments the state machine reacts to.
const PIECES: &[&str] = &[
    "<",
    "<?",
    "?>",
    "xml",
    "pi ",
    "-",
    "/",
    "!",
    "-",
    "--",
    "&",
    "#",
    "x",
    "X",
    ";",
    "a",
    "Z",
    "9",
    ">",
    "=",
    "'",
    "\"",
    " ",
    "\t",
    "\n",
    "\r",
    "\0",
    "[",
    "]",
    "]]>",
    "?",
    "`",
    "é",
    "\u{1F600}",
    "\u{1}",
    "\u{FDD0}",
    "script",
    "<script>",
    "</script>",
    "<!--",
    "-->",
    "<!DOCTYPE",
    "PUBLIC",
    "SYSTEM",
    "<![CDATA[",
    "&amp",
    "&not",
    "&notin;",
    "&#x",
    "&#1",
    "textarea",
    "</",
];

fn random_inputs(passed: &mut usize, failed: &mut Vec<String>) {
    let states =
        ["Data state", "PLAINTEXT state", "RCDATA state", "RAWTEXT state", "Script data state", "CDATA section state"];
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..3000 {
        let len = (next() % 24) as usize;
        let input: String = (0..len).map(|_| PIECES[(next() % PIECES.len() as u64) as usize]).collect();
        let state_name = states[(next() % states.len() as u64) as usize];
        let state = state_named(state_name).expect("a test state");
        let last = if next() % 2 == 0 { Some("script") } else { Some("textarea") };
        let whole = run([input.as_str()], state, last);
        // Random chunk boundaries (at character boundaries).
        let mut chunks = Vec::new();
        let mut start = 0;
        for (at, _) in input.char_indices().skip(1) {
            if next() % 3 == 0 {
                chunks.push(&input[start..at]);
                start = at;
            }
        }
        chunks.push(&input[start..]);
        let got = run(chunks.iter().copied(), state, last);
        if got == whole {
            *passed += 1;
        } else {
            failed.push(format!(
                "random input [{state_name}] chunks {chunks:?}\n    whole: {} {:?}\n    split: {} {:?}",
                whole.output, whole.errors, got.output, got.errors
            ));
        }
    }
}

fn real_pages(passed: &mut usize, failed: &mut Vec<String>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/corpus");
    let mut pages: Vec<_> = std::fs::read_dir(&dir)
        .expect("bench/corpus is vendored")
        .map(|e| e.expect("readable directory").path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    for path in pages {
        let page = std::fs::read_to_string(&path).expect("UTF-8 page");
        let whole = run([page.as_str()], htmlforge::tokenizer::State::Data, None);
        for size in [997, 4093] {
            let mut chunks = Vec::new();
            let mut start = 0;
            while start < page.len() {
                let mut end = (start + size).min(page.len());
                while !page.is_char_boundary(end) {
                    end += 1;
                }
                chunks.push(&page[start..end]);
                start = end;
            }
            let got = run(chunks.iter().copied(), htmlforge::tokenizer::State::Data, None);
            if got == whole {
                *passed += 1;
            } else {
                failed.push(format!("{} in chunks of {size} bytes differs from the whole page", path.display()));
            }
        }
    }
}
