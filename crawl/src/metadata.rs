//! A page's language-neutral metadata: what its markup declares about it,
//! read without understanding its words.

use htmlforge::dom::ElementRef;

use crate::extract::Page;
use crate::resolve::Resolver;

/// What a page declares about itself. Every field comes from markup, as
/// the HTML standard (or the convention named) defines it; none guesses
/// from the words of the page.
///
/// ```
/// let html = r#"<html lang=de-AT><head>
///     <meta name=Description content="Alles über Wien">
///     <meta name=robots content=noindex><meta name=ROBOTS content=nofollow>
///     <link rel="alternate canonical" href="/wien">
///     <meta property="og:title" content="Wien"><meta property="og:image" content="/w.png">"#;
/// let metadata = htmlforge_crawl::metadata(html.as_bytes(), None, Some("https://example.at/a?b"));
/// assert_eq!(metadata.lang.as_deref(), Some("de-AT"));
/// assert_eq!(metadata.description.as_deref(), Some("Alles über Wien"));
/// assert_eq!(metadata.robots.as_deref(), Some("noindex, nofollow"));
/// assert_eq!(metadata.canonical.as_deref(), Some("https://example.at/wien"));
/// assert_eq!(metadata.open_graph, [("og:title".into(), "Wien".into()), ("og:image".into(), "/w.png".into())]);
/// assert_eq!((metadata.encoding, metadata.encoding_source), ("UTF-8", "fallback"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Metadata {
    /// The language the page declares: the `html` element's `lang`
    /// attribute, else the pragma-set default language (the last
    /// `<meta http-equiv=content-language>` whose content is one language
    /// tag). `None` when neither is there or the value is empty.
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/dom.html#the-lang-and-xml:lang-attributes>,
    /// <https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-content-language>
    pub lang: Option<String>,
    /// The content of the first `<meta name=description>` (names compare
    /// ASCII case-insensitively).
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/semantics.html#meta-description>
    pub description: Option<String>,
    /// The `href` of the first `<link rel=canonical>` (RFC 6596), resolved
    /// as [`Page::links`] resolves links.
    pub canonical: Option<String>,
    /// The contents of every `<meta name=robots>`, joined by `", "` (as
    /// crawlers combine them); `None` when there is none.
    pub robots: Option<String>,
    /// The Open Graph properties (`<meta property="og:…" content>`), in
    /// tree order, as written.
    pub open_graph: Vec<(String, String)>,
    /// The name of the encoding the page was decoded with (`"UTF-8"`,
    /// `"windows-1252"`…).
    pub encoding: &'static str,
    /// Which step decided it: `"bom"`, `"transport"` (the HTTP charset),
    /// `"meta-prescan"`, `"meta-in-head"`, `"fallback"`…
    pub encoding_source: &'static str,
}

impl Metadata {
    pub(crate) fn of(page: &Page, url: Option<&str>) -> Metadata {
        let document = page.document();
        let mut metadata = Metadata {
            encoding: page.encoding().encoding.name(),
            encoding_source: page.encoding().source.as_str(),
            lang: document.document_element().and_then(|html| html.attr("lang")).map(str::to_string),
            ..Metadata::default()
        };
        let mut pragma_language = None;
        let mut canonical_href = None;
        let mut robots: Vec<&str> = Vec::new();
        for element in document.elements() {
            if element.is_html("meta") {
                let content = element.attr("content");
                if let (Some(name), Some(content)) = (element.attr("name"), content) {
                    if name.eq_ignore_ascii_case("description") && metadata.description.is_none() {
                        metadata.description = Some(content.to_string());
                    } else if name.eq_ignore_ascii_case("robots") {
                        robots.push(content);
                    }
                }
                if let (Some(property), Some(content)) = (element.attr("property"), content) {
                    if property.get(..3).is_some_and(|prefix| prefix.eq_ignore_ascii_case("og:")) {
                        metadata.open_graph.push((property.to_string(), content.to_string()));
                    }
                }
                if let Some(language) = content_language(&element) {
                    pragma_language = Some(language);
                }
            } else if canonical_href.is_none() && element.is_html("link") && has_rel(&element, "canonical") {
                canonical_href = element.attr("href");
            }
        }
        if metadata.lang.is_none() {
            metadata.lang = pragma_language.map(str::to_string);
        }
        // An empty lang says the language is unknown.
        metadata.lang = metadata.lang.filter(|lang| !lang.is_empty());
        if !robots.is_empty() {
            metadata.robots = Some(robots.join(", "));
        }
        if let Some(href) = canonical_href {
            metadata.canonical = Resolver::new(document, page.encoding().encoding, url).resolve(href);
        }
        metadata
    }
}

/// The language a `<meta http-equiv=content-language>` sets: its content
/// up to the first ASCII white space after leading white space, unless the
/// content holds a comma.
///
/// Spec: <https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-content-language>
fn content_language<'a>(meta: &ElementRef<'a>) -> Option<&'a str> {
    let pragma = meta.attr("http-equiv")?;
    if !pragma.eq_ignore_ascii_case("content-language") {
        return None;
    }
    let content = meta.attr("content")?;
    if content.contains(',') {
        return None;
    }
    let candidate = content.trim_start_matches(is_ascii_whitespace).split(is_ascii_whitespace).next()?;
    (!candidate.is_empty()).then_some(candidate)
}

/// Whether the element's `rel` holds `keyword` (tokens compare ASCII
/// case-insensitively).
fn has_rel(element: &ElementRef<'_>, keyword: &str) -> bool {
    element
        .attr("rel")
        .is_some_and(|rel| rel.split(is_ascii_whitespace).any(|token| token.eq_ignore_ascii_case(keyword)))
}

fn is_ascii_whitespace(c: char) -> bool {
    c.is_ascii_whitespace()
}
