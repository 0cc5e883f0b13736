//! A file streamed as bytes, its encoding sniffed as a browser does:
//! `cargo run --example bytes -- page.html`.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let file = std::fs::File::open(std::env::args().nth(1).ok_or("usage: bytes FILE")?)?;
    let parsed = htmlforge::parse_reader(file, htmlforge::ByteParseOptions::default())?;
    let elements = parsed.document.elements().count();
    println!("{} ({:?}): {elements} elements", parsed.encoding.encoding.name(), parsed.encoding.confidence);
    Ok(())
}
