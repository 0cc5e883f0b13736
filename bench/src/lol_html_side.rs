//! lol_html (cargo feature `lol_html`): Cloudflare's streaming rewriter,
//! which builds no tree. Two passes: with an `element!("*")` handler (every
//! start tag reaches Rust, the nearest thing it has to a parse), and with
//! no handler at all (its byte pass-through, the floor of its cost). The
//! output is discarded.

use lol_html::{element, HtmlRewriter, Settings};

/// Runs `page` through the rewriter with a handler on every element;
/// returns the number of elements.
pub fn element_scan(page: &[u8]) -> usize {
    let mut elements = 0;
    let settings = Settings::new().append_element_content_handler(element!("*", |_element| {
        elements += 1;
        Ok(())
    }));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    rewriter.write(page).expect("lol_html write");
    rewriter.end().expect("lol_html end");
    elements
}

/// Runs `page` through the rewriter with no handler; returns its length.
pub fn pass_through(page: &[u8]) -> usize {
    let mut rewriter = HtmlRewriter::new(Settings::new(), |_: &[u8]| {});
    rewriter.write(page).expect("lol_html write");
    rewriter.end().expect("lol_html end");
    page.len()
}
