//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intabletext>

use crate::tree_builder::token::{has_non_whitespace, split_before_null, Tok};
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::Step;

/// The largest buffer of pending table characters kept for the next run.
const KEPT_BUFFER_BYTES: usize = 4096;

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intabletext>
    pub(crate) fn in_table_text<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            Tok::Characters(text) => {
                self.append_to_the_pending_table_characters(text);
                Step::Done
            }
            _ => {
                self.flush_the_pending_table_characters();
                Step::Reprocess(tok)
            }
        }
    }

    /// A character token: U+0000 is a parse error and ignored; any other
    /// character is appended to the pending table character tokens.
    pub(crate) fn append_to_the_pending_table_characters(&mut self, mut text: &str) {
        while !text.is_empty() {
            crate::cost::step!("tree_builder::null_runs");
            let (run, rest) = split_before_null(text);
            self.pending_table_characters.push_str(run);
            match rest.strip_prefix('\0') {
                Some(after) => {
                    self.parse_error(TreeConstructionError::UnexpectedNullCharacter);
                    text = after;
                }
                None => text = rest,
            }
        }
    }

    /// Anything else but the reprocessing: flush the pending characters
    /// (foster-parented if any is not whitespace), switch back to the
    /// original insertion mode.
    pub(crate) fn flush_the_pending_table_characters(&mut self) {
        let mut pending = std::mem::take(&mut self.pending_table_characters);
        if has_non_whitespace(&pending) {
            self.in_table_anything_else(Tok::Characters(&pending));
        } else {
            self.insert_characters(&pending);
        }
        // The buffer is kept for the next run of table text: taken
        // and dropped, it was allocated anew for each (2,923
        // allocations on the web pages). A large one is dropped, so
        // that it does not stay to the end of the parse.
        if pending.capacity() <= KEPT_BUFFER_BYTES {
            pending.clear();
            self.pending_table_characters = pending;
        }
        self.mode = self.original_mode;
    }
}
