//! Helpers that read lists out of the prose of the saved spec texts.
//!
//! The saved WHATWG copy lost its list markup: a list such as "a dd element,
//! a dt element, …" survives as `dd\nelement, a dt\nelement, …`, and a
//! namespaced list such as "ol in the HTML namespace, ul in the HTML
//! namespace" as `ol\nin the HTML namespaceul\nin the HTML namespace`. These
//! helpers undo exactly those two kinds of damage; anything else is an error
//! that names the file, so that a changed spec text is noticed, not guessed.

use crate::Result;

/// The text after the first `start` and before the next `end` after it.
pub fn between<'a>(text: &'a str, file: &str, start: &str, end: &str) -> Result<&'a str> {
    let from = text.find(start).ok_or_else(|| format!("{file}: no {start:?}"))? + start.len();
    let len = text[from..].find(end).ok_or_else(|| format!("{file}: no {end:?} after {start:?}"))?;
    Ok(&text[from..from + len])
}

/// The namespace keyword of a spec word: `HTML's`, `MathML`, `SVG's` … →
/// `html`, `mathml`, `svg` (the namespace column of element-categories.txt).
pub fn namespace_keyword(word: &str) -> Option<&'static str> {
    match word.trim_end_matches("'s") {
        "HTML" => Some("html"),
        "MathML" => Some("mathml"),
        "SVG" => Some("svg"),
        _ => None,
    }
}

/// Reads a prose list of element names separated by `,` or `;`, such as
/// `HTML's address, applet; MathML mi, MathML mo; and SVG title.` or
/// `a dd\nelement, a dt\nelement, or an rtc\nelement`. A namespace word
/// applies to its item and every later one until the next namespace word;
/// items before the first one are in `default_namespace`. Articles and
/// conjunctions are dropped from the front of an item and "element" from
/// its end, but never the last word left: the `a` element stays.
pub fn prose_list(text: &str, default_namespace: &'static str) -> Result<Vec<(&'static str, String)>> {
    let mut namespace = default_namespace;
    let mut out = Vec::new();
    for item in text.split([',', ';']) {
        let mut words = Vec::new();
        for word in item.split_whitespace() {
            let word = word.trim_end_matches('.');
            if let Some(ns) = namespace_keyword(word) {
                namespace = ns;
            } else if !word.is_empty() {
                words.push(word);
            }
        }
        while words.len() > 1 && matches!(words.last(), Some(&("element" | "elements"))) {
            words.pop();
        }
        while words.len() > 1 && matches!(words[0], "a" | "an" | "and" | "or") {
            words.remove(0);
        }
        match words.as_slice() {
            [] => {}
            [name] => out.push((namespace, name.to_string())),
            _ => return Err(format!("cannot read {item:?} as one element name")),
        }
    }
    Ok(out)
}

/// Reads a list of element names, one per line, each optionally followed by
/// "in the X namespace" (which the saved WHATWG copy glued to the next
/// name: `ol\nin the HTML namespaceul`). Returns the names with the
/// namespace keyword when the text gives one.
pub fn namespaced_lines(text: &str) -> Vec<(String, Option<&'static str>)> {
    let unglued = text.replace("namespace", "namespace\n");
    let words: Vec<&str> = unglued.split_whitespace().collect();
    let mut out: Vec<(String, Option<&'static str>)> = Vec::new();
    let mut at = 0;
    while at < words.len() {
        if words[at..].starts_with(&["in", "the"]) && words.get(at + 3) == Some(&"namespace") {
            if let (Some(last), Some(ns)) = (out.last_mut(), namespace_keyword(words[at + 2])) {
                last.1 = Some(ns);
            }
            at += 4;
            continue;
        }
        out.push((words[at].to_string(), None));
        at += 1;
    }
    out
}

/// Every `NAME [element] in the NS namespace` of a text, as (name, namespace
/// keyword): how the W3C copy qualifies the items of its lists.
pub fn namespace_qualified_names(text: &str) -> Vec<(String, &'static str)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    for at in 4..words.len() {
        if words[at] != "namespace" || words[at - 2] != "the" || words[at - 3] != "in" {
            continue;
        }
        let Some(ns) = namespace_keyword(words[at - 1]) else {
            continue;
        };
        let name = if words[at - 4] == "element" && at >= 5 { words[at - 5] } else { words[at - 4] };
        out.push((name.to_string(), ns));
    }
    out
}

