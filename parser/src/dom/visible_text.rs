//! The text a reader sees: [`Document::visible_text`].

use crate::generated::names::Namespace;
// The rendering rules' element lists, generated from
// spec-data/rendering-tag-groups.txt: [#hidden-elements], the blocks of the
// user-agent style sheet, and the elements whose white space it keeps.
use crate::generated::rendering_groups::{
    is_block_elements, is_hidden_elements, is_mathml_first_child_only_elements, is_preformatted_elements,
    is_replaced_elements, is_svg_never_rendered_elements,
};

use super::{Document, ElementRef, NodeData, NodeId};

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

    /// The text of `node` as a reader sees it rendered: what the
    /// standard's `innerText` gives ([#rendered-text-collection-steps]),
    /// with the user-agent style sheet of its rendering section and no
    /// other CSS. The rules:
    ///
    /// - Not rendered, so skipped: comments; the elements the standard's
    ///   style sheet hides ([#hidden-elements]: `script`, `style`,
    ///   `template`, `head`, `title`, `meta`, `link`, `datalist`, `noembed`,
    ///   `noframes`, `rp`, `area`, `base`, `param`…), elements with a
    ///   `hidden` attribute, `noscript` when scripting is on
    ///   ([`TextOptions::scripting`], by default the document's: with
    ///   scripting off the parser builds its content as markup, which is
    ///   shown), `audio` without `controls`; a `dialog` without `open` and
    ///   an element with a `popover` attribute ([#flow-content-3]: a static
    ///   document shows neither); SVG's never-rendered elements (`title`,
    ///   `desc`, `defs`, `symbol`…). Template contents are never
    ///   descendants.
    /// - Children not rendered: those of the replaced elements `iframe`,
    ///   `video` and `audio`, and of `canvas` when scripting is on
    ///   ([#embedded-content-rendering-rules]: their children are fallback
    ///   content); a closed `details` shows its `summary` only
    ///   ([#the-details-and-summary-elements]); a `select` shows its
    ///   options, one per line, and no other text; an SVG drawing draws the
    ///   text of its `text` elements only (and a `foreignObject`'s HTML);
    ///   MathML's `semantics` and `maction` show their first child only.
    ///   An `object` shows its children, the fallback it shows when what
    ///   it embeds does not load (which a parse cannot know).
    /// - White space (ASCII) collapses to one space and is dropped at the
    ///   start and end of each line, except inside `pre`, `textarea`,
    ///   `listing`, `xmp` and `plaintext`, where it is kept as it is.
    /// - A block-level element (`div`, `p`, `li`, `h1`–`h6`, `tr`, `table`,
    ///   `section`, `option`… the standard's `display: block` elements)
    ///   starts and ends a line; a `p` is separated by a blank line
    ///   (separators of nested and adjacent blocks collapse to the
    ///   largest). Table cells in a row are separated by a tab. Each `br`
    ///   is a line break.
    /// - Nothing is added at the start or the end. `node` itself is read
    ///   even when it is not rendered (as `innerText` then gives its
    ///   text), with the rules above for its descendants.
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
        // An element is visited twice, before and after its children; an
        // explicit stack, for deep trees.
        let mut stack = vec![Visit::Enter(node, self.content_around(node))];
        let mut preformatted = 0usize;
        while let Some(visit) = stack.pop() {
            crate::cost::step!("dom::visible_text");
            let (current, content) = match visit {
                Visit::Enter(current, content) => (current, content),
                Visit::Leave(separator, preformatted_element) => {
                    builder.separate(separator);
                    preformatted -= usize::from(preformatted_element);
                    continue;
                }
            };
            match self.data(current) {
                NodeData::Text(_) if content != Content::Flow => {}
                NodeData::Text(text) if preformatted > 0 => builder.preformatted(text),
                NodeData::Text(text) => builder.collapsed(text),
                NodeData::Element(element) => {
                    // The node asked for is read even when it is not
                    // rendered, as `innerText` then gives its text.
                    if current != node && !is_rendered(&element, scripting) {
                        continue;
                    }
                    let html = element.ns() == Namespace::Html;
                    if html && element.local_name() == "br" {
                        if content == Content::Flow {
                            builder.line_break();
                        }
                        continue;
                    }
                    let inner = content_inside(&element, content);
                    let known = element.known_name();
                    // An element has a box of its own where its text is
                    // rendered, and an optgroup in a select.
                    let boxed = html && (inner == Content::Flow || element.local_name() == "optgroup");
                    let preformatted_element = boxed && known.is_some_and(is_preformatted_elements);
                    let separator = match element.local_name() {
                        _ if !boxed => Break::None,
                        "p" => Break::Paragraph,
                        "td" | "th" => Break::Tab,
                        _ if known.is_some_and(is_block_elements) => Break::Line,
                        _ => Break::None,
                    };
                    builder.separate(separator);
                    preformatted += usize::from(preformatted_element);
                    stack.push(Visit::Leave(separator, preformatted_element));
                    self.push_rendered_children(&element, inner, scripting, &mut stack);
                }
                NodeData::Document | NodeData::DocumentFragment => {
                    let before = stack.len();
                    stack.extend(self.children(current).map(|child| Visit::Enter(child, content)));
                    stack[before..].reverse();
                }
                _ => {}
            }
        }
        builder.out
    }

    /// How the children of `element` are rendered, pushed in reverse order:
    /// none for a replaced element (its children are fallback content a
    /// reader does not see); for a closed `details`, its first `summary`
    /// only; for MathML's `semantics` and `maction`, their first element.
    fn push_rendered_children(
        &self,
        element: &ElementRef<'_>,
        content: Content,
        scripting: bool,
        stack: &mut Vec<Visit>,
    ) {
        let known = element.known_name();
        let before = stack.len();
        match element.ns() {
            // [#embedded-content-rendering-rules]: iframe, video and audio
            // (with controls; without, [#hidden-elements] hides it) are
            // replaced elements, and so is a canvas when scripting is on
            // (it represents embedded content, not its fallback).
            Namespace::Html
                if known.is_some_and(is_replaced_elements) || (scripting && element.local_name() == "canvas") => {}
            // [#the-details-and-summary-elements]: a closed details shows
            // its summary (its first summary child) and hides the rest.
            Namespace::Html if element.local_name() == "details" && !element.has_attr("open") => {
                let summary = element
                    .child_elements()
                    .find(|child| child.ns() == Namespace::Html && child.local_name() == "summary");
                stack.extend(summary.map(|summary| Visit::Enter(summary.id(), content)));
            }
            // MathML Core's style sheet: `semantics > :not(:first-child)`
            // and `maction > :not(:first-child)` are `display: none`.
            Namespace::MathMl if known.is_some_and(is_mathml_first_child_only_elements) => {
                stack.extend(element.child_elements().next().map(|first| Visit::Enter(first.id(), content)));
            }
            _ => {
                stack.extend(self.children(element.id()).map(|child| Visit::Enter(child, content)));
                stack[before..].reverse();
            }
        }
    }

    /// How text is rendered where `node` is, from its ancestors: in an SVG
    /// drawing outside its `text` elements, or in a `select` outside its
    /// options, not at all.
    fn content_around(&self, node: NodeId) -> Content {
        let mut ancestor = self.parent(node);
        while let Some(id) = ancestor {
            if let Some(element) = self.element(id) {
                match content_inside(&element, Content::Unset) {
                    Content::Unset => {}
                    content => return content,
                }
            }
            ancestor = self.parent(id);
        }
        Content::Flow
    }
}

