//! The link targets of a page as absolute URLs, resolved as a browser
//! resolves them: against the document base URL, which is the page's
//! address or, when the page has a `<base href>`, that URL resolved against
//! the address (the standard's "document base URL"). With the `url` crate:
//! `cargo run --example links -- page.html https://example.com/news/`.
use htmlforge::select::Selector;
use url::Url;

const USAGE: &str = "usage: links FILE ADDRESS";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (path, address) = (args.next().ok_or(USAGE)?, args.next().ok_or(USAGE)?);
    let document = htmlforge::parse_document(&std::fs::read_to_string(path)?);
    let address = Url::parse(&address)?;
    let base = document
        .select_first(&Selector::parse("base[href]")?)
        .and_then(|base| address.join(base.attr("href")?).ok())
        .unwrap_or(address);
    for link in document.select(&Selector::parse("a[href], area[href]")?) {
        // An href that does not parse as a URL leads nowhere; a browser
        // ignores it too.
        if let Ok(url) = base.join(link.attr("href").unwrap_or_default()) {
            println!("{url}");
        }
    }
    Ok(())
}
