//! Every walk of the tree at depth 1,000,000, in a thread with a 256 KB
//! stack (smaller than any default: the main thread's 8 MB, a test
//! thread's 2 MB): selectors, serializers, visible text, text content,
//! clone, compact, descendants, and drop. Nothing may recurse per level.

use htmlforge::dom::{pretty_html, Document, MAX_INDENT_DEPTH};
use htmlforge::select::Selector;

const DEPTH: usize = 1_000_000;

fn on_small_stack(job: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(job)
        .expect("spawn")
        .join()
        .unwrap_or_else(|_| panic!("overflowed or panicked"));
}

/// 1,000,000 nested divs with a `p` at the bottom.
fn deep() -> Document {
    htmlforge::parse_document(&format!("{}<p>x", "<div>".repeat(DEPTH)))
}

#[test]
fn selectors_return_at_depth_one_million() {
    on_small_stack(|| {
        let document = deep();
        for (selector, expected) in [
            ("body:has(p)", 1),
            ("div:has(p)", DEPTH),
            ("div:has(> p)", 1),
            ("div:not(:has(p))", 0),
            // head, the deepest div and p: every other element holds a div.
            (":not(:has(div))", 3),
            ("div:has(+ p)", 0),
            ("div:has(~ p)", 0),
            ("div p", 1),
            ("div > p", 1),
            ("div > div > p", 1),
            ("body div", DEPTH),
            ("div:nth-child(1)", DEPTH),
            ("div:nth-last-child(1)", DEPTH),
            ("div:nth-of-type(2)", 0),
            ("p:only-child", 1),
            ("div ~ div", 0),
        ] {
            let parsed = Selector::parse(selector).unwrap();
            assert_eq!(document.select(&parsed).count(), expected, "{selector}");
        }
        // :has() cannot nest (Selectors 4): an error, not a crash.
        assert!(Selector::parse(":has(:has(p))").is_err());
        // One element matched on its own.
        let p = document.select_first(&Selector::parse("p").unwrap()).unwrap();
        assert!(Selector::parse("body :not(:has(div)) ").unwrap().matches(&p));
        drop(document);
    });
}

#[test]
fn serializers_return_at_depth_one_million() {
    on_small_stack(|| {
        let document = deep();
        let root = document.document();
        let plain = htmlforge::serialize_document(&document);
        assert_eq!(plain.matches("<div>").count(), DEPTH);
        let pretty = pretty_html(&document, root);
        // The indentation is capped: within a constant of the plain output.
        let elements = DEPTH + 5;
        assert!(pretty.len() <= plain.len() + elements * 2 * (1 + 2 * MAX_INDENT_DEPTH));
        let body = document.body().unwrap();
        assert_eq!(document.inner_html(body).len(), plain.len() - "<html><head></head><body></body></html>".len());
        let mut events = 0usize;
        htmlforge::serializer::walk_events(&document, htmlforge::dom::Walk::node(&document, root), |_| {
            events += 1;
            Ok::<(), ()>(())
        })
        .unwrap();
        assert!(events > 2 * DEPTH);
    });
}

#[test]
fn text_walks_and_copies_return_at_depth_one_million() {
    on_small_stack(|| {
        let mut document = deep();
        let root = document.document();
        assert_eq!(document.visible_text(root), "x");
        assert_eq!(document.text_content(root), "x");
        assert_eq!(document.descendants(root).count(), DEPTH + 6);
        let body = document.body().unwrap().id();
        let copy = document.clone_node_deep(body);
        assert_eq!(document.descendants(copy).count(), DEPTH + 3);
        assert_eq!(document.compacted().node_count(), document.node_count() - DEPTH - 3);
        document.remove(body);
        drop(document);
    });
}
