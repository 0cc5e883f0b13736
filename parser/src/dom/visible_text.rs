//! The text a reader sees: [`Document::visible_text`].

use crate::generated::names::Namespace;
// The rendering rules' element lists, generated from
// spec-data/rendering-tag-groups.txt: [#hidden-elements], the blocks of the
// user-agent style sheet, and the elements whose white space it keeps.
use crate::generated::rendering_groups::{is_block_elements, is_hidden_elements, is_preformatted_elements};

use super::{Document, NodeData, NodeId};

/// Options of [`Document::visible_text_with`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct TextOptions {
    /// Whether scripting is on: then `noscript` is not rendered (and its
    /// content is raw markup), so it is skipped. `None` (the default): the
    /// flag the document was parsed with ([`Document::scripting`]).
    pub scripting: Option<bool>,
}

crate::setters::setters!(const TextOptions {
    scripting: Option<bool>,
});

/// What separates the text before a point from the text after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Break {
    None,
    Space,
    Tab,
    Line,
    Paragraph,
}

/// Collects text, writing each separator only between two pieces of text
/// (never at the start or the end). Separators from element boundaries
/// collapse to the largest; `br` line breaks add up.
struct TextBuilder {
    out: String,
    pending: Break,
    line_breaks: usize,
}

impl TextBuilder {
    fn separate(&mut self, at_least: Break) {
        self.pending = self.pending.max(at_least);
    }

    /// Writes the pending separator, before text.
    fn flush(&mut self) {
        if !self.out.is_empty() {
            let lines = self.line_breaks
                + match self.pending {
                    Break::Line => 1,
                    Break::Paragraph => 2,
                    _ => 0,
                };
            match (lines, self.pending) {
                (0, Break::Space) => self.out.push(' '),
                (0, Break::Tab) => self.out.push('\t'),
                (0, _) => {}
                (lines, _) => self.out.extend(std::iter::repeat_n('\n', lines)),
            }
        }
        self.pending = Break::None;
        self.line_breaks = 0;
    }

    /// Text under `white-space: normal`: runs of ASCII white space become
    /// one space, dropped at the start and end of a line.
    fn collapsed(&mut self, text: &str) {
        if text.starts_with(|c: char| c.is_ascii_whitespace()) {
            self.separate(Break::Space);
        }
        let mut first = true;
        for word in text.split(|c: char| c.is_ascii_whitespace()).filter(|word| !word.is_empty()) {
            if !first {
                self.separate(Break::Space);
            }
            self.flush();
            self.out.push_str(word);
            first = false;
        }
        if text.ends_with(|c: char| c.is_ascii_whitespace()) && !first {
            self.separate(Break::Space);
        }
    }

    /// Text under `white-space: pre`: as it is.
    fn preformatted(&mut self, text: &str) {
        if !text.is_empty() {
            self.flush();
            self.out.push_str(text);
        }
    }

    /// A `br`: one line break more.
    fn line_break(&mut self) {
        self.line_breaks += 1;
    }
}

impl Document {
    /// The text of `node` as a reader sees it rendered (see
    /// [`Document::visible_text_with`] for the rules).
    ///
    /// ```
    /// let document = htmlforge::parse_document(
    ///     "<h1>Title</h1><p>One <b>bold</b>\n   word.</p><script>var x</script>\
    ///      <ul><li>a</li><li>b</li></ul><table><tr><td>1</td><td>2</td></tr></table>x<br>y<!--c-->",
    /// );
    /// let body = document.body().unwrap();
    /// assert_eq!(document.visible_text(body), "Title\n\nOne bold word.\n\na\nb\n1\t2\nx\ny");
    /// ```
    pub fn visible_text(&self, node: impl Into<NodeId>) -> String {
        self.visible_text_with(node, TextOptions::default())
    }

