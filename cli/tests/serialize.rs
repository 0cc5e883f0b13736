//! Runs the `htmlforge serialize` verb.

mod common;

fn htmlforge(args: &[&str], stdin: &str) -> (String, String, bool) {
    let run = common::run(args, stdin.as_bytes());
    (run.stdout, run.stderr, run.success)
}

const PAGE: &str = "<!DOCTYPE html><title>T</title><ul class=a><li>one<li>two &amp; <b>three</b></ul><input disabled>";

#[test]
fn serialize_writes_the_spec_serialization() {
    let (out, _, ok) = htmlforge(&["serialize", "-"], PAGE);
    assert!(ok);
    assert_eq!(
        out,
        "<!DOCTYPE html><html><head><title>T</title></head><body><ul class=\"a\"><li>one</li><li>two &amp; <b>three</b></li></ul>\
         <input disabled=\"\"></body></html>"
    );
}

#[test]
fn serialize_minimize_leaves_out_optional_tags() {
    let (out, _, ok) = htmlforge(&["serialize", "--minimize", "-"], PAGE);
    assert!(ok);
    assert_eq!(
        out,
        "<!DOCTYPE html><title>T</title><ul class=a><li>one<li>two &amp; <b>three</b></ul><input disabled>"
    );
}

#[test]
fn serialize_pretty_breaks_inside_tags() {
    let (out, _, ok) = htmlforge(&["serialize", "--pretty", "-"], "<title>T</title><p>Hello <b>world");
    assert!(ok);
    assert_eq!(out, "<html\n  ><head\n    ><title>T</title\n  ></head\n  ><body\n    ><p>Hello <b>world</b\n    ></p\n  ></body\n></html>");
    let (_, _, ok) = htmlforge(&["serialize", "--pretty", "--minimize", "-"], "");
    assert!(!ok, "one of --pretty and --minimize");
}

#[test]
fn serialize_fragments_and_scripting() {
    let (out, _, ok) = htmlforge(&["serialize", "--fragment", "tr", "-"], "<td>a<td>b");
    assert!(ok);
    assert_eq!(out, "<td>a</td><td>b</td>");
    let (on, _, _) = htmlforge(&["serialize", "--fragment", "div", "-"], "<noscript><b>&amp;</noscript>");
    assert_eq!(on, "<noscript><b>&amp;</noscript>");
    let (off, _, _) =
        htmlforge(&["serialize", "--scripting", "off", "--fragment", "div", "-"], "<noscript><b>&amp;</noscript>");
    assert_eq!(off, "<noscript><b>&amp;</b></noscript>");
}

#[test]
fn serialize_reads_files_and_rejects_bad_arguments() {
    let path = std::env::temp_dir().join(format!("htmlforge-serialize-{}.html", std::process::id()));
    std::fs::write(&path, "<p>x").unwrap();
    let (out, _, ok) = htmlforge(&["serialize", "--minimize", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert!(ok);
    assert_eq!(out, "<p>x");
    let (_, err, ok) = htmlforge(&["serialize", "--bogus", "-"], "");
    assert!(!ok);
    assert!(err.contains("'--bogus'") && err.contains("Usage: htmlforge serialize"), "{err}");
    let (_, err, ok) = htmlforge(&["serialize", "/nonexistent/page.html"], "");
    assert!(!ok);
    assert!(err.contains("/nonexistent/page.html"), "{err}");
}

#[test]
fn shadow_roots_and_template_patching_are_opt_in_flags() {
    let input = "<div><template shadowrootmode=open shadowrootserializable><b>s</b></template>l</div>";
    let (out, _, ok) = htmlforge(&["serialize", "--shadow-roots", "--minimize", "-"], input);
    assert!(ok);
    assert_eq!(out, "<div><template shadowrootmode=open shadowrootserializable><b>s</b></template>l</div>");
    let (out, _, ok) = htmlforge(&["tree", "--shadow-roots", "-"], input);
    assert!(ok);
    assert!(out.contains("|       #shadow-root (open)\n|         <b>\n"), "{out}");
    let (out, _, ok) = htmlforge(
        &["serialize", "--template-patching", "-"],
        r#"<p><?marker name="m"></p><template for=m>x</template>"#,
    );
    assert!(ok);
    assert_eq!(out, "<html><head></head><body><p>x</p></body></html>");
}
