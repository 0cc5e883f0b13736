//! CSS selectors on the built-in DOM: what the module docs promise beyond
//! what the differential against scraper covers (quirks mode, the state
//! pseudo-classes' edge cases, scoping, errors).
#![cfg(feature = "selectors")]

use htmlforge::select::Selector;

fn texts(document: &htmlforge::Document, selector: &str) -> Vec<String> {
    document.select(&Selector::parse(selector).unwrap()).map(|element| element.text_content()).collect()
}

#[test]
fn class_and_id_selectors_ignore_case_in_quirks_mode_only() {
    let quirks = htmlforge::parse_document("<p class=Intro id=Main>q");
    let standards = htmlforge::parse_document("<!doctype html><p class=Intro id=Main>s");
    assert_eq!(texts(&quirks, ".intro"), ["q"]);
    assert_eq!(texts(&quirks, "#main"), ["q"]);
    assert!(texts(&standards, ".intro").is_empty() && texts(&standards, "#main").is_empty());
    assert_eq!(texts(&standards, ".Intro"), ["s"]);
}

#[test]
fn disabled_follows_fieldsets_and_their_first_legend() {
    let document = htmlforge::parse_document(
        "<fieldset disabled><legend><input value=1></legend><legend><input value=2></legend><input value=3>\
         </fieldset><select><optgroup disabled><option>a</option></optgroup><option disabled>b<option>c</select>",
    );
    let values = |selector: &str| -> Vec<String> {
        document
            .select(&Selector::parse(selector).unwrap())
            .map(|e| e.attr("value").map_or_else(|| e.text_content(), str::to_string))
            .collect()
    };
    assert_eq!(values("input:disabled"), ["2", "3"]);
    assert_eq!(values("input:enabled"), ["1"]);
    assert_eq!(values("option:disabled"), ["a", "b"]);
    assert_eq!(values("option:enabled"), ["c"]);
}

#[test]
fn checked_and_link_read_the_markup() {
    let document = htmlforge::parse_document(
        "<input type=CHECKBOX checked value=a><input type=text checked value=b><input type=radio value=c>\
         <select><option selected>d</select><a href=x>e</a><a>f</a><svg><a href=y>g</a></svg><area href=z>",
    );
    let checked: Vec<_> =
        document.select(&Selector::parse(":checked").unwrap()).map(|e| e.attr("value").unwrap_or("d")).collect();
    assert_eq!(checked, ["a", "d"]);
    let links: Vec<_> = document.select(&Selector::parse(":link").unwrap()).map(|e| e.local_name()).collect();
    assert_eq!(links, ["a", "area"]);
    assert!(texts(&document, ":visited").is_empty());
}

#[test]
fn element_select_is_scoped_and_document_select_is_in_tree_order() {
    let document = htmlforge::parse_document("<div id=a><p>1</p><div><p>2</p></div></div><p>3</p>");
    let outer = document.element(document.get_element_by_id("a").unwrap()).unwrap();
    let scoped: Vec<_> =
        outer.select(&Selector::parse(":scope > p, div p").unwrap()).map(|p| p.text_content()).collect();
    assert_eq!(scoped, ["1", "2"]);
    assert_eq!(outer.select_first(&Selector::parse("p").unwrap()).unwrap().text_content(), "1");
    assert_eq!(texts(&document, "p"), ["1", "2", "3"]);
    // Template contents are not searched.
    let template = htmlforge::parse_document("<template><p>t</p></template><p>u</p>");
    assert_eq!(texts(&template, "p"), ["u"]);
}

#[test]
fn errors_say_what_and_where_and_selectors_print_as_css() {
    // The column is the bad token's (a pseudo-class's colon), or the
    // column after the end when the selector stops short; not where the
    // parser stopped (the end of each of these).
    for (bad, column) in [("nav >", 6), ("a[=x]", 3), ("p:hover", 2), ("::before", 1), ("", 1), ("a ! b", 3)] {
        let error = Selector::parse(bad).unwrap_err();
        assert_eq!(error.column(), column, "{bad:?}: {error}");
        assert!(error.to_string().starts_with(&format!("invalid selector at column {column}: ")), "{error}");
    }
    let selector: Selector = "ul  >  li.a:nth-child(2n+1)".parse().unwrap();
    assert_eq!(selector.to_string(), "ul > li.a:nth-child(2n+1)");
}

/// A fragment's nodes hang under the DocumentFragment the fragment parse
/// returns: selectors search it, as `fragment.querySelectorAll` does.
#[test]
fn selectors_search_a_fragment() {
    let fragment = htmlforge::parse_fragment("<td>a<td class=x>b", &htmlforge::FragmentContext::html("tr"));
    let cells: Vec<_> = fragment.select(&Selector::parse("td").unwrap()).map(|td| td.text_content()).collect();
    assert_eq!(cells, ["a", "b"]);
    assert_eq!(
        fragment.select_first(&Selector::parse(".x").unwrap()).map(|td| td.text_content()).as_deref(),
        Some("b")
    );
    // `:root` is the document element, which a fragment's nodes are not.
    assert_eq!(fragment.select(&Selector::parse(":root").unwrap()).count(), 0);
}

/// A selector nested deeper than any stylesheet needs is an error, not a
/// recursion per level in the parse (or the match) that overflows the
/// stack: checked on a 256 KB stack.
#[test]
fn deeply_nested_selectors_are_an_error_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            for (open, close) in [(":is(", ")"), (":not(", ")"), (":where(", ")"), (":has(", ")"), ("[", "]")] {
                let selector = format!("div{}p{}", open.repeat(100_000), close.repeat(100_000));
                let error = Selector::parse(&selector).unwrap_err();
                assert_eq!(error.message(), "nested deeper than 32 blocks", "{open}…");
                assert_eq!(error.column() as usize, 3 + open.len() * 33, "{open}…");
            }
            // As deep as allowed: parsed and matched.
            let document = htmlforge::parse_document("<div><p>x</div>");
            let deepest = format!("div {}p{}", ":is(".repeat(32), ")".repeat(32));
            assert_eq!(document.select(&Selector::parse(&deepest).unwrap()).count(), 1);
            // Parentheses in strings and comments do not nest.
            let quoted = format!("[title=\"{}\"] /* {} */ p", "(".repeat(100), "[".repeat(100));
            assert!(Selector::parse(&quoted).is_ok());
        })
        .expect("spawn")
        .join()
        .unwrap_or_else(|_| panic!("overflowed or panicked"));
}
