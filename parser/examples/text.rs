//! The visible text of a page's body: `cargo run --example text -- page.html`.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: text FILE")?;
    let document = htmlforge::parse_document(&std::fs::read_to_string(path)?);
    let body = document.body().ok_or("no body")?;
    println!("{}", document.visible_text(body));
    Ok(())
}
