//! `htmlforge tree` streams its dump: the html5lib format repeats each
//! line's indent, so 20,000 nested elements make about 400 MB of text, and
//! the dump must not hold it. A counting allocator measures the peak the
//! writer the verb uses adds on top of the document.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(size: usize) {
    let now = CURRENT.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// The peak memory of a call can only be measured by seeing every
// allocation; this test binary has no other use for unsafe code.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwards the caller's contract to the system allocator.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            grew(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwards the caller's contract to the system allocator.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwards the caller's contract to the system allocator.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        new
    }
}

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
    let before = CURRENT.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let mut sink = CountingSink(0);
    htmlforge::dom::write_html5lib(&document, &mut sink).unwrap();
    let added = PEAK.load(Ordering::Relaxed) - before;
    // Each line is "| " + 2 spaces per level + "<div>\n".
    assert!(sink.0 > depth * depth, "{} bytes written", sink.0);
    // The walk's stack (a node and a depth per pending node) and one
    // line's indent: well under a megabyte, against 400 MB written.
    assert!(added < 1 << 20, "the dump added {added} bytes at its peak for {} bytes written", sink.0);
}
