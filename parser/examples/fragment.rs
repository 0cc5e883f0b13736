//! Rows parsed as the content of a `<tbody>`, as `innerHTML` would parse
//! them there (in a `div`, the `tr` and `td` tags would be dropped), then
//! searched: `cargo run --example fragment -- '<tr><td>1<td>2'`.
use htmlforge::select::Selector;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let markup = std::env::args().nth(1).unwrap_or_else(|| "<tr><td>1<td>2<tr><td>3 &amp; 4".into());
    let fragment = htmlforge::parse_fragment(&markup, &htmlforge::FragmentContext::html("tbody"));
    println!("{}", fragment.inner_html(fragment.fragment_root().ok_or("a fragment has a root")?));
    let cells: Vec<String> = fragment.select(&Selector::parse("td")?).map(|cell| cell.text_content()).collect();
    println!("{} cells: {}", cells.len(), cells.join(", "));
    Ok(())
}
