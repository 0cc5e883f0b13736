//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>

use crate::generated::names::{local_names, Namespace};
use crate::generated::tag_groups::{
    is_in_foreign_content_end_tags_that_break_out, is_in_foreign_content_start_tags_that_break_out,
};
use crate::tree_builder::stack_regions::{ascii_lowercase, SHORT_WALK};
use crate::tree_builder::token::{has_non_whitespace, split_before_null, TagTok, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::Step;

impl<S: TreeSink> TreeBuilder<S> {
    /// The character rules of foreign content: U+0000 is a parse error and
    /// inserted as U+FFFD; whitespace is inserted; any other character is
    /// inserted and sets frameset-ok to "not ok".
    pub(crate) fn in_foreign_content_characters(&mut self, mut text: &str) {
        while !text.is_empty() {
            let (run, rest) = split_before_null(text);
            self.insert_characters(run);
            // As in body: nothing turns the flag back on.
            if self.frameset_ok && has_non_whitespace(run) {
                self.frameset_ok = false;
            }
            match rest.strip_prefix('\0') {
                Some(after) => {
                    self.parse_error(TreeConstructionError::UnexpectedNullCharacter);
                    self.insert_characters("\u{FFFD}");
                    text = after;
                }
                None => text = rest,
            }
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>
    pub(crate) fn in_foreign_content<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            Tok::Characters(text) => {
                self.in_foreign_content_characters(text);
                Step::Done
            }
            // A comment token: insert a comment.
            Tok::Comment(text) => {
                self.insert_a_comment(text);
                Step::Done
            }
            // A processing instruction token: insert a processing instruction
            // [#insert-a-processing-instruction].
            Tok::ProcessingInstruction(pi) => {
                self.insert_a_processing_instruction(pi);
                Step::Done
            }
            // A DOCTYPE token: parse error, ignore.
            Tok::Doctype(_) => {
                self.parse_error(TreeConstructionError::UnexpectedDoctype);
                Step::Done
            }
            Tok::StartTag(tag) if breaks_out_of_foreign_content(tag) => self.break_out_of_foreign_content(tok),
            Tok::EndTag(tag) if tag.is_in(is_in_foreign_content_end_tags_that_break_out) => {
                self.break_out_of_foreign_content(tok)
            }
            // Any other start tag.
            Tok::StartTag(tag) => {
                let ns = self.adjusted_current_node().map_or(Namespace::Html, |node| node.ns);
                self.insert_a_foreign_element(tag.tag, ns, false);
                if tag.tag.self_closing {
                    // An SVG "script" would run here; acknowledging the
                    // flag and popping is the same for the tree.
                    self.pop();
                    self.acknowledge_the_self_closing_flag();
                }
                Step::Done
            }
            // An end tag "script" whose current node is an SVG script: pop it.
            Tok::EndTag(tag)
                if tag.is(local_names::SCRIPT) && self.current_node().is_named(Namespace::Svg, local_names::SCRIPT) =>
            {
                self.pop();
                Step::Done
            }
            Tok::EndTag(tag) => self.foreign_content_any_other_end_tag(tag, tok),
            // The dispatcher sends end-of-file to the insertion mode.
            Tok::Eof => self.process_using_the_rules_for(self.mode, tok),
        }
    }

    /// Parse error; pop until the current node is a MathML text
    /// integration point, an HTML integration point, or an HTML element;
    /// then reprocess the token by the current insertion mode's rules.
    fn break_out_of_foreign_content<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        self.parse_error(TreeConstructionError::ForeignContentBreakOut);
        while let Some(node) = self.open_elements.last() {
            if node.is_mathml_text_integration_point() || node.is_html_integration_point() || node.ns == Namespace::Html
            {
                break;
            }
            self.pop();
        }
        self.process_using_the_rules_for(self.mode, tok)
    }

    /// "Any other end tag" in foreign content.
    ///
    /// The walk passes the foreign elements above the topmost HTML element.
    /// One that finds its element is paid for by the pops after it; one
    /// that reaches the HTML element pops nothing, so past `SHORT_WALK`
    /// elements the counted names of those foreign elements answer
    /// (`<svg>`, `<g>`×n, `</x>`×n stays linear), and a long walk that fails
    /// counts them.
    fn foreign_content_any_other_end_tag<'a>(&mut self, tag: TagTok<'a>, tok: Tok<'a>) -> Step<'a> {
        let mut index = self.open_elements.len() - 1;
        let stack = &self.open_elements;
        if !stack.name_str(&stack[index]).eq_ignore_ascii_case(&tag.tag.name) {
            self.parse_error(TreeConstructionError::UnexpectedEndTag);
        }
        let mut walked = 0;
        loop {
            if index == 0 {
                return Step::Done;
            }
            let node = &self.open_elements[index];
            if self.open_elements.name_str(node).eq_ignore_ascii_case(&tag.tag.name) {
                let handle = node.handle;
                self.pop_until_node_popped(handle);
                return Step::Done;
            }
            index -= 1;
            if self.open_elements[index].ns == Namespace::Html {
                if walked > SHORT_WALK {
                    self.open_elements.count_names_above_topmost_html();
                }
                return self.process_using_the_rules_for(self.mode, tok);
            }
            walked += 1;
            if walked == SHORT_WALK && self.open_elements.lacks_above_topmost_html(&ascii_lowercase(&tag.tag.name)) {
                #[cfg(test)]
                {
                    let rest = &self.open_elements[1..=index];
                    let passed = rest.iter().rev().take_while(|node| node.ns != Namespace::Html);
                    let stack = &self.open_elements;
                    assert!(!passed.into_iter().any(|node| stack.name_str(node).eq_ignore_ascii_case(&tag.tag.name)));
                    crate::tree_builder::stack_regions::tests::FOREIGN_ANSWERS
                        .with(|answers| answers.set(answers.get() + 1));
                }
                return self.process_using_the_rules_for(self.mode, tok);
            }
        }
    }
}

/// "A start tag whose tag name is one of: "b", "big", …, "var""; "A start
/// tag whose tag name is "font", if the token has any attributes named
/// "color", "face", or "size"".
fn breaks_out_of_foreign_content(tag: TagTok<'_>) -> bool {
    tag.is_in(is_in_foreign_content_start_tags_that_break_out)
        || (tag.is(local_names::FONT)
            && tag.tag.attrs.iter().any(|a| matches!(a.name.as_str(), "color" | "face" | "size")))
}
