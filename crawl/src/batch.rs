//! The functions of this crate over Arrow arrays: a column of payloads
//! (plus, optionally, a column of HTTP charsets and one of URLs) in, a
//! column of answers out, one row per payload (a null payload gives a null
//! row). This is the shape Spark's `mapInArrow`, Ray Data's
//! `map_batches(batch_format="pyarrow")`, Daft and DataFusion UDFs and the
//! Python package's batch functions hand over.
//!
//! ```
//! use arrow_array::{Array, BinaryArray, StringArray};
//! use htmlforge_crawl::batch::{self, Payloads, Threads};
//!
//! let html = BinaryArray::from_opt_vec(vec![Some(b"<p>one".as_slice()), None, Some(b"<title>t</title>two")]);
//! let payloads = Payloads::new(&html)?;
//! let text = batch::text(&payloads, Threads::All)?;
//! let text = text.as_any().downcast_ref::<StringArray>().unwrap();
//! assert_eq!(text.iter().collect::<Vec<_>>(), [Some("one"), None, Some("two")]);
//! # Ok::<(), htmlforge_crawl::batch::BatchError>(())
//! ```
//!
//! Payloads may be `Binary`, `LargeBinary` or `BinaryView` (bytes, with the
//! encoding sniffed) or `Utf8`, `LargeUtf8` or `Utf8View` (text, read as
//! UTF-8 whatever its `<meta>` says). The arrays are read where they are:
//! nothing is copied in. Answers are `Utf8` arrays, or `List<Utf8>`.
//!
//! The rows run on a rayon pool: its work stealing keeps every core busy
//! when a few pages of a batch are a hundred times larger than the rest,
//! which a split into one fixed chunk per thread does not, and its threads
//! are started once for all batches.

use std::fmt;
use std::sync::Arc;

use arrow_array::builder::{ListBuilder, MapBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_schema::{DataType, Field, Fields};
use rayon::prelude::*;

use crate::extract::{Options, Page, Take};
use crate::metadata::Metadata;
use crate::Selector;

/// Why a batch function refused its arrays.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BatchError {
    /// A column is not of a type the function reads.
    Type {
        /// Which column (`"payloads"`, `"charsets"`, `"urls"`).
        column: &'static str,
        /// Its type.
        found: DataType,
    },
    /// A column's length is not the payloads'.
    Length {
        /// Which column.
        column: &'static str,
        /// Its length.
        found: usize,
        /// The payloads' length.
        expected: usize,
    },
    /// The answers of one batch add up to more than an `Utf8` array holds
    /// (2 GiB): split the batch.
    TooLarge,
    /// The thread pool could not be started.
    Threads(String),
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Type { column, found } => write!(
                f,
                "{column} must be binary, large_binary, binary_view, string, large_string or string_view, not {found}"
            ),
            BatchError::Length { column, found, expected } => {
                write!(f, "{column} has {found} rows, the payloads {expected}")
            }
            BatchError::TooLarge => f.write_str("the answers of this batch exceed 2 GiB: split the batch"),
            BatchError::Threads(why) => write!(f, "the thread pool could not start: {why}"),
        }
    }
}

impl std::error::Error for BatchError {}

/// Which threads run a batch's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threads {
    /// The current rayon pool (the global one: a thread per core).
    All,
    /// The calling thread alone: for engines that already run one task
    /// per core (Spark executors, Dask worker processes).
    One,
    /// A pool of this many threads, started for the call.
    Count(usize),
}

