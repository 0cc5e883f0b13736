//! Runs the `htmlforge select` and `htmlforge text` verbs.

mod common;

use serde_json::{json, Value};

const PAGE: &str = "<title>T</title><ul><li><a href=/a>A</a><li class=x><a href=https://b>B <i>b</i></a></ul>\
                    <p hidden>h</p><script>s</script>";

fn htmlforge(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let run = common::run_with_status(args, stdin.as_bytes());
    (run.stdout, run.stderr, run.code)
}

#[test]
fn select_prints_each_match_as_asked() {
    let html = "<a href=\"/a\">A</a>\n<a href=\"https://b\">B <i>b</i></a>\n";
    assert_eq!(htmlforge(&["select", "li a", "-"], PAGE).0, html);
    assert_eq!(htmlforge(&["select", "li a", "--html", "-"], PAGE).0, html);
    assert_eq!(htmlforge(&["select", "li a", "--text", "-"], PAGE).0, "A\nB b\n");
    assert_eq!(htmlforge(&["select", "a", "--attr", "href", "-"], PAGE).0, "/a\nhttps://b\n");
    assert_eq!(htmlforge(&["select", "li", "--attr", "class", "-"], PAGE).0, "x\n", "matches without it are left out");
    assert_eq!(htmlforge(&["select", "li, title, p[hidden]", "--count", "-"], PAGE).0, "4\n");
    // Nothing matched: exit status 1, as grep (`grep -c` prints 0 too).
    assert_eq!(htmlforge(&["select", "table", "--count", "-"], PAGE), ("0\n".to_string(), String::new(), Some(1)));
    assert_eq!(htmlforge(&["select", "table", "-"], PAGE), (String::new(), String::new(), Some(1)));
    assert_eq!(htmlforge(&["select", "li a", "--text"], PAGE), ("A\nB b\n".to_string(), String::new(), Some(0)));
}

#[test]
fn select_reads_bytes_as_the_other_verbs_do() {
    let page = b"<meta charset=koi8-r><p class=greeting>\xF0\xD2\xC9\xD7\xC5\xD4";
    let run = common::run_with_status(&["select", ".greeting", "--text", "-"], page);
    assert_eq!(run.stdout, "\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}\n");
}

#[test]
fn a_bad_selector_is_a_usage_error_that_says_where() {
    let (out, err, code) = htmlforge(&["select", "li[", "-"], PAGE);
    assert_eq!((out.as_str(), code), ("", Some(2)));
    assert!(err.contains("column 4"), "{err}");
    // The bad token's column, not the end of the selector.
    let (_, err, code) = htmlforge(&["select", "ul > li:hovered a", "-"], PAGE);
    assert_eq!(code, Some(2));
    assert!(err.contains("(column 8)"), "{err}");
    let (_, err, code) = htmlforge(&["select", "a", "--text", "--count", "-"], PAGE);
    assert_eq!(code, Some(2));
    assert!(err.contains("'--count'") || err.contains("'--text'"), "{err}");
}

#[test]
fn select_jsonl_answers_each_document() {
    let input = [json!({"html": "<a>1</a><a>2</a>"}), json!({"html": "<p>"})]
        .iter()
        .map(|v| format!("{v}\n"))
        .collect::<String>();
    let (out, _, code) = htmlforge(&["select", "a", "--text", "--jsonl"], &input);
    assert_eq!(code, Some(0));
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines, [json!({"matches": ["1", "2"]}), json!({"matches": []})]);
    let (out, _, _) = htmlforge(&["select", "a", "--count", "--jsonl"], &input);
    assert_eq!(out, "{\"count\":2}\n{\"count\":0}\n");
    let (_, err, code) = htmlforge(&["select", "a", "--jsonl"], "{\"data\": 1}\n");
    assert_eq!(code, Some(1));
    assert!(err.contains("line 1"), "{err}");
}

#[test]
fn text_prints_what_a_reader_sees() {
    let (out, _, code) = htmlforge(&["text", "-"], "<h1>Title</h1><p>One <b>bold</b>\n   word.<script>x</script>");
    assert_eq!(code, Some(0));
    assert_eq!(out, "Title\n\nOne bold word.\n");
    assert_eq!(htmlforge(&["text", "-"], PAGE).0, "A\nB b\n", "title, hidden and script left out");
    let noscript = "<body><noscript><p>Enable scripts</p></noscript>";
    // Scripting is on by default, as in a browser: noscript is not shown.
    assert_eq!(htmlforge(&["text", "-"], noscript).0, "");
    assert_eq!(htmlforge(&["text", "--scripting", "off", "-"], noscript).0, "Enable scripts\n");
}

