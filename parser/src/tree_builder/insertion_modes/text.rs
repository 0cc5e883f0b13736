//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incdata>

use crate::generated::names::local_names;
use crate::tree_builder::token::Tok;
use crate::tree_builder::{TreeBuilder, TreeConstructionError, TreeSink};

use super::Step;

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incdata>
    pub(crate) fn text<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // A character token: insert the character.
            Tok::Characters(text) => {
                self.insert_characters(text);
                Step::Done
            }
            // An end-of-file token: parse error; pop the current node,
            // switch to the original insertion mode, reprocess.
            Tok::Eof => {
                self.parse_error(TreeConstructionError::EofWithOpenElements);
                self.pop();
                self.mode = self.original_mode;
                Step::Reprocess(tok)
            }
            // An end tag whose tag name is "script": pop it, switch back;
            // with scripting on, pause and hand the script to the caller
            // (when there is one to run it).
            Tok::EndTag(tag) if tag.is(local_names::SCRIPT) => {
                let script = self.current_node().handle;
                self.pop();
                self.mode = self.original_mode;
                // A fragment parse's scripting mode is Inert (or Fragment):
                // its scripts are "already started" or not parser-inserted,
                // so none blocks the parser [#scriptTag] step 5.
                if self.options.scripting && self.pauses_for_scripts && !self.is_fragment_case() {
                    self.pending_script = Some(script);
                }
                Step::Done
            }
            // Any other end tag: pop, switch back.
            Tok::EndTag(_) => {
                self.pop();
                self.mode = self.original_mode;
                Step::Done
            }
            // The tokenizer emits nothing else in the text states.
            Tok::StartTag(_) | Tok::Comment(_) | Tok::ProcessingInstruction(_) | Tok::Doctype(_) => Step::Done,
        }
    }
}
