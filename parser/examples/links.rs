//! The title and the link targets of a page: `cargo run --example links -- page.html`.
use htmlforge::select::Selector;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: links FILE")?;
    let document = htmlforge::parse_document(&std::fs::read_to_string(path)?);
    println!("{}", document.title().unwrap_or_default());
    for link in document.select(&Selector::parse("a[href]")?) {
        println!("{}", link.attr("href").unwrap_or_default());
    }
    Ok(())
}
