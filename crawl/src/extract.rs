//! One payload in, plain values out: the parse of a record's bytes
//! ([`Page`]) and the one-call functions over it.

use htmlforge::dom::{Document, ElementRef};
use htmlforge::encoding::Sniffed;
use htmlforge::select::Selector;
use htmlforge::{ByteParseOptions, Limits, LimitsHit, ParseOptions};

use crate::metadata::Metadata;
use crate::resolve::Resolver;

/// How a payload is parsed. The default is what a crawl wants:
/// [`Limits::UNTRUSTED`] and scripting on (`noscript` is not rendered,
/// as in a browser that runs scripts). The struct is `#[non_exhaustive]`:
/// set fields with the methods named after them.
///
/// ```
/// use htmlforge_crawl::{Limits, Options, Page};
///
/// let options = Options::default().limits(Limits::UNTRUSTED.max_input_bytes(Some(8))).scripting(false);
/// let page = Page::parse_with(b"<p>0123456789", None, options);
/// assert!(page.limits_hit().input_truncated);
/// assert_eq!(page.text(), "01234");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The bounds of the parse (default [`Limits::UNTRUSTED`]).
    pub limits: Limits,
    /// The scripting flag (default on): on, `noscript` content is raw
    /// text and left out of the visible text; off, it is parsed as markup
    /// and shown.
    pub scripting: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { limits: Limits::UNTRUSTED, scripting: true }
    }
}

impl Options {
    /// The options with `limits` set.
    pub fn limits(mut self, limits: Limits) -> Options {
        self.limits = limits;
        self
    }

    /// The options with `scripting` set.
    pub fn scripting(mut self, scripting: bool) -> Options {
        self.scripting = scripting;
        self
    }
}

/// What [`select`] and [`Page::select`] give of each match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take<'a> {
    /// The match's visible text ([`Page::text`]'s rules).
    Text,
    /// The value of this attribute; matches without it are left out.
    Attr(&'a str),
    /// The match's HTML (its outerHTML).
    Html,
}

/// A payload parsed once, to take several answers from.
///
/// ```
/// use htmlforge_crawl::{Page, Selector, Take};
///
/// let page = Page::parse(b"<h1>News</h1><ul><li>a<li>b</ul>", Some("utf-8"));
/// assert_eq!(page.title(), None);
/// assert_eq!(page.text(), "News\na\nb");
/// assert_eq!(page.select(&Selector::parse("li").unwrap(), Take::Text), ["a", "b"]);
/// assert_eq!(page.encoding().encoding.name(), "UTF-8");
/// ```
#[derive(Debug)]
pub struct Page {
    document: Document,
    encoding: Sniffed,
    limits_hit: LimitsHit,
}

impl Page {
    /// Parses `html` with the default [`Options`]; `charset` is the HTTP
    /// charset label, if the response had one.
    pub fn parse(html: &[u8], charset: Option<&str>) -> Page {
        Page::parse_with(html, charset, Options::default())
    }

    /// Parses `html` with `options`.
    pub fn parse_with(html: &[u8], charset: Option<&str>, options: Options) -> Page {
        let parse = ParseOptions::default().scripting(options.scripting).limits(options.limits);
        let byte_options = ByteParseOptions::default()
            .parse(parse)
            .transport_charset(charset)
            .fallback(detected_fallback(html, charset));
        let parsed = htmlforge::parse_bytes(html, byte_options);
        Page { document: parsed.document, encoding: parsed.encoding, limits_hit: parsed.limits_hit }
    }

    /// The parsed document.
    pub fn document(&self) -> &Document {
        &self.document
    }

    /// The encoding the bytes were decoded with, and which step decided it.
    pub fn encoding(&self) -> Sniffed {
        self.encoding
    }

    /// The limits the parse reached (all false for a page within them).
    pub fn limits_hit(&self) -> LimitsHit {
        self.limits_hit
    }

