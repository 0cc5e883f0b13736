//! `PerThread` as this test binary's allocator: another thread's
//! allocations do not reach this thread's counters.

use htmlforge_alloc_count::{thread, PerThread};

#[global_allocator]
static ALLOCATOR: PerThread = PerThread;

#[test]
fn another_threads_allocations_are_not_counted_here() {
    let (_, peak) = thread::peak_of(|| {
        std::thread::spawn(|| drop(std::hint::black_box(vec![0u8; 1 << 20]))).join().unwrap();
    });
    assert!(peak < 1 << 16, "peak {peak}: the other thread's megabyte was counted");
    let (kept, peak) = thread::peak_of(|| vec![0u8; 1 << 20]);
    assert!(peak >= 1 << 20, "peak {peak}");
    drop(kept);
}
