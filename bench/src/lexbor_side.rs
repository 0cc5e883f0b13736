//! lexbor (C), compiled from its source by `build.rs` with `-O3` (cargo
//! feature `lexbor`): `lxb_html_document_parse` into its own DOM, bytes in
//! (lexbor reads them as UTF-8), the document destroyed after each page.
//!
//! lexbor allocates through glibc's `malloc`; its allocation functions are
//! set to wrappers that count what they hand out (the usable size of each
//! block, a few bytes more than asked) on the bench's allocator counters, so
//! that its memory figures sit next to the Rust engines'.

use std::ffi::c_void;
use std::sync::Once;

use htmlforge_alloc_count::global as alloc;

#[repr(C)]
struct LxbHtmlDocument {
    _opaque: [u8; 0],
}

type MallocFn = unsafe extern "C" fn(usize) -> *mut c_void;
type ReallocFn = unsafe extern "C" fn(*mut c_void, usize) -> *mut c_void;
type CallocFn = unsafe extern "C" fn(usize, usize) -> *mut c_void;
type FreeFn = unsafe extern "C" fn(*mut c_void);

extern "C" {
    fn lxb_html_document_create() -> *mut LxbHtmlDocument;
    fn lxb_html_document_parse(document: *mut LxbHtmlDocument, html: *const u8, size: usize) -> u32;
    fn lxb_html_document_destroy(document: *mut LxbHtmlDocument) -> *mut LxbHtmlDocument;
    fn lexbor_memory_setup(malloc: MallocFn, realloc: ReallocFn, calloc: CallocFn, free: FreeFn) -> u32;

    // glibc
    fn malloc(size: usize) -> *mut c_void;
    fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void;
    fn calloc(count: usize, size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
    fn malloc_usable_size(ptr: *mut c_void) -> usize;
}

/// The usable size of a block from glibc's allocator (0 for null).
fn usable(ptr: *mut c_void) -> usize {
    if ptr.is_null() {
        0
    } else {
        // SAFETY: `ptr` is a live block of glibc's allocator (lexbor hands
        // back only what these wrappers returned).
        unsafe { malloc_usable_size(ptr) }
    }
}

unsafe extern "C" fn counted_malloc(size: usize) -> *mut c_void {
    // SAFETY: plain call of the C allocator.
    let ptr = unsafe { malloc(size) };
    alloc::grew(usable(ptr));
    ptr
}

unsafe extern "C" fn counted_realloc(ptr: *mut c_void, size: usize) -> *mut c_void {
    let before = usable(ptr);
    // SAFETY: `ptr` is null or a live block of glibc's allocator.
    let new = unsafe { realloc(ptr, size) };
    if !new.is_null() || size == 0 {
        alloc::shrank(before);
        alloc::grew(usable(new));
    }
    new
}

unsafe extern "C" fn counted_calloc(count: usize, size: usize) -> *mut c_void {
    // SAFETY: plain call of the C allocator.
    let ptr = unsafe { calloc(count, size) };
    alloc::grew(usable(ptr));
    ptr
}

unsafe extern "C" fn counted_free(ptr: *mut c_void) {
    alloc::shrank(usable(ptr));
    // SAFETY: `ptr` is null or a live block of glibc's allocator.
    unsafe { free(ptr) }
}

static SETUP: Once = Once::new();

/// A parsed lexbor document, destroyed when dropped.
pub struct Document(*mut LxbHtmlDocument);

impl Drop for Document {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `lxb_html_document_create` and is
        // destroyed once.
        unsafe { lxb_html_document_destroy(self.0) };
    }
}

/// Parses `page` into a lexbor document.
pub fn parse(page: &[u8]) -> Document {
    SETUP.call_once(|| {
        // SAFETY: called once, before lexbor allocates anything.
        let status = unsafe { lexbor_memory_setup(counted_malloc, counted_realloc, counted_calloc, counted_free) };
        assert_eq!(status, 0, "lexbor_memory_setup");
    });
    // SAFETY: lexbor's documented sequence: create, parse the bytes (read,
    // not kept), destroy (by `Document`'s drop).
    let document = unsafe { lxb_html_document_create() };
    assert!(!document.is_null(), "lxb_html_document_create: out of memory");
    let document = Document(document);
    // SAFETY: `document` is live; `page` is valid for its length.
    let status = unsafe { lxb_html_document_parse(document.0, page.as_ptr(), page.len()) };
    assert_eq!(status, 0, "lxb_html_document_parse");
    document
}
