//! `htmlforge tree` streams its dump: the html5lib format repeats each
//! line's indent, so 20,000 nested elements make about 400 MB of text, and
//! the dump must not hold it. A counting allocator measures the peak the
//! writer the verb uses adds on top of the document.

use std::io::Write;

use htmlforge_alloc_count::{global, Counting};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Counts the bytes written and keeps none.
struct CountingSink(usize);

impl Write for CountingSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn the_dump_of_20000_nested_elements_holds_no_text() {
    let depth = 20_000;
    let document = htmlforge::parse_document(&"<div>".repeat(depth));
    let mut sink = CountingSink(0);
    let (written, added) = global::peak_of(|| htmlforge::dom::write_html5lib(&document, &mut sink));
    written.unwrap();
    // Each line is "| " + 2 spaces per level + "<div>\n".
    assert!(sink.0 > depth * depth, "{} bytes written", sink.0);
    // The walk's stack (a node and a depth per pending node) and one
    // line's indent: well under a megabyte, against 400 MB written.
    assert!(added < 1 << 20, "the dump added {added} bytes at its peak for {} bytes written", sink.0);
}
