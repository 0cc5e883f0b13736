//! A page's table as CSV, one record per row and one field per cell (its
//! visible text), written by the `csv` crate:
//! `cargo run --example table -- page.html '#prices'` (the table the
//! selector finds first; without one, the page's first table).
use htmlforge::select::Selector;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: table FILE [SELECTOR]")?;
    let selector = Selector::parse(&args.next().unwrap_or_else(|| "table".into()))?;
    let document = htmlforge::parse_document(&std::fs::read_to_string(path)?);
    let table = document.select_first(&selector).ok_or("no table")?;
    // `:scope >` keeps to this table's rows and cells, not those of a
    // table nested in a cell (rows hang under the tbody the parser adds).
    let rows = Selector::parse(":scope > tr, :scope > thead > tr, :scope > tbody > tr, :scope > tfoot > tr")?;
    let cells = Selector::parse(":scope > td, :scope > th")?;
    let mut csv = csv::WriterBuilder::new().flexible(true).from_writer(std::io::stdout());
    for row in table.select(&rows) {
        csv.write_record(row.select(&cells).map(|cell| cell.visible_text()))?;
    }
    csv.flush()?;
    Ok(())
}
