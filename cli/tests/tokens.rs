//! Runs the `htmlforge tokens` binary.

mod common;

use serde_json::{json, Value};

fn htmlforge(args: &[&str], stdin: &str) -> (String, String, bool) {
    let run = common::run(args, stdin.as_bytes());
    (run.stdout, run.stderr, run.success)
}

#[test]
fn jsonl_gives_tests_form_with_errors() {
    let input = [
        json!({"input": "<a b=1 B=2>x&amp;y"}),
        json!({"input": "a</textarea>b", "initialState": "RCDATA state", "lastStartTag": "textarea"}),
        json!({"input": "<!---->", "initialState": "Data state"}),
    ]
    .iter()
    .map(|v| format!("{v}\n"))
    .collect::<String>();
    let (stdout, _, ok) = htmlforge(&["tokens", "--jsonl"], &input);
    assert!(ok);
    let lines: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(
        lines,
        [
            json!({"output": [["StartTag", "a", {"b": "1"}], ["Character", "x&y"]],
                   "errors": [{"code": "duplicate-attribute", "line": 1, "col": 9}]}),
            json!({"output": [["Character", "a"], ["EndTag", "textarea"], ["Character", "b"]], "errors": []}),
            json!({"output": [["Comment", ""]], "errors": []}),
        ]
    );
}

#[test]
fn a_document_prints_one_token_per_line_and_errors_on_stderr() {
    let (stdout, stderr, ok) = htmlforge(&["tokens", "-"], "<!DOCTYPE html><p>Hi\r\nthere</p>\0");
    assert!(ok);
    assert_eq!(
        stdout,
        "[\"DOCTYPE\",\"html\",null,null,true]\n[\"StartTag\",\"p\",{}]\n[\"Character\",\"Hi\\nthere\"]\n[\"EndTag\",\"p\"]\n[\"Character\",\"\\u0000\"]\n"
    );
    assert_eq!(stderr, "{\"code\":\"unexpected-null-character\",\"col\":10,\"line\":2}\n");
}

#[test]
fn bad_usage_fails() {
    let (_, stderr, ok) = htmlforge(&["tokens", "--no-such-flag"], "");
    assert!(!ok);
    assert!(stderr.contains("Usage: htmlforge tokens"), "{stderr}");
    // No file is stdin.
    let (out, _, ok) = htmlforge(&["tokens"], "<p>");
    assert!(ok);
    assert_eq!(out, "[\"StartTag\",\"p\",{}]\n");
    let (_, _, ok) = htmlforge(&["tokens", "--jsonl"], "{\"input\": 3}\n");
    assert!(!ok);
}

#[test]
fn a_document_is_decoded_as_its_meta_says() {
    let page = b"<meta charset=windows-1252><p>caf\xE9";
    let stdout = common::run(&["tokens", "-"], page).stdout;
    assert_eq!(stdout.lines().last(), Some("[\"Character\",\"caf\u{e9}\"]"));
}

#[test]
fn by_default_the_tokens_are_those_the_tree_builder_receives() {
    let page = "<script>if (a<b) {}\n//<![CDATA[\n//]]></script><title>a<b></title><svg><![CDATA[x<y]]></svg>";
    let (stdout, stderr, ok) = htmlforge(&["tokens", "-"], page);
    assert!(ok);
    assert_eq!(
        stdout,
        "[\"StartTag\",\"script\",{}]\n[\"Character\",\"if (a<b) {}\\n//<![CDATA[\\n//]]>\"]\n[\"EndTag\",\"script\"]\n\
         [\"StartTag\",\"title\",{}]\n[\"Character\",\"a<b>\"]\n[\"EndTag\",\"title\"]\n\
         [\"StartTag\",\"svg\",{}]\n[\"Character\",\"x<y\"]\n[\"EndTag\",\"svg\"]\n"
    );
    assert_eq!(stderr, "", "no cdata-in-html-content, no bogus attributes");
    // The tokenizer alone stays in the data state.
    let (raw, raw_errors, ok) = htmlforge(&["tokens", "--raw", "-"], page);
    assert!(ok);
    assert!(raw.contains("[\"StartTag\",\"b)\""), "{raw}");
    assert!(raw_errors.contains("cdata-in-html-content"), "{raw_errors}");
}

#[test]
fn scripting_changes_what_noscript_holds() {
    let page = "<head><noscript><b>x</b></noscript>";
    let (on, _, _) = htmlforge(&["tokens", "-"], page);
    assert!(on.contains("[\"Character\",\"<b>x</b>\"]"), "{on}");
    let (off, _, _) = htmlforge(&["tokens", "--scripting", "off", "-"], page);
    assert!(off.contains("[\"StartTag\",\"b\",{}]"), "{off}");
}

#[test]
fn a_meta_past_the_prescan_changes_the_encoding_as_in_a_parse() {
    let mut page = b"<!DOCTYPE html><head><!--".to_vec();
    page.extend(std::iter::repeat_n(b'-', 1500));
    page.extend_from_slice("--><meta charset=utf-8><title>caf\u{e9}</title>".as_bytes());
    let stdout = common::run(&["tokens", "-"], &page).stdout;
    assert!(stdout.contains("[\"Character\",\"caf\u{e9}\"]"), "{stdout}");
}

#[test]
fn a_processing_instruction_prints_its_target_and_data() {
    let (stdout, _, ok) = htmlforge(&["tokens", "-"], "<?pi some data?><?xml version=\"1.0\"?>");
    assert!(ok);
    let lines: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(
        lines,
        [json!(["ProcessingInstruction", "pi", "some data"]), json!(["Comment", "?xml version=\"1.0\"?"])]
    );
}
