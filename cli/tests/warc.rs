//! Runs `htmlforge warc` on WARC files of the vendored pages.

mod common;

#[path = "../../crawl/tests/common/warc_file.rs"]
mod warc_file;

use htmlforge_crawl::{Selector, Take};
use serde_json::{json, Value};
use warc_file::{warc_file, Fetched};

/// The vendored pages, three times over, under URLs of their names.
fn pages() -> Vec<(String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/corpus");
    let mut names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()).collect();
    names.retain(|path| path.extension().is_some_and(|extension| extension == "html"));
    names.sort();
    assert!(names.len() >= 10, "the vendored pages are in {}", dir.display());
    (0..3)
        .flat_map(|round| {
            names.iter().map(move |path| {
                let name = path.file_name().unwrap().to_string_lossy();
                (format!("https://corpus.example/{round}/{name}"), std::fs::read(path).unwrap())
            })
        })
        .collect()
}

fn warc_of(pages: &[(String, Vec<u8>)]) -> Vec<u8> {
    let fetched: Vec<Fetched<'_>> =
        pages.iter().map(|(url, body)| Fetched { url, content_type: "text/html; charset=utf-8", body }).collect();
    warc_file(&fetched, true)
}

/// Runs the binary on `file`, written to a temporary file (the test
/// harness writes stdin before it reads stdout, and `warc` prints as it
/// reads).
fn warc(args: &[&str], file: &[u8]) -> common::Run {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("htmlforge-cli-warc-{}-{count}.warc.gz", std::process::id()));
    std::fs::write(&path, file).unwrap();
    let mut args = args.to_vec();
    args.push(path.to_str().unwrap());
    let run = common::run_with_status(&args, b"");
    std::fs::remove_file(&path).unwrap();
    run
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[test]
fn text_of_every_response_in_record_order_on_any_number_of_threads() {
    let pages = pages();
    let file = warc_of(&pages);
    let expected: Vec<Value> = pages
        .iter()
        .map(|(url, body)| json!({ "uri": url, "text": htmlforge_crawl::text(body, Some("utf-8")) }))
        .collect();
    for threads in ["1", "2", "5"] {
        let run = warc(&["warc", "--text", "--threads", threads], &file);
        assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""), "threads {threads}");
        assert_eq!(json_lines(&run.stdout), expected, "threads {threads}");
    }
}

#[test]
fn select_prints_each_match_text_or_attribute() {
    let pages = pages();
    let file = warc_of(&pages);
    let links = Selector::parse("a[href]").unwrap();
    let expected: Vec<Value> = pages
        .iter()
        .map(|(url, body)| json!({ "uri": url, "matches": htmlforge_crawl::select(body, Some("utf-8"), &links, Take::Attr("href")) }))
        .collect();
    let run = warc(&["warc", "--select", "a[href]", "--attr", "href"], &file);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(json_lines(&run.stdout), expected);
    let small = warc_file(
        &[Fetched { url: "https://e.example/", content_type: "text/html", body: b"<h2>a <i>b</i><h2>c" }],
        false,
    );
    let run = common::run_with_status(&["warc", "--select", "h2"], &small);
    assert_eq!(run.stdout, "{\"matches\":[\"a b\",\"c\"],\"uri\":\"https://e.example/\"}\n");
}

#[test]
fn a_damaged_file_prints_the_records_before_the_damage_and_fails() {
    let pages = pages();
    let mut file = warc_file(
        &pages.iter().map(|(url, body)| Fetched { url, content_type: "text/html", body }).collect::<Vec<_>>(),
        false,
    );
    file.truncate(file.len() - 100);
    let run = warc(&["warc", "--text"], &file);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout.lines().count(), pages.len() - 1);
    assert!(run.stderr.contains("the input ends inside a record's block"), "{}", run.stderr);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["warc", "-"][..],
        &["warc", "--text", "--select", "a", "-"],
        &["warc", "--attr", "href", "-"],
        &["warc", "--select", "a[", "-"],
    ] {
        let run = common::run_with_status(args, b"");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
    }
    let run = common::run_with_status(&["warc", "--text", "/no/such/file.warc.gz"], b"");
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("/no/such/file.warc.gz"), "{}", run.stderr);
}
