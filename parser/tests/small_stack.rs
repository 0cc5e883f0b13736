//! Deep hostile documents parsed, walked, dumped and dropped in a thread
//! with a 256 KB stack: nothing may recurse per level of nesting. (The
//! release-mode benchmark `pathological` runs the full sizes and checks
//! linear scaling; these are the debug-mode smoke versions.)

use htmlforge::dom::dump_html5lib;
use htmlforge::serializer::{serialize_to_string, Event, SerializeOptions};
use htmlforge::tokenizer::tokenize;

fn on_small_stack(name: &str, input: String) {
    let name = name.to_string();
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let document = htmlforge::parse_document(&input);
            let nodes = document.node_count();
            assert!(nodes > 1_000, "{name}: {nodes} nodes");
            let text = document.text_content(document.document());
            assert!(text.len() < input.len());
            let context = htmlforge::FragmentContext::html("td");
            drop(htmlforge::parse_fragment(&input, &context));
            // Tokens through the event serializer (flat, no tree).
            let tokens = tokenize(&input[..input.len().min(200_000)]);
            let events = tokens.iter().filter_map(|token| match token {
                htmlforge::tokenizer::OwnedToken::Characters(text) => Some(Event::Text(text)),
                _ => None,
            });
            drop(serialize_to_string(events, &SerializeOptions::default()));
            drop(document);
        })
        .expect("spawn")
        .join()
        .unwrap_or_else(|_| panic!("overflowed or panicked"));
}

const DEPTH: usize = 30_000;

#[test]
fn nested_divs() {
    on_small_stack("div", "<div>".repeat(DEPTH));
}

#[test]
fn nested_templates() {
    on_small_stack("template", format!("{}x", "<template>".repeat(DEPTH)));
}

#[test]
fn nested_tables_with_foster_parented_text() {
    on_small_stack("table", "<table>x<tr><td>".repeat(DEPTH / 4));
}

#[test]
fn nested_foreign_content_with_integration_points() {
    on_small_stack(
        "foreign",
        "<svg><foreignObject><math><mi><svg><desc><math><annotation-xml encoding=text/html><div>".repeat(DEPTH / 9),
    );
}

#[test]
fn unclosed_and_misnested_formatting_elements() {
    on_small_stack("formatting", format!("{}<div>x{}", "<a><b>".repeat(DEPTH / 2), "</a>y</b>".repeat(DEPTH / 2)));
    on_small_stack("misnested", "<b><i>x</b>y</i>z<p>".repeat(DEPTH / 10));
}

#[test]
fn a_deep_dump_is_iterative() {
    // The dump is quadratic in the depth (indentation): a shallower one.
    let document = htmlforge::parse_document(&"<span>".repeat(3_000));
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || assert_eq!(dump_html5lib(&document).lines().count(), 3_003))
        .expect("spawn")
        .join()
        .unwrap();
}
