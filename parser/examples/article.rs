//! The text of a page's article as a reader sees it: the visible text of
//! its `article` element, else its `main`, else its body (scripts, styles,
//! hidden elements, SVG icons' titles… left out):
//! `cargo run --example article -- page.html`.
use htmlforge::select::Selector;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: article FILE")?;
    let document = htmlforge::parse_document(&std::fs::read_to_string(path)?);
    let article = match document.select_first(&Selector::parse("article")?) {
        Some(article) => article,
        None => document.select_first(&Selector::parse("main")?).or(document.body()).ok_or("no body")?,
    };
    println!("{}", article.visible_text());
    Ok(())
}