/// The rows of a `| `-separated table (`cell | cell |`) that starts on the
/// line after `header` and its `---|` rule, up to the first other line.
pub fn pipe_table(text: &str, file: &str, header: &str) -> Result<Vec<Vec<String>>> {
    let mut lines = text.lines().skip_while(|line| !line.starts_with(header));
    if lines.next().is_none() {
        return Err(format!("{file}: no table headed {header:?}"));
    }
    let rows: Vec<Vec<String>> = lines
        .skip_while(|line| line.starts_with("---"))
        .take_while(|line| line.trim_end().ends_with('|'))
        .map(|line| {
            let line = line.trim_end().trim_end_matches('|');
            line.split('|').map(|cell| cell.trim().to_string()).collect()
        })
        .collect();
    if rows.is_empty() {
        return Err(format!("{file}: the table headed {header:?} has no rows"));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_finds_the_first_enclosed_text() {
        assert_eq!(between("x [a] [b]", "f", "[", "]").unwrap(), "a");
        assert!(between("x", "f", "[", "]").is_err());
    }

    #[test]
    fn prose_list_reads_the_special_category_in_both_forms() {
        let whatwg = "HTML's address\n, applet\n, xmp\n; MathML mi\n, and MathML annotation-xml\n; and SVG foreignObject\n, and SVG title\n";
        let w3c =
            "HTML's address,\napplet, and xmp; MathML's mi, and annotation-xml; and SVG's foreignObject,\nand title";
        let expected = [
            ("html", "address"),
            ("html", "applet"),
            ("html", "xmp"),
            ("mathml", "mi"),
            ("mathml", "annotation-xml"),
            ("svg", "foreignObject"),
            ("svg", "title"),
        ];
        let expected: Vec<(&str, String)> = expected.iter().map(|(n, e)| (*n, e.to_string())).collect();
        assert_eq!(prose_list(whatwg, "html").unwrap(), expected);
        assert_eq!(prose_list(w3c, "html").unwrap(), expected);
    }

    #[test]
    fn prose_list_drops_articles_and_the_word_element() {
        let text = "a dd\nelement, a dt\nelement, an li\nelement, or an rtc\nelement";
        let names: Vec<String> = prose_list(text, "html").unwrap().into_iter().map(|(_, n)| n).collect();
        assert_eq!(names, ["dd", "dt", "li", "rtc"]);
        let names: Vec<String> =
            prose_list("a\n, b\n, or an a element", "html").unwrap().into_iter().map(|(_, n)| n).collect();
        assert_eq!(names, ["a", "b", "a"]);
        assert!(prose_list("two words element", "html").is_err());
    }

    #[test]
    fn namespaced_lines_unglue_the_namespace_phrase() {
        let text = "applet\ncaption\nol\nin the HTML namespaceul\nin the HTML namespace";
        assert_eq!(
            namespaced_lines(text),
            [
                ("applet".to_string(), None),
                ("caption".to_string(), None),
                ("ol".to_string(), Some("html")),
                ("ul".to_string(), Some("html")),
            ]
        );
    }

    #[test]
    fn namespace_qualified_names_read_the_w3c_forms() {
        let text = "mi in the MathML namespace\nA foreignObject element in the SVG namespace";
        assert_eq!(
            namespace_qualified_names(text),
            [("mi".to_string(), "mathml"), ("foreignObject".to_string(), "svg")]
        );
    }

    #[test]
    fn pipe_table_reads_rows_until_the_table_ends() {
        let text = "intro\nTag name | Element name |\n---|---|\naltglyph | altGlyph |\nclippath | clipPath |\nAfter.\n";
        assert_eq!(
            pipe_table(text, "f", "Tag name |").unwrap(),
            [vec!["altglyph", "altGlyph"], vec!["clippath", "clipPath"]]
        );
    }
}