    /// The text a reader sees: `Document::visible_text` of the whole
    /// document (the head is hidden, so this is the body's text, or the
    /// frameset's).
    pub fn text(&self) -> String {
        self.document.visible_text(self.document.document())
    }

    /// The title, as `document.title` reads it (`None` without a title
    /// element).
    pub fn title(&self) -> Option<String> {
        self.document.title()
    }

    /// The hyperlinks (`a` and `area` elements with an `href`), in tree
    /// order, each resolved against the document's base URL: the first
    /// `<base href>` resolved against `url`, else `url` (the record's
    /// URL), as the HTML standard's "document base URL" says, and with
    /// the query encoded in the page's encoding. Links that do not resolve
    /// to a URL are left out (without `url`, so are relative ones).
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url>
    pub fn links(&self, url: Option<&str>) -> Vec<String> {
        let resolver = Resolver::new(&self.document, self.encoding.encoding, url);
        self.document
            .elements()
            .filter(|element| element.is_html("a") || element.is_html("area"))
            .filter_map(|element| resolver.resolve(element.attr("href")?))
            .collect()
    }

    /// What `take` says of each element `selector` matches, in tree order.
    pub fn select(&self, selector: &Selector, take: Take<'_>) -> Vec<String> {
        self.document.select(selector).filter_map(|element| self.take(&element, take)).collect()
    }

    /// The page's language-neutral metadata (see [`Metadata`]).
    pub fn metadata(&self, url: Option<&str>) -> Metadata {
        Metadata::of(self, url)
    }

    fn take(&self, element: &ElementRef<'_>, take: Take<'_>) -> Option<String> {
        match take {
            Take::Text => Some(self.document.visible_text(element.id())),
            Take::Attr(name) => element.attr(name).map(str::to_string),
            Take::Html => Some(element.outer_html()),
        }
    }
}

/// The encoding to fall back on: UTF-8 for bytes that are valid UTF-8
/// (the standard lets a user agent detect the encoding at that step),
/// else the default (windows-1252). A known HTTP charset decides before
/// the fallback is reached: then the bytes are not checked.
///
/// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding>
fn detected_fallback(html: &[u8], charset: Option<&str>) -> Option<&'static htmlforge::encoding::Encoding> {
    if charset.is_some_and(|label| htmlforge::encoding::Encoding::for_label(label.as_bytes()).is_some()) {
        return None;
    }
    std::str::from_utf8(html).is_ok().then_some(encoding_rs::UTF_8)
}

/// The text a reader sees of the page in `html` ([`Page::text`]).
pub fn text(html: &[u8], charset: Option<&str>) -> String {
    Page::parse(html, charset).text()
}

/// The page's title ([`Page::title`]).
pub fn title(html: &[u8], charset: Option<&str>) -> Option<String> {
    Page::parse(html, charset).title()
}

/// The page's hyperlinks resolved against `url` ([`Page::links`]).
pub fn links(html: &[u8], charset: Option<&str>, url: Option<&str>) -> Vec<String> {
    Page::parse(html, charset).links(url)
}

/// What `take` says of each element that `selector` matches ([`Page::select`]).
///
/// ```
/// use htmlforge_crawl::{Selector, Take};
///
/// let images = Selector::parse("img[src]").unwrap();
/// let html = b"<img src=a.png alt=A><img alt=B><img src=c.png>";
/// assert_eq!(htmlforge_crawl::select(html, None, &images, Take::Attr("alt")), ["A"]);
/// ```
pub fn select(html: &[u8], charset: Option<&str>, selector: &Selector, take: Take<'_>) -> Vec<String> {
    Page::parse(html, charset).select(selector, take)
}

/// The page's metadata ([`Page::metadata`]).
pub fn metadata(html: &[u8], charset: Option<&str>, url: Option<&str>) -> Metadata {
    Page::parse(html, charset).metadata(url)
}