/// A step of the walk: enter a node (with how its text is rendered), or
/// leave an element (its separator, and whether it kept white space).
enum Visit {
    Enter(NodeId, Content),
    Leave(Break, bool),
}

/// How the text of a node is rendered, from where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Content {
    /// As text in the flow of the page.
    Flow,
    /// In an SVG drawing: only its `text` elements draw text (SVG 2
    /// §11 Text, [#TermTextContentElement]).
    SvgGraphics,
    /// In a `select` or an `optgroup`: only the boxes of its `option` and
    /// `optgroup` descendants are rendered (the rendered text collection
    /// steps of `innerText`, step 3, [#rendered-text-collection-steps]).
    OptionsOnly,
    /// Not decided by the element (for [`Document::content_around`]).
    Unset,
}

/// How the children of `element` are rendered, when its own text is
/// rendered as `outer`.
fn content_inside(element: &ElementRef<'_>, outer: Content) -> Content {
    match (element.ns(), element.local_name()) {
        (Namespace::Html, "select" | "optgroup") => Content::OptionsOnly,
        (Namespace::Html, "option") => Content::Flow,
        (Namespace::Svg, "svg") => Content::SvgGraphics,
        // `foreignObject` draws its HTML content as a page does.
        (Namespace::Svg, "text" | "foreignObject") => Content::Flow,
        _ => outer,
    }
}

