//! An HTML parser generated from the WHATWG HTML standard, with a DOM to
//! read, search and change what it builds.
//!
//! The tokenizer and the tree builder are generated from tables of the
//! standard's states and insertion modes, and keep its names; the built-in
//! [`Document`] is an arena DOM (nodes addressed by [`NodeId`]) that refuses
//! what the DOM standard refuses. Bad input never panics: every string is
//! some document, as in a browser.
//!
//! # Parse, find, read
//!
//! ```
//! use htmlforge::select::Selector;
//!
//! let document = htmlforge::parse_document(
//!     r#"<title>Shop</title><nav><a class=active href="/a">A</a> <a href="/b">B</a></nav>
//!        <p>Hello <b>world</b><script>track()</script>"#,
//! );
//! assert_eq!(document.title().as_deref(), Some("Shop"));
//! let active = document.select_first(&Selector::parse("nav > a.active")?).unwrap();
//! assert_eq!(active.attr("href"), Some("/a"));
//! let links: Vec<_> = document.select(&Selector::parse("a[href]")?).map(|a| a.text_content()).collect();
//! assert_eq!(links, ["A", "B"]);
//! let body = document.body().unwrap();
//! assert_eq!(document.visible_text(body), "A B\n\nHello world");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Change and serialize
//!
//! ```
//! let mut document = htmlforge::parse_document("<ul><li>one<li>two</ul><script>x()</script>");
//! let scripts: Vec<_> = document.get_elements_by_tag_name("script").map(|script| script.id()).collect();
//! for script in scripts {
//!     document.remove(script);
//! }
//! let ul = document.get_elements_by_tag_name("ul").next().unwrap().id();
//! let li = document.create_html_element("li")?;
//! document.set_text_content(li, "three");
//! document.append_child(ul, li)?;
//! document.set_attribute(ul, "class", "list")?;
//! document.set_inner_html(li, "<b>3</b>")?;
//! let body = document.body().unwrap();
//! assert_eq!(body.inner_html(), r#"<ul class="list"><li>one</li><li>two</li><li><b>3</b></li></ul>"#);
//! // What the DOM refuses is an error, not a broken tree:
//! assert!(document.append_child(li, ul).is_err());
//! # Ok::<(), htmlforge::DomError>(())
//! ```
//!
//! # Nodes and elements
//!
//! A node is a [`NodeId`]; an element is also an [`ElementRef`], which
//! borrows the document to read the element's name and attributes. One
//! rule for which comes back:
//!
//! - Lookups that can only find elements give `ElementRef`s:
//!   [`Document::body`], [`Document::head`], [`Document::document_element`],
//!   [`Document::html_element`], [`Document::title_element`],
//!   [`Document::get_element_by_id`], [`Document::get_elements_by_tag_name`],
//!   [`Document::elements`], `select` and `select_first`.
//! - Navigation between nodes gives `NodeId`s: [`Document::parent`],
//!   [`Document::children`], [`Document::descendants`], the siblings…
//! - Methods that read a node take `impl Into<NodeId>`, so an
//!   `ElementRef` goes where a `NodeId` does (`document.visible_text(body)`).
//!   Methods that change the tree take a `NodeId`: take it with
//!   [`ElementRef::id`] before changing the document, as above.
//!
//! Names say what they return: [`Document::text_content`] (and
//! [`ElementRef::text_content`]) is the DOM's `textContent`, the text of all
//! descendants; [`Document::text_node_data`] is the data of one Text node;
//! [`Document::visible_text`] is the text a reader sees.
//!
//! # More
//!
//! - Fragments, as `innerHTML` parses them: [`parse_fragment`] with a
//!   [`FragmentContext`].
//! - Bytes, with the encoding sniffed and a change of encoding handled as
//!   a browser does: [`parse_bytes`], [`parse_reader`], and [`ByteParser`]
//!   to feed chunks; into a tree of your own with [`parse_bytes_into`],
//!   [`parse_reader_into`] and [`ByteParser::with_sink_factory`].
//! - Streaming text and scripts handed back to the caller
//!   (`document.write`): [`Parser`].
//! - Your own tree: implement [`tree_builder::TreeSink`] and use
//!   [`Parser::with_sink`].
//! - Hostile input: [`Limits`] bound depth, sizes and counts.
//! - Serializers: [`Document::inner_html`], [`Document::outer_html`]
//!   (to a `String`), [`Document::write_outer_html`] (to any
//!   `std::io::Write`), [`serialize_document`], and [`serializer`]
//!   (minimizing, pretty, token streams).
//! - Changing the tree with markup: [`Document::set_inner_html`] (the
//!   fragment parser, with the element as its context), and
//!   [`Document::import_node`] to copy nodes from another document.
//! - The shared vocabulary (names, attributes, parse errors): [`vocab`].
//!
//! The examples in `examples/` (links, text, select, rewrite, fragment,
//! bytes) are complete programs for everyday jobs.
//!
//! # Cargo features
//!
//! - `selectors` (on by default): CSS selectors ([`select`]), on Servo's
//!   `selectors` crate. Without it and `sanitize` the crate depends on
//!   `memchr`, `encoding_rs`, `chardetng`, `hashbrown` and `foldhash` only.
//! - `sanitize` (on by default): the HTML Sanitizer API ([`sanitize`]),
//!   with `serde_json` for configurations in JSON and `url` for the
//!   WHATWG URL parser.
//! - `html5ever` (off by default): htmlforge's tree builder building any
//!   html5ever 0.40 tree (`scraper::Html`, `RcDom`…), in `html5ever`.
//! - `cost` (off by default): counts the steps of every input-dependent
//!   loop per site ([`cost`]), for tests and fuzzing that look for
//!   super-linear inputs. Off, it compiles to nothing.
// Denied rather than forbidden for three items of vector code: the
// input-stream scan's AVX2 code (`tokenizer::input_stream::scan_avx2`) and
// the markup count's (`markup_counts::sampled_blocks_avx2`), each called
// after a CPU check, and the SSE2 tests of the tokenizer's runs
// (`byte_search::sse2_flags` for names, `byte_search::sse2_equal` for the
// first bytes of the other runs' searches); measured in
// docs/performance-log.md (2026-11-24, branches `tok`, `pinput`, `pfeed`
// and `pcheck`); and for the fixed-size copy of short strings out of the
// input (`short_copy`, branches `pvalue` and `pcopy`).
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod byte_search;
pub mod cost;
pub mod dom;
pub mod encoding;
pub mod generated;
#[cfg(feature = "html5ever")]
pub mod html5ever;
mod inner_html;
mod markup_counts;
mod name_interner;
mod named_char_ref;
mod parse;
mod parse_bytes;
mod pseudo_attributes;
pub mod quirks;
#[cfg(feature = "sanitize")]
pub mod sanitize;
#[cfg(feature = "selectors")]
pub mod select;
pub mod serializer;
mod setters;
mod short_copy;
pub mod tokenizer;
pub mod tree_builder;
pub mod vocab;
mod xml_name;

pub use dom::{serialize_document, Document, DomError, ElementRef, Namespace, NodeId};
pub use generated::parse_errors::ParseErrorCode;
pub use parse::{
    parse_document, parse_document_with, parse_fragment, parse_fragment_with, FragmentContext, ParseOptions, Parser,
    ParserStatus,
};
pub use parse::{parse_document_checked, LimitExceeded, Limits, ParserMisuse};
pub use parse_bytes::{
    parse_bytes, parse_bytes_into, parse_reader, parse_reader_into, ByteParseOptions, ByteParser, ByteParserStatus,
    ParsedBytes,
};
pub use tree_builder::LimitsHit;
pub use vocab::{AttrRef, ParseError, QualName};

/// The README's Rust examples run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// The guide's Rust examples run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../data/guide.md")]
struct GuideExamples;