#[test]
fn select_searches_a_fragment() {
    let (out, _, _) = htmlforge(&["select", "td", "--fragment", "tr", "--count", "-"], "<td>a<td>b");
    assert_eq!(out, "2\n");
    let (out, _, _) = htmlforge(&["select", "td", "--fragment", "tr", "--text", "-"], "<td>a<td>b");
    assert_eq!(out, "a\nb\n");
}

#[test]
fn select_json_prints_one_object_per_match() {
    let page = "<ul><li><a href=/a class='x y'>A <i>i</i></a></ul><svg><a xlink:href=#s><text>S</text></a></svg>";
    // SVG draws text in its `text` elements only (visible_text skips the rest).
    let (out, _, code) = htmlforge(&["select", "a", "--json"], page);
    assert_eq!(code, Some(0));
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(
        lines,
        [
            json!({"tag": "a", "attributes": {"href": "/a", "class": "x y"}, "text": "A i",
                   "html": "<a href=\"/a\" class=\"x y\">A <i>i</i></a>"}),
            json!({"tag": "a", "attributes": {"xlink:href": "#s"}, "text": "S",
                   "html": "<a xlink:href=\"#s\"><text>S</text></a>"}),
        ]
    );
}

#[test]
fn several_files_are_named_as_grep_names_them() {
    let dir = std::env::temp_dir().join(format!("htmlforge-select-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = dir.join("one.html");
    let two = dir.join("two.html");
    std::fs::write(&one, "<p>1</p><p>2</p>").unwrap();
    std::fs::write(&two, "<p>3</p>").unwrap();
    let (one, two) = (one.to_str().unwrap(), two.to_str().unwrap());
    let (out, _, code) = htmlforge(&["select", "p", "--text", one, two], "");
    assert_eq!(code, Some(0));
    assert_eq!(out, format!("{one}:1\n{one}:2\n{two}:3\n"));
    let (out, _, _) = htmlforge(&["select", "p", "--count", one, two], "");
    assert_eq!(out, format!("{one}:2\n{two}:1\n"));
    let (out, _, _) = htmlforge(&["select", "p", "--json", one, two], "");
    let files: Vec<String> =
        out.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()["file"].as_str().unwrap().to_string()).collect();
    assert_eq!(files, [one, one, two]);
    let (out, _, _) = htmlforge(&["text", one, two], "");
    assert_eq!(out, format!("{one}:1\n{one}:\n{one}:2\n{two}:3\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn absolute_resolves_href_and_src_against_the_base() {
    let page = "<a href=../b?q=1>b</a><img src='i.png'><a href='https://other.example/x'>o</a><a href=#top>t</a>";
    let args = ["select", "a, img", "--attr", "href", "--base", "https://example.org/a/c/d.html", "--absolute"];
    let (out, _, _) = htmlforge(&args, page);
    assert_eq!(out, "https://example.org/a/b?q=1\nhttps://other.example/x\nhttps://example.org/a/c/d.html#top\n");
    let (out, _, _) = htmlforge(&["select", "img", "--base", "https://example.org/a/", "--absolute"], page);
    assert_eq!(out, "<img src=\"https://example.org/a/i.png\">\n");
    // A <base href> in the document counts, resolved against --base.
    let with_base = "<base href=/root/><a href=x>x</a>";
    let (out, _, _) =
        htmlforge(&["select", "a", "--attr", "href", "--base", "https://example.org/p/q", "--absolute"], with_base);
    assert_eq!(out, "https://example.org/root/x\n");
    // --absolute needs a base; a base must be an absolute URL.
    assert_eq!(htmlforge(&["select", "a", "--absolute"], page).2, Some(2));
    assert_eq!(htmlforge(&["select", "a", "--base", "relative/", "--absolute"], page).2, Some(2));
}

#[test]
fn every_verb_reads_stdin_without_a_file() {
    for verb in [&["tree"][..], &["errors"], &["serialize"], &["encoding"], &["tokens"], &["text"]] {
        let run = common::run_with_status(verb, b"<p>x");
        assert_eq!(run.code, Some(0), "{verb:?}: {}", run.stderr);
        assert!(!run.stdout.is_empty(), "{verb:?}");
    }
}
