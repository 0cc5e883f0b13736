//! The `Limits::UNTRUSTED` memory bound: with `Limits::for_input_bytes(n)`,
//! a parse's peak heap stays under `Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE`
//! times n, whatever the input. The markup is repeated (a knob) so that
//! short fuzz inputs become hostile documents past the limit: repetition
//! is what the pathological families are made of.
//!
//! Knobs: [repetitions / 4, flags (bit 0: scripting, bit 1: the byte path)].
#![no_main]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use htmlforge::{parse_bytes, parse_document_with, ByteParseOptions, Limits, ParseOptions};
use htmlforge_fuzz::Input;
use libfuzzer_sys::fuzz_target;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(size: usize) {
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call goes straight to the system allocator with the same
// arguments; the counters are only bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            grew(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        unsafe { System.dealloc(pointer, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = unsafe { System.realloc(pointer, layout, new_size) };
        if !new.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Small, so that a few repetitions of a 4 KB input go past it.
const MAX_INPUT_BYTES: usize = 16 * 1024;

fuzz_target!(|data: &[u8]| {
    let input = Input::split(data, 2);
    let repetitions = 4 * usize::from(input.knob(0)) + 1;
    let markup = input.markup.repeat(repetitions);
    let options = ParseOptions::default().scripting(input.knob(1) & 1 == 1).limits(Limits::for_input_bytes(MAX_INPUT_BYTES));
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    if input.knob(1) & 2 == 2 {
        drop(parse_bytes(&markup, ByteParseOptions::default().parse(options)));
    } else {
        drop(parse_document_with(&String::from_utf8_lossy(&markup), options));
    }
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(base);
    let bound = Limits::UNTRUSTED_PEAK_PER_INPUT_BYTE * MAX_INPUT_BYTES;
    assert!(peak <= bound, "peak {peak} bytes over the bound of {bound} ({} bytes in)", markup.len());
});
