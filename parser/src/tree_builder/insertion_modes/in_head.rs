//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead>

use crate::encoding::{meta_encoding_change, Confidence, EncodingChange};
use crate::generated::names::local_names;
use crate::generated::tag_groups::{
    is_in_head_end_tags_that_act_as_anything_else, is_in_head_raw_text_start_tags, is_in_head_void_start_tags,
};
use crate::tokenizer::ContentState;
use crate::tree_builder::token::{split_leading_whitespace, TagTok, Tok};
use crate::tree_builder::{NodeOrText, TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead>
    pub(crate) fn in_head<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
            // Whitespace: insert the character.
            Tok::Characters(text) => {
                let (whitespace, rest) = split_leading_whitespace(text);
                self.insert_characters(whitespace);
                if rest.is_empty() {
                    return Step::Done;
                }
                self.in_head_anything_else(Tok::Characters(rest))
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
            Tok::StartTag(tag) => self.in_head_start_tag(tag, tok),
            Tok::EndTag(tag) => self.in_head_end_tag(tag, tok),
            Tok::Eof => self.in_head_anything_else(tok),
        }
    }

    fn in_head_start_tag<'a>(&mut self, tag: TagTok<'a>, tok: Tok<'a>) -> Step<'a> {
        match tag.name {
            // A start tag whose tag name is "html": "in body" rules.
            Some(local_names::HTML) => self.in_body(tok),
            // "base", "basefont", "bgsound", "link": insert, pop, acknowledge the self-closing flag.
            Some(name) if is_in_head_void_start_tags(name) => {
                self.insert_an_html_element_for(tag);
                self.pop();
                self.acknowledge_the_self_closing_flag();
                Step::Done
            }
            // "meta": insert, pop, acknowledge the self-closing flag, then
            // the encoding steps (see `meta_changes_the_encoding`).
            Some(local_names::META) => {
                self.insert_an_html_element_for(tag);
                self.pop();
                self.acknowledge_the_self_closing_flag();
                self.meta_changes_the_encoding(tag);
                Step::Done
            }
            // "title": the generic RCDATA element parsing algorithm.
            Some(local_names::TITLE) => {
                self.generic_text_element_parsing_algorithm(tag, ContentState::Rcdata);
                Step::Done
            }
            // "noscript" with scripting on, "noframes", "style": the generic raw text element parsing algorithm.
            Some(local_names::NOSCRIPT) if self.options.scripting => {
                self.generic_text_element_parsing_algorithm(tag, ContentState::Rawtext);
                Step::Done
            }
            Some(name) if is_in_head_raw_text_start_tags(name) => {
                self.generic_text_element_parsing_algorithm(tag, ContentState::Rawtext);
                Step::Done
            }
            // "noscript" with scripting off: insert, switch to "in head noscript".
            Some(local_names::NOSCRIPT) => {
                self.insert_an_html_element_for(tag);
                self.mode = InsertionMode::InHeadNoscript;
                Step::Done
            }
            // "script".
            Some(local_names::SCRIPT) => {
                let location = self.appropriate_place_for_inserting_a_node(None);
                let element = self.create_an_html_element_for(tag);
                self.insert_at(location, NodeOrText::Node(element.handle));
                self.open_elements.push(element);
                self.next_tokenizer_state = Some(ContentState::ScriptData);
                self.original_mode = self.mode;
                self.mode = InsertionMode::Text;
                Step::Done
            }
            // "template".
            Some(local_names::TEMPLATE) => {
                // Steps 6–9 (A.3): a declarative shadow root, or a
                // `<template for>` that patches; any other template is
                // inserted as an HTML element.
                if !self.insert_a_declarative_shadow_root_template(tag) && !self.insert_a_patching_template(tag) {
                    self.insert_an_html_element_for(tag);
                }
                self.insert_a_marker();
                self.frameset_ok = false;
                self.mode = InsertionMode::InTemplate;
                self.template_modes.push(InsertionMode::InTemplate);
                Step::Done
            }
            // "head": parse error, ignore.
            Some(local_names::HEAD) => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                Step::Done
            }
            _ => self.in_head_anything_else(tok),
        }
    }

    fn in_head_end_tag<'a>(&mut self, tag: TagTok<'a>, tok: Tok<'a>) -> Step<'a> {
        match tag.name {
            // An end tag whose tag name is "head": pop, switch to "after head".
            Some(local_names::HEAD) => {
                self.pop();
                self.mode = InsertionMode::AfterHead;
                Step::Done
            }
            // "body", "html", "br": anything else.
            Some(name) if is_in_head_end_tags_that_act_as_anything_else(name) => self.in_head_anything_else(tok),
            // "template".
            Some(local_names::TEMPLATE) => {
                self.template_end_tag();
                Step::Done
            }
            // Any other end tag: parse error, ignore.
            _ => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                Step::Done
            }
        }
    }

    /// The rest of the "in head" meta rule: "If the active speculative
    /// HTML parser is null" (there is none here) and the confidence is
    /// tentative, a `charset` attribute or a Content-Type pragma may change
    /// the encoding. The parser acts on a restart: the tree builder only
    /// records it (and pauses the tokenizer, since everything parsed after
    /// it is thrown away).
    ///
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead>
    fn meta_changes_the_encoding(&mut self, tag: TagTok<'_>) {
        let (current, confidence) = self.encoding;
        match meta_encoding_change(&tag.tag.attrs, current, confidence) {
            EncodingChange::Nothing => {}
            EncodingChange::MakeCertain => self.encoding.1 = Confidence::Certain,
            // A parser that does not restart goes on with the confidence
            // certain ("the resource will be misinterpreted"), so a later
            // meta cannot ask again.
            EncodingChange::Restart(new) => {
                self.encoding.1 = Confidence::Certain;
                self.encoding_restart = Some(new);
            }
        }
    }

    /// The "in head" rule for an end tag whose tag name is "template".
    pub(crate) fn template_end_tag(&mut self) {
        if !self.stack_contains(local_names::TEMPLATE) {
            self.parse_error(TreeConstructionError::UnexpectedEndTag);
            return;
        }
        self.generate_all_implied_end_tags_thoroughly();
        if !self.current_node_is(local_names::TEMPLATE) {
            self.parse_error(TreeConstructionError::EndTagWithOpenElements);
        }
        self.end_content_patching();
        self.pop_until_popped(local_names::TEMPLATE);
        self.clear_the_list_of_active_formatting_elements_up_to_the_last_marker();
        self.template_modes.pop();
        self.reset_the_insertion_mode_appropriately();
    }

    /// "Anything else": pop the head element, switch to "after head", reprocess.
    fn in_head_anything_else<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        self.pop();
        self.mode = InsertionMode::AfterHead;
        Step::Reprocess(tok)
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#generic-raw-text-element-parsing-algorithm>
    /// and <https://html.spec.whatwg.org/multipage/parsing.html#generic-rcdata-element-parsing-algorithm>
    pub(crate) fn generic_text_element_parsing_algorithm(&mut self, tag: TagTok<'_>, state: ContentState) {
        self.insert_an_html_element_for(tag);
        self.next_tokenizer_state = Some(state);
        self.original_mode = self.mode;
        self.mode = InsertionMode::Text;
    }
}
