//! htmlforge for crawls: what a job over millions of fetched pages asks of
//! each one, as functions from the payload's bytes to plain values.
//!
//! Executors of Spark, Dask, Ray or Polars hold each record's payload as
//! bytes, with the HTTP charset when the response had one and the URL it
//! was fetched from. The functions here take exactly that and give back
//! strings and lists: no tree crosses a task boundary.
//!
//! ```
//! let html = br#"<html lang=en><title>Shop</title><base href="/shop/">
//!     <p>Hello <b>world</b><script>track()</script> <a href="cart?id=1">Cart</a>"#;
//! assert_eq!(htmlforge_crawl::text(html, None), "Hello world Cart");
//! assert_eq!(htmlforge_crawl::title(html, None).as_deref(), Some("Shop"));
//! let links = htmlforge_crawl::links(html, None, Some("https://example.com/index.html"));
//! assert_eq!(links, ["https://example.com/shop/cart?id=1"]);
//! let metadata = htmlforge_crawl::metadata(html, None, None);
//! assert_eq!(metadata.lang.as_deref(), Some("en"));
//! assert_eq!(metadata.encoding, "UTF-8");
//! ```
//!
//! - One payload, one answer: [`text`], [`title`], [`links`], [`select`],
//!   [`metadata`]; several answers from one parse: [`Page`].
//! - Every function parses with [`Limits::UNTRUSTED`] unless [`Options`]
//!   say otherwise: a record's time and memory are bounded by its size,
//!   whatever its bytes (see `docs/parsing-a-crawl.md`).
//! - The encoding: a byte order mark, then the HTTP charset (`charset`,
//!   a label such as `"utf-8"`; [`charset_from_content_type`] takes it out
//!   of a `Content-Type`), then a `<meta>` in the first 1024 bytes, then
//!   UTF-8 when the bytes are valid UTF-8 and windows-1252 when not (the
//!   standard's step that lets a user agent detect the encoding); a
//!   `<meta>` found later can still change it, as in a browser. The same
//!   rules as the Python package's `htmlforge.parse`.
//! - Cargo features: `arrow` ([`batch`]: the same functions over Arrow
//!   arrays of payloads, across a thread pool) and `warc` (`warc`: the
//!   records of a `.warc` or `.warc.gz` file).

mod extract;
mod metadata;
mod resolve;

#[cfg(feature = "arrow")]
pub mod batch;
#[cfg(feature = "warc")]
pub mod warc;

pub use extract::{links, metadata, select, text, title, Options, Page, Take};
pub use htmlforge::encoding::charset_label_from_content_type as charset_from_content_type;
pub use htmlforge::select::{Selector, SelectorError};
pub use htmlforge::Limits;
pub use metadata::Metadata;

/// The recipes of `docs/parsing-a-crawl.md`, run as doctests.
#[cfg(all(doctest, feature = "arrow", feature = "warc"))]
#[doc = include_str!("../../docs/parsing-a-crawl.md")]
pub struct ParsingACrawl;
