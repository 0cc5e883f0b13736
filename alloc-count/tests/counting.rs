//! `Counting` as this test binary's allocator: its counters follow what is
//! allocated, grown and freed.

use htmlforge_alloc_count::{global, Counting};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn the_peak_of_a_call_is_what_it_held_at_most() {
    // One test in this binary: nothing else allocates meanwhile.
    let (kept, peak) = global::peak_of(|| {
        let big = vec![0u8; 1 << 20];
        drop(std::hint::black_box(big));
        vec![0u8; 1000]
    });
    assert!(peak >= 1 << 20, "peak {peak}");
    assert!(peak < (1 << 20) + 4096, "peak {peak}");
    let before = global::current();
    drop(kept);
    assert_eq!(global::current(), before - 1000);
}