/// Whether `element` is rendered at all (not `display: none` in the
/// standard's style sheet, nor an SVG element that is never rendered).
fn is_rendered(element: &ElementRef<'_>, scripting: bool) -> bool {
    let known = element.known_name();
    match element.ns() {
        Namespace::Html => {
            let name = element.local_name();
            let open_dialog = name == "dialog" && element.has_attr("open");
            // [#hidden-elements]: the listed elements, `[hidden]` (and
            // `hidden=until-found`, whose content is skipped), `noscript`
            // when scripting is on, `audio` without controls.
            !(known.is_some_and(is_hidden_elements)
                || element.has_attr("hidden")
                || (scripting && name == "noscript")
                || (name == "audio" && !element.has_attr("controls"))
                // [#flow-content-3]: `dialog:not([open])`, and a popover
                // that is not showing (a static document shows none).
                || (name == "dialog" && !open_dialog)
                || (element.has_attr("popover") && !open_dialog))
        }
        // SVG 2 [#TermNeverRenderedElement]: `title`, `desc`, `defs`…
        Namespace::Svg => !known.is_some_and(is_svg_never_rendered_elements),
        _ => true,
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
    fn what_a_reader_never_sees_is_skipped() {
        // SVG: only `text` elements draw text; `title` and `desc` are
        // never rendered; `foreignObject` holds HTML rendered as a page.
        assert_eq!(text("<a>Share <svg><title>Icon</title><desc>d</desc><path/></svg></a>"), "Share");
        assert_eq!(text("<svg>stray<g><text>Hi <tspan>there</tspan></text></g></svg>"), "Hi there");
        assert_eq!(text("<svg><foreignObject><p>a</p><p>b</p></foreignObject></svg>"), "a\n\nb");
        assert_eq!(text("<svg><defs><text>no</text></defs><text>yes</text></svg>"), "yes");
        // Replaced elements: their children are fallback content.
        assert_eq!(text("a<iframe src=x>Your browser has no frames</iframe>b"), "ab");
        assert_eq!(text("<video><source src=v>Get a browser</video><audio controls>No audio</audio>x"), "x");
        assert_eq!(text("<canvas><p>A chart</p></canvas>x"), "x");
        let off = crate::parse_document_with(
            "<canvas><p>A chart</p></canvas>",
            crate::ParseOptions::default().scripting(false),
        );
        assert_eq!(off.visible_text(off.document()), "A chart");
        // Closed things: a dialog, a popover, a details' content.
        assert_eq!(text("<dialog>d</dialog><dialog open>o</dialog><div popover>p</div>x"), "o\nx");
        assert_eq!(text("<details><p>more</p><summary>Sum</summary></details>"), "Sum");
        assert_eq!(text("<details open><summary>Sum</summary><p>more</p></details>"), "Sum\n\nmore");
        // A select: its options, one per line, and nothing else.
        assert_eq!(text("<select>stray<option>One<option>Two</select>"), "One\nTwo");
        assert_eq!(text("<p>Pick <select><optgroup label=g><option>A</optgroup></select> now"), "Pick\nA\nnow");
        // MathML: `semantics` renders its first child, not its annotations.
        assert_eq!(text("<math><semantics><mi>x</mi><annotation>x-tex</annotation></semantics></math>"), "x");
        // The node asked for is read even inside an SVG drawing's text.
        let document = crate::parse_document("<svg><text>a<tspan>b</tspan></text></svg>");
        let tspan = document
            .descendants(document.document())
            .find(|&n| document.element(n).is_some_and(|e| e.local_name() == "tspan"))
            .unwrap();
        assert_eq!(document.visible_text(tspan), "b");
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