    /// The text of `node` as a reader sees it rendered. The rules, a small
    /// part of the HTML standard's rendering section (no CSS is applied):
    ///
    /// - Skipped: comments; the elements the standard's style sheet hides
    ///   (`script`, `style`, `template`, `head`, `title`, `meta`, `link`,
    ///   `datalist`, `noembed`, `noframes`, `rp`, `area`, `base`, `param`…)
    ///   and elements with a `hidden` attribute; `noscript` when scripting
    ///   is on ([`TextOptions::scripting`], by default the document's: with
    ///   scripting off the parser builds its content as markup, which is
    ///   shown). Template contents are never descendants.
    /// - White space (ASCII) collapses to one space and is dropped at the
    ///   start and end of each line, except inside `pre`, `textarea`,
    ///   `listing`, `xmp` and `plaintext`, where it is kept as it is.
    /// - A block-level element (`div`, `p`, `li`, `h1`–`h6`, `tr`, `table`,
    ///   `section`… the standard's `display: block` elements) starts and
    ///   ends a line; a `p` is separated by a blank line (separators of
    ///   nested and adjacent blocks collapse to the largest). Table cells
    ///   in a row are separated by a tab. Each `br` is a line break.
    /// - Nothing is added at the start or the end.
    ///
    /// Compared with selectolax (lexbor) `node.text(separator=…, strip=…)`,
    /// which joins every text node with the separator: it keeps the
    /// content of `script` and `style` (and of `noscript`), separates
    /// inline pieces too (`One <b>bold</b>` gives `One \nbold` with
    /// `separator="\n"`), and does not collapse white space inside a text
    /// node (`strip=True` only trims each node). Here inline elements join
    /// their text, and only blocks, cells and `br` separate it.
    ///
    /// ```
    /// use htmlforge::dom::TextOptions;
    ///
    /// let options = htmlforge::ParseOptions::default().scripting(false);
    /// let document = htmlforge::parse_document_with("<p>a<noscript><i>b</i></noscript><pre> c\n  d</pre>", options);
    /// let body = document.body().unwrap();
    /// assert_eq!(document.visible_text(body), "ab\n\n c\n  d");
    /// assert_eq!(document.visible_text_with(body, TextOptions::default().scripting(Some(true))), "a\n\n c\n  d");
    /// ```
    pub fn visible_text_with(&self, node: impl Into<NodeId>, options: TextOptions) -> String {
        let node = node.into();
        let scripting = options.scripting.unwrap_or(self.scripting);
        let mut builder = TextBuilder { out: String::new(), pending: Break::None, line_breaks: 0 };
        // (node, entered): an element is visited twice, before and after
        // its children; an explicit stack, for deep trees.
        let mut stack = vec![(node, false)];
        let mut preformatted = 0usize;
        while let Some((current, leaving)) = stack.pop() {
            crate::cost::step!("dom::visible_text");
            match self.data(current) {
                NodeData::Text(text) if preformatted > 0 => builder.preformatted(text),
                NodeData::Text(text) => builder.collapsed(text),
                NodeData::Element(element) => {
                    let html = element.ns() == Namespace::Html;
                    let name = element.local_name();
                    let known = element.known_name();
                    let block = html && known.is_some_and(is_block_elements);
                    let preformatted_element = html && known.is_some_and(is_preformatted_elements);
                    let separator = match name {
                        _ if !html => Break::None,
                        "p" => Break::Paragraph,
                        "td" | "th" => Break::Tab,
                        _ if block => Break::Line,
                        _ => Break::None,
                    };
                    if leaving {
                        builder.separate(separator);
                        preformatted -= usize::from(preformatted_element);
                        continue;
                    }
                    if current != node {
                        let hidden = html
                            && (known.is_some_and(is_hidden_elements)
                                || element.has_attr("hidden")
                                || (name == "noscript" && scripting));
                        if hidden {
                            continue;
                        }
                    }
                    if html && name == "br" {
                        builder.line_break();
                        continue;
                    }
                    builder.separate(separator);
                    preformatted += usize::from(preformatted_element);
                    stack.push((current, true));
                    let children: Vec<NodeId> = self.children(current).collect();
                    stack.extend(children.into_iter().rev().map(|child| (child, false)));
                }
                NodeData::Document | NodeData::DocumentFragment => {
                    let children: Vec<NodeId> = self.children(current).collect();
                    stack.extend(children.into_iter().rev().map(|child| (child, false)));
                }
                _ => {}
            }
        }
        builder.out
    }
}

#[cfg(test)]
mod tests {
    fn text(html: &str) -> String {
        let document = crate::parse_document(html);
        document.visible_text(document.document())
    }

    #[test]
    fn hidden_elements_and_comments_are_skipped() {
        assert_eq!(text("<title>T</title><style>p{}</style><p>a<script>x</script><!--c-->b"), "ab");
        assert_eq!(text("<p hidden>no</p><p>yes<template>t</template></p><datalist>d</datalist>"), "yes");
        // Scripting on (the default): noscript is not rendered.
        assert_eq!(text("<noscript><p>n</p></noscript>x"), "x");
        // Scripting off: noscript's content is markup, and shown.
        let off = crate::parse_document_with(
            "<noscript><p>n</p></noscript>",
            crate::ParseOptions::default().scripting(false),
        );
        assert_eq!(off.visible_text(off.document()), "n");
    }

    #[test]
    fn blocks_lines_and_white_space() {
        assert_eq!(text("<div>  a \n b </div><div>c</div>"), "a b\nc");
        assert_eq!(text("<p>a</p><p>b</p><div>c</div>"), "a\n\nb\n\nc");
        assert_eq!(text("a<span> b </span> c"), "a b c");
        assert_eq!(text("<div><div><div>a</div></div></div>b"), "a\nb");
        assert_eq!(text("a<br><br>b<br>"), "a\n\nb");
        assert_eq!(text("<pre>  x\n  y </pre>z"), "  x\n  y \nz");
        assert_eq!(text("<table><tr><th>h<td>1<tr><td>2<td>3</table>"), "h\t1\n2\t3");
        assert_eq!(text("<ul><li>a<li>b</ul>"), "a\nb");
        assert_eq!(text(""), "");
    }

    #[test]
    fn a_deep_tree_does_not_recurse() {
        let depth = 100_000;
        let html = format!("{}x{}", "<div>".repeat(depth), "</div>".repeat(depth));
        let document = crate::parse_document(&html);
        assert_eq!(document.visible_text(document.document()), "x");
    }
}
