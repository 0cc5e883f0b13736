//! Removes a page's scripts, marks its links `rel=nofollow`, and prints the
//! HTML: `cargo run --example rewrite -- page.html`.
use htmlforge::select::Selector;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: rewrite FILE")?;
    let mut document = htmlforge::parse_document(&std::fs::read_to_string(path)?);
    let scripts: Vec<_> = document.select(&Selector::parse("script")?).map(|e| e.id()).collect();
    let links: Vec<_> = document.select(&Selector::parse("a[href]")?).map(|e| e.id()).collect();
    for script in scripts {
        document.remove(script);
    }
    for link in links {
        document.set_attribute(link, "rel", "nofollow")?;
    }
    println!("{}", htmlforge::serialize_document(&document));
    Ok(())
}