/// One column of bytes or text, read in place.
#[derive(Clone, Copy)]
enum Column<'a> {
    Binary(&'a arrow_array::BinaryArray),
    LargeBinary(&'a arrow_array::LargeBinaryArray),
    BinaryView(&'a arrow_array::BinaryViewArray),
    Utf8(&'a arrow_array::StringArray),
    LargeUtf8(&'a arrow_array::LargeStringArray),
    Utf8View(&'a arrow_array::StringViewArray),
}

impl<'a> Column<'a> {
    fn of(array: &'a dyn Array, column: &'static str) -> Result<Column<'a>, BatchError> {
        Ok(match array.data_type() {
            DataType::Binary => Column::Binary(array.as_binary()),
            DataType::LargeBinary => Column::LargeBinary(array.as_binary()),
            DataType::BinaryView => Column::BinaryView(array.as_binary_view()),
            DataType::Utf8 => Column::Utf8(array.as_string()),
            DataType::LargeUtf8 => Column::LargeUtf8(array.as_string()),
            DataType::Utf8View => Column::Utf8View(array.as_string_view()),
            other => return Err(BatchError::Type { column, found: other.clone() }),
        })
    }

    fn len(&self) -> usize {
        match self {
            Column::Binary(array) => array.len(),
            Column::LargeBinary(array) => array.len(),
            Column::BinaryView(array) => array.len(),
            Column::Utf8(array) => array.len(),
            Column::LargeUtf8(array) => array.len(),
            Column::Utf8View(array) => array.len(),
        }
    }

    fn is_text(&self) -> bool {
        matches!(self, Column::Utf8(_) | Column::LargeUtf8(_) | Column::Utf8View(_))
    }

    /// The bytes of row `row`, `None` when it is null.
    fn bytes(&self, row: usize) -> Option<&'a [u8]> {
        fn at<'b, A: Array>(array: &'b A, row: usize, value: impl FnOnce(&'b A) -> &'b [u8]) -> Option<&'b [u8]> {
            array.is_valid(row).then(|| value(array))
        }
        match *self {
            Column::Binary(array) => at(array, row, |array| array.value(row)),
            Column::LargeBinary(array) => at(array, row, |array| array.value(row)),
            Column::BinaryView(array) => at(array, row, |array| array.value(row)),
            Column::Utf8(array) => at(array, row, |array| array.value(row).as_bytes()),
            Column::LargeUtf8(array) => at(array, row, |array| array.value(row).as_bytes()),
            Column::Utf8View(array) => at(array, row, |array| array.value(row).as_bytes()),
        }
    }

    /// Row `row` as text (`None` when null, or not UTF-8).
    fn text(&self, row: usize) -> Option<&'a str> {
        std::str::from_utf8(self.bytes(row)?).ok()
    }
}

/// The columns a batch function reads: payloads, and optionally the HTTP
/// charset (a label, e.g. `"utf-8"`) and the URL of each row.
#[derive(Clone, Copy)]
pub struct Payloads<'a> {
    html: Column<'a>,
    charsets: Option<Column<'a>>,
    urls: Option<Column<'a>>,
    options: Options,
}

impl<'a> Payloads<'a> {
    /// The payloads in `html` (bytes or text), parsed with the default
    /// [`Options`] ([`Limits::UNTRUSTED`](crate::Limits::UNTRUSTED)).
    pub fn new(html: &'a dyn Array) -> Result<Payloads<'a>, BatchError> {
        Ok(Payloads { html: Column::of(html, "payloads")?, charsets: None, urls: None, options: Options::default() })
    }

    /// With each row's HTTP charset label (a text column; null: none).
    pub fn charsets(mut self, charsets: &'a dyn Array) -> Result<Payloads<'a>, BatchError> {
        self.charsets = Some(self.column_beside(charsets, "charsets")?);
        Ok(self)
    }

    /// With each row's URL, which links resolve against (a text column).
    pub fn urls(mut self, urls: &'a dyn Array) -> Result<Payloads<'a>, BatchError> {
        self.urls = Some(self.column_beside(urls, "urls")?);
        Ok(self)
    }

    /// With these parse options.
    pub fn options(mut self, options: Options) -> Payloads<'a> {
        self.options = options;
        self
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.html.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn column_beside(&self, array: &'a dyn Array, column: &'static str) -> Result<Column<'a>, BatchError> {
        let found = Column::of(array, column)?;
        if found.len() != self.len() {
            return Err(BatchError::Length { column, found: found.len(), expected: self.len() });
        }
        Ok(found)
    }

    /// Row `row` parsed, `None` for a null payload.
    fn page(&self, row: usize) -> Option<Page> {
        let html = self.html.bytes(row)?;
        // Text was decoded already: it is UTF-8, whatever it declares.
        let charset = if self.html.is_text() { Some("utf-8") } else { self.charsets.and_then(|c| c.text(row)) };
        Some(Page::parse_with(html, charset, self.options))
    }

    fn url(&self, row: usize) -> Option<&'a str> {
        self.urls.and_then(|urls| urls.text(row))
    }

    /// `answer` of every row, in row order, on `threads`.
    fn map<T: Send>(
        &self,
        threads: Threads,
        answer: impl Fn(usize) -> Option<T> + Sync,
    ) -> Result<Vec<Option<T>>, BatchError> {
        let rows = 0..self.len();
        match threads {
            Threads::One => Ok(rows.map(answer).collect()),
            // One row at a time is stolen: a row is a whole parse, so the
            // cost of splitting is nothing next to it.
            Threads::All => Ok(rows.into_par_iter().with_max_len(1).map(&answer).collect()),
            Threads::Count(count) => {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(count)
                    .build()
                    .map_err(|error| BatchError::Threads(error.to_string()))?;
                Ok(pool.install(|| rows.into_par_iter().with_max_len(1).map(&answer).collect()))
            }
        }
    }
}

/// Each row's visible text ([`Page::text`]), as a `Utf8` array.
pub fn text(payloads: &Payloads<'_>, threads: Threads) -> Result<ArrayRef, BatchError> {
    strings(payloads.map(threads, |row| payloads.page(row).map(|page| page.text()))?)
}

/// Each row's title ([`Page::title`]; null without a title element).
pub fn title(payloads: &Payloads<'_>, threads: Threads) -> Result<ArrayRef, BatchError> {
    strings(payloads.map(threads, |row| payloads.page(row).and_then(|page| page.title()))?)
}

/// Each row's links resolved against its URL ([`Page::links`]), as a
/// `List<Utf8>` array.
pub fn links(payloads: &Payloads<'_>, threads: Threads) -> Result<ArrayRef, BatchError> {
    lists(payloads.map(threads, |row| payloads.page(row).map(|page| page.links(payloads.url(row))))?)
}

/// What `take` says of each match of `selector` in each row
/// ([`Page::select`]), as a `List<Utf8>` array.
pub fn select(
    payloads: &Payloads<'_>,
    selector: &Selector,
    take: Take<'_>,
    threads: Threads,
) -> Result<ArrayRef, BatchError> {
    lists(payloads.map(threads, |row| payloads.page(row).map(|page| page.select(selector, take)))?)
}

/// Each row's [`Metadata`], as a struct array: `lang`, `description`,
/// `canonical`, `robots`, `encoding` and `encoding_source` (`Utf8`), and
/// `open_graph` (`Map<Utf8, Utf8>`, in tree order).
pub fn metadata(payloads: &Payloads<'_>, threads: Threads) -> Result<ArrayRef, BatchError> {
    let rows = payloads.map(threads, |row| payloads.page(row).map(|page| page.metadata(payloads.url(row))))?;
    metadata_array(&rows)
}

/// The names and types of [`metadata`]'s struct array.
pub fn metadata_fields() -> Fields {
    let text = |name: &str| Field::new(name, DataType::Utf8, true);
    Fields::from(vec![
        text("lang"),
        text("description"),
        text("canonical"),
        text("robots"),
        Field::new("open_graph", open_graph_builder().finish().data_type().clone(), false),
        text("encoding"),
        text("encoding_source"),
    ])
}

/// The most bytes an `Utf8` array's values may add up to.
const MAX_UTF8_BYTES: usize = i32::MAX as usize;

fn check_size<'s>(values: impl Iterator<Item = &'s str>) -> Result<usize, BatchError> {
    let size = values.map(str::len).sum();
    if size > MAX_UTF8_BYTES {
        return Err(BatchError::TooLarge);
    }
    Ok(size)
}

