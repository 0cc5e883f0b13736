//! Runs the `htmlforge sanitize` verb.

mod common;

fn htmlforge(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let run = common::run_with_status(args, stdin.as_bytes());
    (run.stdout, run.stderr, run.code)
}

const PAGE: &str =
    "<p onclick=x() title=t>Hi <a href='javascript:x()'>you</a><script>x()</script><!--c--><custom-el>c</custom-el>";

#[test]
fn the_safe_default_leaves_no_script() {
    assert_eq!(htmlforge(&["sanitize", "-"], PAGE).0, "<p title=\"t\">Hi <a>you</a></p>\n");
}

#[test]
fn a_configuration_file_in_the_spec_shape() {
    let dir = std::env::temp_dir().join(format!("htmlforge-sanitize-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("config.json");
    std::fs::write(&config, r#"{"elements": ["p", "custom-el"], "comments": true, "attributes": ["onclick"]}"#)
        .unwrap();
    let config = config.to_str().unwrap();
    // The safe variant removes the event handler even when the configuration allows it.
    assert_eq!(
        htmlforge(&["sanitize", "--config", config, "-"], PAGE).0,
        "<p>Hi <!--c--><custom-el>c</custom-el></p>\n"
    );
    assert_eq!(
        htmlforge(&["sanitize", "--unsafe", "--config", config, "-"], PAGE).0,
        "<p onclick=\"x()\">Hi <!--c--><custom-el>c</custom-el></p>\n"
    );
    std::fs::write(dir.join("bad.json"), r#"{"elements": [], "removeElements": []}"#).unwrap();
    let (out, err, code) = htmlforge(&["sanitize", "--config", dir.join("bad.json").to_str().unwrap(), "-"], PAGE);
    assert_eq!((out.as_str(), code), ("", Some(1)));
    assert!(err.contains("elements or removeElements, not both"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn context_and_document() {
    assert_eq!(htmlforge(&["sanitize", "--context", "tr", "-"], "<td>a<td>b").0, "<td>a</td><td>b</td>\n");
    assert_eq!(
        htmlforge(&["sanitize", "--document", "-"], "<title>t</title><p onclick=x()>p").0,
        "<html><head><title>t</title></head><body><p>p</p></body></html>\n"
    );
}
