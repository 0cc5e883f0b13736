//! The tree construction dispatcher: insertion mode rules or the rules
//! for parsing tokens in foreign content.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tree-construction-dispatcher>

use crate::generated::names::{local_names, Namespace};
use crate::generated::tag_groups::is_mathml_text_integration_point_foreign_start_tags;

use super::insertion_modes::Step;
use super::token::Tok;
use super::{TreeBuilder, TreeSink};

impl<S: TreeSink> TreeBuilder<S> {
    /// Processes one token, reprocessing it as the rules ask.
    #[inline(always)]
    pub(crate) fn dispatch(&mut self, mut tok: Tok<'_>) {
        // "If the next token is a U+000A LINE FEED (LF) character token,
        // then ignore that token and move on to the next one" (after
        // `pre`, `listing` and `textarea` start tags).
        if std::mem::take(&mut self.ignore_next_line_feed) {
            if let Tok::Characters(text) = tok {
                match text.strip_prefix('\n') {
                    Some("") => return,
                    Some(rest) => tok = Tok::Characters(rest),
                    None => {}
                }
            }
        }
        self.process_until_done(tok);
    }

    /// Processes `tok` with the rules the dispatcher picks, again as long
    /// as they ask to reprocess it.
    #[inline(always)]
    pub(crate) fn process_until_done(&mut self, mut tok: Tok<'_>) {
        loop {
            crate::cost::step!("tree_builder::reprocess");
            let step = if self.uses_insertion_mode_rules(&tok) {
                self.process_using_the_rules_for(self.mode, tok)
            } else {
                self.in_foreign_content(tok)
            };
            match step {
                Step::Done => return,
                Step::Reprocess(next) => tok = next,
            }
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#tree-construction-dispatcher>
    fn uses_insertion_mode_rules(&self, tok: &Tok<'_>) -> bool {
        let Some(node) = self.adjusted_current_node() else { return true };
        if node.ns == Namespace::Html {
            return true;
        }
        if node.is_mathml_text_integration_point() {
            match tok {
                Tok::StartTag(tag) if !tag.is_in(is_mathml_text_integration_point_foreign_start_tags) => return true,
                Tok::Characters(_) => return true,
                _ => {}
            }
        }
        if node.is_named(Namespace::MathMl, local_names::ANNOTATION_XML) {
            if let Tok::StartTag(tag) = tok {
                if tag.is(local_names::SVG) {
                    return true;
                }
            }
        }
        if node.is_html_integration_point() && matches!(tok, Tok::StartTag(_) | Tok::Characters(_)) {
            return true;
        }
        matches!(tok, Tok::Eof)
    }
}