fn strings(rows: Vec<Option<String>>) -> Result<ArrayRef, BatchError> {
    let size = check_size(rows.iter().flatten().map(String::as_str))?;
    let mut builder = StringBuilder::with_capacity(rows.len(), size);
    for row in rows {
        builder.append_option(row);
    }
    Ok(Arc::new(builder.finish()))
}

fn lists(rows: Vec<Option<Vec<String>>>) -> Result<ArrayRef, BatchError> {
    let size = check_size(rows.iter().flatten().flatten().map(String::as_str))?;
    let count = rows.iter().flatten().map(Vec::len).sum();
    let mut builder = ListBuilder::new(StringBuilder::with_capacity(count, size));
    for row in rows {
        match row {
            Some(values) => {
                for value in values {
                    builder.values().append_value(value);
                }
                builder.append(true);
            }
            None => builder.append(false),
        }
    }
    Ok(Arc::new(builder.finish()))
}

fn open_graph_builder() -> MapBuilder<StringBuilder, StringBuilder> {
    MapBuilder::new(None, StringBuilder::new(), StringBuilder::new())
}

fn metadata_array(rows: &[Option<Metadata>]) -> Result<ArrayRef, BatchError> {
    let present = || rows.iter().flatten();
    check_size(
        present()
            .flat_map(|m| [&m.lang, &m.description, &m.canonical, &m.robots].into_iter().flatten().map(String::as_str)),
    )?;
    check_size(present().flat_map(|m| m.open_graph.iter().flat_map(|(p, c)| [p.as_str(), c.as_str()])))?;
    let column = |field: fn(&Metadata) -> Option<&str>| -> ArrayRef {
        let mut builder = StringBuilder::new();
        for row in rows {
            builder.append_option(row.as_ref().and_then(field));
        }
        Arc::new(builder.finish())
    };
    let mut open_graph = open_graph_builder();
    for row in rows {
        for (property, content) in row.iter().flat_map(|m| &m.open_graph) {
            open_graph.keys().append_value(property);
            open_graph.values().append_value(content);
        }
        open_graph.append(true).expect("keys and values are appended in pairs");
    }
    let columns: Vec<ArrayRef> = vec![
        column(|m| m.lang.as_deref()),
        column(|m| m.description.as_deref()),
        column(|m| m.canonical.as_deref()),
        column(|m| m.robots.as_deref()),
        Arc::new(open_graph.finish()),
        column(|m| Some(m.encoding)),
        column(|m| Some(m.encoding_source)),
    ];
    let nulls = rows.iter().map(Option::is_some).collect::<Vec<_>>();
    let array = StructArray::try_new(metadata_fields(), columns, Some(arrow_buffer::NullBuffer::from(nulls)))
        .expect("the columns follow metadata_fields");
    Ok(Arc::new(array))
}
