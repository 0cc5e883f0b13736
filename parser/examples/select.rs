//! The links of a page's `nav` and its elements of class `title`:
//! `cargo run --example select -- page.html`.
use htmlforge::select::Selector;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: select FILE")?;
    let document = htmlforge::parse_document(&std::fs::read_to_string(path)?);
    for element in document.select(&Selector::parse("nav a, .title")?) {
        println!("<{}> {}", element.local_name(), element.text_content().trim());
    }
    Ok(())
}
