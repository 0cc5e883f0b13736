//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign>

use crate::generated::names::{local_names, Namespace};
use crate::generated::tag_groups::{
    is_in_foreign_content_end_tags_that_break_out, is_in_foreign_content_start_tags_that_break_out,
};
use crate::tree_builder::element_names::LocalId;
use crate::tree_builder::token::{has_non_whitespace, split_before_null, TagTok, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::Step;

impl<S: TreeSink> TreeBuilder<S> {
    /// The character rules of foreign content: U+0000 is a parse error and
    /// inserted as U+FFFD; whitespace is inserted; any other character is
    /// inserted and sets frameset-ok to "not ok".
    pub(crate) fn in_foreign_content_characters(&mut self, mut text: &str) {
        while !text.is_empty() {
            crate::cost::step!("tree_builder::null_runs");
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
            crate::cost::step!("tree_builder::stack_pops");
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
    /// The walk from the current node passes the foreign elements above the
    /// topmost HTML element and closes the first whose ASCII-lowercased
    /// name is the token's; reaching an HTML element, it hands the token to
    /// the insertion mode. So it closes the topmost foreign element of that
    /// name exactly when it is above the topmost HTML element, which the
    /// stack's chains and the current node's record tell without the walk
    /// (`<svg>` + `<g>`×n + `</x>`×n walked the g elements for every end
    /// tag).
    fn foreign_content_any_other_end_tag<'a>(&mut self, tag: TagTok<'a>, tok: Tok<'a>) -> Step<'a> {
        let stack = &self.open_elements;
        let top = stack.top_slot().expect("foreign content has a current node");
        if !stack.name_str(&stack[top]).eq_ignore_ascii_case(&tag.tag.name) {
            self.parse_error(TreeConstructionError::UnexpectedEndTag);
        }
        // "If node is the topmost element in the stack of open elements,
        // then return. (fragment case)"
        if top == 0 {
            return Step::Done;
        }
        let stack = &self.open_elements;
        let id = match tag.name {
            Some(name) => Some(LocalId::from(name)),
            None => stack.find_local_id(&tag.tag.name),
        };
        let found = id.and_then(|id| stack.last_foreign_lowercase(id));
        let html = stack.last_html_element();
        let closes = found.filter(|&found| html.is_none_or(|html| found > html));
        #[cfg(test)]
        self.check_foreign_end_tag_against_the_walk(tag, closes);
        match closes {
            Some(slot) => {
                let handle = self.open_elements[slot].handle;
                self.pop_until_node_popped(handle);
                Step::Done
            }
            None => self.process_using_the_rules_for(self.mode, tok),
        }
    }

    /// The spec's walk of foreign content's "any other end tag", against
    /// the element the stack's chains found (`found`).
    #[cfg(test)]
    fn check_foreign_end_tag_against_the_walk(&self, tag: TagTok<'_>, found: Option<usize>) {
        let stack = &self.open_elements;
        let mut walked = None;
        for slot in stack.slots_down_from(stack.top_slot()) {
            let node = &stack[slot];
            if slot == 0 {
                break;
            }
            if stack.name_str(node).to_ascii_lowercase() == tag.tag.name {
                walked = Some(slot);
                break;
            }
            if stack.below(slot).is_some_and(|below| stack[below].ns == Namespace::Html) {
                break;
            }
        }
        assert_eq!(found, walked, "</{}>", tag.tag.name);
        crate::tree_builder::stack_of_open_elements::tests::FOREIGN_END_TAGS.with(|count| count.set(count.get() + 1));
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
