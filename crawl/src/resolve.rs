//! URLs of a page resolved as the HTML standard resolves them: against the
//! document base URL, with the query in the document's encoding.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/urls-and-fetching.html#encoding-parsing-a-url>

use std::borrow::Cow;

use htmlforge::dom::Document;
use htmlforge::encoding::Encoding;
use url::Url;

/// Resolves a page's URL attributes (`href`, `src`…).
pub(crate) struct Resolver {
    base: Option<Url>,
    /// The encoding a query is encoded in: the page's output encoding, or
    /// `None` for UTF-8 (the URL parser's own).
    query_encoding: Option<&'static Encoding>,
}

impl Resolver {
    /// The resolver of `document`, decoded from `encoding` and fetched from
    /// `url` (the fallback base URL; `None`: only absolute URLs resolve).
    pub(crate) fn new(document: &Document, encoding: &'static Encoding, url: Option<&str>) -> Resolver {
        let output = encoding.output_encoding();
        let query_encoding = (output != encoding_rs::UTF_8).then_some(output);
        let fallback = url.and_then(|url| Url::parse(url).ok());
        let mut resolver = Resolver { base: fallback, query_encoding };
        // The frozen base URL: the first `base` element with an `href`, in
        // tree order, parsed against the fallback base URL; when that
        // fails, the fallback.
        // Spec: <https://html.spec.whatwg.org/multipage/semantics.html#set-the-frozen-base-url>
        let first_base = document.elements().find(|element| element.is_html("base") && element.has_attr("href"));
        if let Some(href) = first_base.and_then(|base| base.attr("href")) {
            if let Some(frozen) = resolver.parse(href) {
                resolver.base = Some(frozen);
            }
        }
        resolver
    }

    /// `value` parsed against the base URL, serialized; `None` when it is
    /// not a URL.
    pub(crate) fn resolve(&self, value: &str) -> Option<String> {
        self.parse(value).map(String::from)
    }

    fn parse(&self, value: &str) -> Option<Url> {
        let options = Url::options().base_url(self.base.as_ref());
        match self.query_encoding {
            None => options.parse(value).ok(),
            Some(encoding) => {
                // The encoder's replacement for what the encoding cannot
                // hold is the HTML numeric character reference the URL
                // standard asks for.
                let encode = query_encoder(move |text| encoding.encode(text).0);
                options.encoding_override(Some(&encode)).parse(value).ok()
            }
        }
    }
}

/// `encode`, typed as the URL parser's encoding override (for every
/// lifetime of the text, which a closure's signature does not infer).
fn query_encoder<F: for<'a> Fn(&'a str) -> Cow<'a, [u8]>>(encode: F) -> F {
    encode
}
