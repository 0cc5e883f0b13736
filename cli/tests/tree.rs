//! Runs the `htmlforge tree` and `htmlforge errors` verbs.

mod common;

use serde_json::{json, Value};

fn htmlforge(args: &[&str], stdin: &str) -> (String, bool) {
    let run = common::run(args, stdin.as_bytes());
    (run.stdout, run.success)
}

#[test]
fn tree_prints_the_html5lib_format() {
    let (out, ok) = htmlforge(&["tree", "-"], "<!DOCTYPE html><p b=2 a=1>x<svg viewbox=0><template>");
    assert!(ok);
    assert_eq!(
        out,
        "| <!DOCTYPE html>\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       a=\"1\"\n|       b=\"2\"\n|       \"x\"\n|       <svg svg>\n|         viewBox=\"0\"\n|         <svg template>\n"
    );
}

#[test]
fn tree_parses_fragments_and_honours_scripting() {
    let (out, ok) = htmlforge(&["tree", "--fragment", "td", "-"], "<template>a</template>");
    assert!(ok);
    assert_eq!(out, "| <template>\n|   content\n|     \"a\"\n");
    let (on, _) = htmlforge(&["tree", "--scripting", "on", "--fragment", "div", "-"], "<noscript><b>");
    assert_eq!(on, "| <noscript>\n|   \"<b>\"\n");
    let (off, _) = htmlforge(&["tree", "--scripting", "off", "--fragment", "div", "-"], "<noscript><b>");
    assert_eq!(off, "| <noscript>\n|   <b>\n");
}

#[test]
fn tree_jsonl_answers_each_line() {
    let input = [
        json!({"data": "<path/>x", "fragment": "svg g", "scripting": false}),
        json!({"data": "<title>a</title>", "fragment": null}),
    ]
    .iter()
    .map(|v| format!("{v}\n"))
    .collect::<String>();
    let (out, ok) = htmlforge(&["tree", "--jsonl"], &input);
    assert!(ok);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0], json!({"tree": "| <svg path>\n| \"x\"\n"}));
    assert_eq!(lines[1], json!({"tree": "| <html>\n|   <head>\n|     <title>\n|       \"a\"\n|   <body>\n"}));
}

#[test]
fn errors_prints_one_code_per_line() {
    let (out, ok) = htmlforge(&["errors", "-"], "<p>x</b>");
    assert!(ok);
    let codes: Vec<&str> = out.lines().map(|l| l.split_once(' ').unwrap().1).collect();
    assert_eq!(codes, ["missing-doctype", "unexpected-end-tag"]);
}
