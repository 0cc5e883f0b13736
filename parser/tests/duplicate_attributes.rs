//! "check-for-duplicate-attribute" on leaving the attribute name state: a
//! name the tag already has is a duplicate-attribute parse error and the
//! later attribute is dropped, whether the names are known to the names
//! table or not, share the duplicate check's bit, follow a tag with other
//! attributes, or come after many attributes.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#attribute-name-state>

use htmlforge::parse_document;

/// The `p` elements' attribute names and values, and the number of
/// duplicate-attribute errors.
fn parse(input: &str) -> (Vec<Vec<(String, String)>>, usize) {
    let document = parse_document(input);
    let elements = document
        .get_elements_by_tag_name("p")
        .map(|id| {
            let element = document.element(id).unwrap();
            element.attrs().map(|a| (a.name.to_string(), a.value.to_string())).collect()
        })
        .collect();
    let duplicates = document.errors.iter().filter(|e| e.code.as_str() == "duplicate-attribute").count();
    (elements, duplicates)
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items.iter().map(|&(name, value)| (name.to_string(), value.to_string())).collect()
}

#[test]
fn known_and_unknown_names() {
    let (elements, duplicates) =
        parse("<p class=a id=b class=c data-x=1 data-y=2 data-x=3 foo bar foo><p class=d><p id=e class=f id=g>");
    assert_eq!(
        elements,
        [
            pairs(&[("class", "a"), ("id", "b"), ("data-x", "1"), ("data-y", "2"), ("foo", ""), ("bar", "")]),
            pairs(&[("class", "d")]),
            pairs(&[("id", "e"), ("class", "f")]),
        ]
    );
    assert_eq!(duplicates, 4);
}

#[test]
fn a_tag_after_a_tag_with_the_same_names_starts_over() {
    let (elements, duplicates) = parse("<p a=1 b=2 c=3></p><p c=4 b=5 a=6>");
    assert_eq!(elements, [pairs(&[("a", "1"), ("b", "2"), ("c", "3")]), pairs(&[("c", "4"), ("b", "5"), ("a", "6")])]);
    assert_eq!(duplicates, 0);
}

#[test]
fn many_attributes() {
    // More attributes than the linear search takes, with every known
    // name's bit in use: only the repeated names are dropped.
    let names = ["class", "id", "title", "lang", "dir", "style", "hidden", "href", "src", "alt", "name", "type"];
    let mut input = String::from("<p");
    let mut expected = Vec::new();
    for round in 0..4 {
        for name in names {
            let value = format!("{name}{round}");
            input.push_str(&format!(" {name}={value}"));
            if round == 0 {
                expected.push((name.to_string(), value));
            }
        }
        for n in 0..10 {
            let name = format!("x{round}-{n}");
            input.push_str(&format!(" {name}=v"));
            expected.push((name, "v".to_string()));
        }
    }
    input.push_str(" x0-0=again class=again>");
    let (elements, duplicates) = parse(&input);
    assert_eq!(elements, [expected]);
    assert_eq!(duplicates, 3 * names.len() + 2);
}
