//! A fragment parsed as the content of a `<td>`, as `innerHTML` would:
//! `cargo run --example fragment -- '<b>bold</b> & text'`.
fn main() {
    let markup = std::env::args().nth(1).unwrap_or_else(|| "<b>bold</b> &amp; text<td>next cell".into());
    let fragment = htmlforge::parse_fragment(&markup, &htmlforge::FragmentContext::html("td"));
    println!("{}", fragment.inner_html(fragment.fragment_root().expect("a fragment has a root")));
}
