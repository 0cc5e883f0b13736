//! A `str`'s characters read where CPython keeps them, so that a parse
//! of a `str` can turn them into UTF-8 without the GIL, as it reads
//! `bytes`.
//!
//! The stable ABI has no call that lends a `str`'s characters: every one
//! that gives UTF-8 encodes (or copies) with the GIL held, and a 25 MB
//! page held it for 47 ms of a 195 ms parse (24%, CI at 2e00688). Giving
//! the GIL back between pieces does not help: CPython's GIL goes to the
//! thread that asks first, so the encoding thread takes it back before a
//! waiting thread wakes, and the waiting thread stalls until the whole
//! encoding is done. So this module reads the characters of a compact
//! `str` (every `str` that is exactly a `str`) from the object's memory,
//! whose layout CPython 3.9 to 3.14 define in `cpython/unicodeobject.h`:
//! on another version, a layout the checks below do not confirm, or a
//! `str` subclass, [`StrData::of`] gives `None` and the caller encodes
//! as before.

use std::borrow::Cow;
use std::ffi::c_void;
use std::mem::size_of;
use std::sync::OnceLock;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The characters of a `str`, in CPython's own storage: one, two or four
/// bytes a code point (the smallest kind that holds its largest one).
#[derive(Clone, Copy)]
pub(crate) enum StrData<'a> {
    Latin1(&'a [u8]),
    Ucs2(&'a [u16]),
    Ucs4(&'a [u32]),
}

impl<'a> StrData<'a> {
    /// The characters of `text`, borrowed for as long as `text` is; `None`
    /// where this module cannot vouch for the layout (see the module's
    /// documentation). `text` must be a reference the caller owns (a
    /// clone, not an argument borrowed from the interpreter's stack): the
    /// characters then cannot change while borrowed, since CPython edits a
    /// `str` in place (`s += t`) only through its one reference.
    pub(crate) fn of(text: &'a Bound<'_, PyString>) -> Option<Self> {
        (*LAYOUT.get_or_init(|| Layout::confirmed(text.py())))?.read(text)
    }

    /// The characters in UTF-8: borrowed when they are all ASCII (a
    /// compact ASCII `str` is its own UTF-8), else transcoded. A lone
    /// surrogate, which UTF-8 cannot hold, becomes U+FFFD, as the HTML
    /// standard's decoders replace what they cannot decode. Needs no GIL.
    pub(crate) fn to_utf8(self) -> Cow<'a, str> {
        match self {
            StrData::Latin1(bytes) => match std::str::from_utf8(bytes) {
                Ok(ascii) if bytes.is_ascii() => Cow::Borrowed(ascii),
                _ => Cow::Owned(latin1_to_utf8(bytes)),
            },
            StrData::Ucs2(units) => Cow::Owned(ucs2_to_utf8(units)),
            StrData::Ucs4(points) => Cow::Owned(code_points_to_utf8(points.iter().copied())),
        }
    }

    fn len(self) -> usize {
        match self {
            StrData::Latin1(bytes) => bytes.len(),
            StrData::Ucs2(units) => units.len(),
            StrData::Ucs4(points) => points.len(),
        }
    }

    fn get(self, index: usize) -> Option<u32> {
        match self {
            StrData::Latin1(bytes) => bytes.get(index).map(|&byte| u32::from(byte)),
            StrData::Ucs2(units) => units.get(index).map(|&unit| u32::from(unit)),
            StrData::Ucs4(points) => points.get(index).copied(),
        }
    }
}

/// Latin-1 to UTF-8 through encoding_rs's vectorized converter.
fn latin1_to_utf8(bytes: &[u8]) -> String {
    in_chunks(bytes, 2, encoding_rs::mem::convert_latin1_to_str)
}

/// UCS-2 to UTF-8: through encoding_rs's vectorized converter when there
/// is no surrogate (it would join a pair, which a `str` keeps as two code
/// points), else a code point at a time.
fn ucs2_to_utf8(units: &[u16]) -> String {
    if units.iter().any(|unit| (0xD800..0xE000).contains(unit)) {
        return code_points_to_utf8(units.iter().map(|&unit| u32::from(unit)));
    }
    in_chunks(units, 3, encoding_rs::mem::convert_utf16_to_str)
}

/// `input` converted by `convert` (one of encoding_rs's converters, which
/// write into a `str` at least `expansion` times the input's length) a
/// chunk at a time, so that the output is not first laid out at its
/// longest possible length.
fn in_chunks<T>(input: &[T], expansion: usize, convert: fn(&[T], &mut str) -> usize) -> String {
    const CHUNK: usize = 1 << 14;
    let mut utf8 = String::with_capacity(input.len());
    let mut buffer = "\0".repeat(CHUNK.min(input.len()) * expansion);
    for chunk in input.chunks(CHUNK) {
        let written = convert(chunk, &mut buffer);
        utf8.push_str(&buffer[..written]);
    }
    utf8
}

/// Code points to UTF-8, each surrogate (which UTF-8 cannot hold) as
/// U+FFFD.
pub(crate) fn code_points_to_utf8(points: impl ExactSizeIterator<Item = u32>) -> String {
    let mut utf8 = String::with_capacity(points.len());
    for point in points {
        utf8.push(char::from_u32(point).unwrap_or(char::REPLACEMENT_CHARACTER));
    }
    utf8
}

/// Where a compact `str`'s characters start, for the running CPython
/// (`None`: not a layout this module knows, or one it could not confirm).
static LAYOUT: OnceLock<Option<Layout>> = OnceLock::new();

/// `PyObject_HEAD` of a build with the GIL (the stable ABI's only kind).
#[repr(C)]
struct ObjectHead {
    refcnt: isize,
    ob_type: *mut c_void,
}

/// `PyASCIIObject` of CPython 3.12 to 3.14; 3.9 to 3.11 add `wstr`.
#[repr(C)]
struct AsciiObject {
    head: ObjectHead,
    length: isize,
    hash: isize,
    state: u32,
}

#[repr(C)]
struct AsciiObjectWithWstr {
    ascii: AsciiObject,
    wstr: *mut c_void,
}

/// `PyCompactUnicodeObject` of CPython 3.12 to 3.14 (`utf8_length`,
/// `utf8`); 3.9 to 3.11 add `wstr_length`.
#[repr(C)]
struct CompactObject {
    ascii: AsciiObject,
    utf8_length: isize,
    utf8: *mut c_void,
}

#[repr(C)]
struct CompactObjectWithWstr {
    ascii: AsciiObjectWithWstr,
    utf8_length: isize,
    utf8: *mut c_void,
    wstr_length: isize,
}

// `state`'s bit fields, allocated from the least significant bit on a
// little-endian target: `interned:2, kind:3, compact:1, ascii:1`.
const KIND_SHIFT: u32 = 2;
const COMPACT_BIT: u32 = 1 << 5;
const ASCII_BIT: u32 = 1 << 6;

/// Where a compact `str`'s characters start: after a `PyASCIIObject` when
/// they are all ASCII, after a `PyCompactUnicodeObject` otherwise.
#[derive(Clone, Copy)]
struct Layout {
    ascii_data: usize,
    compact_data: usize,
}

impl Layout {
    /// The layout of the running CPython, confirmed on a `str` of each
    /// kind against what the stable ABI's `PyUnicode_ReadChar` reads.
    fn confirmed(py: Python<'_>) -> Option<Layout> {
        if cfg!(not(target_endian = "little")) {
            return None;
        }
        let version = py.version_info();
        let layout = match (version.major, version.minor) {
            (3, 9..=11) => Layout {
                ascii_data: size_of::<AsciiObjectWithWstr>(),
                compact_data: size_of::<CompactObjectWithWstr>(),
            },
            (3, 12..=14) => Layout { ascii_data: size_of::<AsciiObject>(), compact_data: size_of::<CompactObject>() },
            _ => return None,
        };
        let samples =
            ["plain ASCII", "Latin-1: caf\u{e9} \u{ff}", "two bytes: \u{100} \u{ffff}", "four: \u{1F600} \u{10FFFF}"];
        samples
            .into_iter()
            .all(|sample| {
                let text = PyString::new(py, sample);
                let Some(data) = layout.read(&text) else { return false };
                data.len() == sample.chars().count()
                    && sample.chars().enumerate().all(|(index, expected)| data.get(index) == Some(u32::from(expected)))
            })
            .then_some(layout)
    }

    /// The characters of `text` if its header says it is a compact `str`
    /// of a known kind, and the header's length and the first and last
    /// characters agree with the stable ABI's.
    fn read<'a>(self, text: &'a Bound<'_, PyString>) -> Option<StrData<'a>> {
        let object = text.as_ptr();
        // SAFETY: `object` is a live `str` (we hold a reference and the GIL),
        // and every `str` begins with a whole `PyASCIIObject`, of which
        // `AsciiObject` is a prefix on every CPython that `LAYOUT` accepts:
        // these two reads stay inside the object.
        let (length, state) = unsafe {
            let header = object.cast::<AsciiObject>();
            (std::ptr::addr_of!((*header).length).read(), std::ptr::addr_of!((*header).state).read())
        };
        // SAFETY: plain calls of the stable ABI on a live `str`.
        let (exact, api_length) = unsafe { (ffi::PyUnicode_CheckExact(object) != 0, ffi::PyUnicode_GetLength(object)) };
        if !exact || length != api_length || state & COMPACT_BIT == 0 {
            return None;
        }
        let length = usize::try_from(length).ok()?;
        let ascii = state & ASCII_BIT != 0;
        let kind = (state >> KIND_SHIFT) & 0b111;
        let offset = if ascii { self.ascii_data } else { self.compact_data };
        // SAFETY: a compact `str` of `length` code points of `kind` bytes
        // keeps them right after its header (`offset`), followed by a NUL,
        // in memory allocated with the object; they do not change while it
        // has more than one reference (see `StrData::of`), and the borrow
        // lasts no longer than `text`'s. Alignment is checked before each
        // slice is made.
        let data = unsafe {
            let start = object.cast::<u8>().add(offset);
            match (kind, ascii) {
                (1, _) => StrData::Latin1(std::slice::from_raw_parts(start, length)),
                (2, false) if start.cast::<u16>().is_aligned() => {
                    StrData::Ucs2(std::slice::from_raw_parts(start.cast(), length))
                }
                (4, false) if start.cast::<u32>().is_aligned() => {
                    StrData::Ucs4(std::slice::from_raw_parts(start.cast(), length))
                }
                _ => return None,
            }
        };
        let agrees = |index: usize| {
            // SAFETY: a stable-ABI call on a live `str`, `index` < its length.
            let expected = unsafe { ffi::PyUnicode_ReadChar(object, index as ffi::Py_ssize_t) };
            data.get(index) == Some(expected)
        };
        (length == 0 || (agrees(0) && agrees(length - 1))).then_some(data)
    }
}
