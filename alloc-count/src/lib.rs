//! Counting global allocators, for the memory figures and bounds of the
//! workspace's tests, benchmarks and fuzz targets: bytes held now, and the
//! peak since a reset. Each forwards every call to the system allocator and
//! counts the sizes asked for.
//!
//! - [`Counting`] counts the whole process ([`global`]): for a benchmark or
//!   a test binary whose measured parts run alone.
//! - [`PerThread`] counts each thread apart ([`thread`]): for tests that
//!   `cargo test` runs in parallel in one binary.
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOCATOR: htmlforge_alloc_count::Counting = htmlforge_alloc_count::Counting;
//!
//! let (document, peak) = htmlforge_alloc_count::global::peak_of(|| htmlforge::parse_document("<p>"));
//! ```
//!
//! (The example cannot run as a doctest: a doctest binary has its own
//! global allocator.)

use std::alloc::{GlobalAlloc, Layout, System};

/// A global allocator that counts the bytes the whole process holds (see
/// [`global`]).
pub struct Counting;

/// A global allocator that counts the bytes each thread allocated and has
/// not freed (see [`thread`]). A block freed by another thread than the one
/// that allocated it moves the count from one to the other.
pub struct PerThread;

/// The counters of [`Counting`]: the whole process.
pub mod global {
    use std::sync::atomic::{AtomicUsize, Ordering};

    static CURRENT: AtomicUsize = AtomicUsize::new(0);
    static PEAK: AtomicUsize = AtomicUsize::new(0);
    static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

    /// Counts `size` more bytes held: the allocator's own calls, and those
    /// of allocators outside Rust's (a C library's, through its hooks).
    pub fn grew(size: usize) {
        let now = CURRENT.fetch_add(size, Ordering::Relaxed) + size;
        PEAK.fetch_max(now, Ordering::Relaxed);
    }

    /// Counts `size` bytes freed.
    pub fn shrank(size: usize) {
        CURRENT.fetch_sub(size, Ordering::Relaxed);
    }

    /// Counts one allocation or reallocation call (see [`allocations`]).
    pub(crate) fn called() {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }

    /// Allocation and reallocation calls since the process started: their
    /// difference over a run is what the run asked the allocator for.
    /// (Only the allocator's own calls: [`grew`] from a C library's hooks
    /// counts bytes, not calls.)
    pub fn allocations() -> usize {
        ALLOCATIONS.load(Ordering::Relaxed)
    }

    /// Bytes allocated and not yet freed.
    pub fn current() -> usize {
        CURRENT.load(Ordering::Relaxed)
    }

    /// Starts a new peak measurement from the current level.
    pub fn reset_peak() {
        PEAK.store(current(), Ordering::Relaxed);
    }

    /// The highest level since [`reset_peak`].
    pub fn peak() -> usize {
        PEAK.load(Ordering::Relaxed)
    }

    /// Runs `run`; returns its result and the peak it added above the level
    /// before it.
    pub fn peak_of<T>(run: impl FnOnce() -> T) -> (T, usize) {
        let base = current();
        reset_peak();
        let out = run();
        (out, peak().saturating_sub(base))
    }
}

/// The counters of [`PerThread`]: the calling thread's.
pub mod thread {
    use std::cell::Cell;

    // Const-initialized, without destructors: reading them allocates
    // nothing and fails only after the thread's locals are gone (then the
    // allocation is not counted).
    thread_local! {
        static CURRENT: Cell<usize> = const { Cell::new(0) };
        static PEAK: Cell<usize> = const { Cell::new(0) };
    }

    pub(crate) fn grew(size: usize) {
        let _ = CURRENT.try_with(|current| {
            current.set(current.get() + size);
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(current.get())));
        });
    }

    pub(crate) fn shrank(size: usize) {
        let _ = CURRENT.try_with(|current| current.set(current.get().saturating_sub(size)));
    }

    /// Bytes this thread allocated and has not freed.
    pub fn current() -> usize {
        CURRENT.with(Cell::get)
    }

    /// Starts a new peak measurement of this thread from its current level.
    pub fn reset_peak() {
        PEAK.with(|peak| peak.set(current()));
    }

    /// This thread's highest level since [`reset_peak`].
    pub fn peak() -> usize {
        PEAK.with(Cell::get)
    }

    /// Runs `run` on this thread; returns its result and the peak it added
    /// above the level before it.
    pub fn peak_of<T>(run: impl FnOnce() -> T) -> (T, usize) {
        let base = current();
        reset_peak();
        let out = run();
        (out, peak().saturating_sub(base))
    }
}

// SAFETY: every call goes straight to the system allocator with the
// caller's arguments, so the system allocator's contract is the caller's;
// the counters are atomics, which allocate nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwards the caller's contract.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            global::called();
            global::grew(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: forwards the caller's contract.
        unsafe { System.dealloc(pointer, layout) };
        global::shrank(layout.size());
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwards the caller's contract.
        let new = unsafe { System.realloc(pointer, layout, new_size) };
        if !new.is_null() {
            global::called();
            global::shrank(layout.size());
            global::grew(new_size);
        }
        new
    }
}

// SAFETY: as for `Counting`; the counters are const-initialized thread
// locals without destructors, so counting allocates nothing.
unsafe impl GlobalAlloc for PerThread {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwards the caller's contract.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            thread::grew(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: forwards the caller's contract.
        unsafe { System.dealloc(pointer, layout) };
        thread::shrank(layout.size());
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwards the caller's contract.
        let new = unsafe { System.realloc(pointer, layout, new_size) };
        if !new.is_null() {
            thread::shrank(layout.size());
            thread::grew(new_size);
        }
        new
    }
}
