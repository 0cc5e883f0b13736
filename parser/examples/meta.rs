//! A page's title and description, as a search result shows them:
//! `cargo run --example meta -- page.html`.
use htmlforge::select::Selector;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: meta FILE")?;
    let document = htmlforge::parse_document(&std::fs::read_to_string(path)?);
    // The `title` element's text with its white space collapsed, as a tab
    // shows it (the DOM's `document.title`).
    println!("{}", document.title().unwrap_or_default());
    // `name` is compared ASCII case-insensitively, as the standard says
    // for a `meta` element's name: hence the `i` flag.
    let description = Selector::parse("meta[name=description i][content]")?;
    println!("{}", document.select_first(&description).and_then(|meta| meta.attr("content")).unwrap_or_default());
    Ok(())
}
