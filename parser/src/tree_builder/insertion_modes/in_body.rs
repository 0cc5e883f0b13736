//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>
//!
//! With the relaxed `<select>` parser (html5lib-tests 9329e64): `select`
//! content is parsed here; `select`, `input`, `option`, `optgroup` and
//! `hr` start tags and the `select` end tag have select-aware rules.

use crate::byte_search::find1;
use crate::generated::in_body_tag_rules::{EndTagRule, StartTagRule, IN_BODY_END_TAG_RULES, IN_BODY_START_TAG_RULES};
use crate::generated::names::{local_names, LocalName, Namespace};
use crate::generated::tag_groups::*;
use crate::quirks::QuirksMode;
use crate::tokenizer::{ContentState, Tag};
use crate::tree_builder::adoption_agency::AdoptionOutcome;
use crate::tree_builder::insertion::attributes_for;
use crate::tree_builder::stack_of_open_elements::Scope;
use crate::tree_builder::token::{has_non_whitespace, split_before_null, TagTok, Tok};
use crate::tree_builder::{AttrRef, TreeBuilder, TreeConstructionError, TreeSink};

use super::{InsertionMode, Step};

impl<S: TreeSink> TreeBuilder<S> {
    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>
    ///
    /// Inlined into its callers (the insertion-mode match, the modes that
    /// fall back to it): it only tells the kind apart, and a call of its
    /// own cost a frame per token.
    #[inline(always)]
    pub(crate) fn in_body<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        // The frequent kinds first and the rest out of line, so that the
        // kind is told by compares rather than one mispredicted jump
        // through a table (see `Tok::from_token`).
        match tok {
            Tok::Characters(text) => {
                self.in_body_characters(text);
                Step::Done
            }
            Tok::StartTag(tag) => self.in_body_start_tag(tag, tok),
            Tok::EndTag(tag) => self.in_body_end_tag(tag, tok),
            _ => self.in_body_rare_token(tok),
        }
    }

    /// The "in body" rules for comments, processing instructions, DOCTYPEs
    /// and the end of the input.
    #[inline(never)]
    fn in_body_rare_token<'a>(&mut self, tok: Tok<'a>) -> Step<'a> {
        match tok {
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
            // An end-of-file token.
            Tok::Eof => {
                if !self.template_modes.is_empty() {
                    return self.in_template(tok);
                }
                self.check_elements_allowed_open_at_the_end(TreeConstructionError::EofWithOpenElements);
                self.stop_parsing();
                Step::Done
            }
            // Not reached (`in_body` takes them), but total.
            Tok::Characters(_) | Tok::StartTag(_) | Tok::EndTag(_) => self.in_body(tok),
        }
    }

    /// The character rules: U+0000 is a parse error and ignored; other
    /// characters reconstruct the active formatting elements and are
    /// inserted; non-whitespace sets frameset-ok to "not ok".
    pub(crate) fn in_body_characters(&mut self, text: &str) {
        // The usual run holds no U+0000: one search, then the run inserted
        // whole, without the loop that splits it at each U+0000.
        if text.is_empty() || find1(0, text.as_bytes()).is_some() {
            return self.in_body_characters_with_nulls(text);
        }
        self.in_body_characters_without_null(text, text);
    }

    /// [`Self::in_body_characters`] for a run known to hold no U+0000
    /// (`text_and_after`: see [`Self::insert_characters_in`]).
    #[inline]
    pub(crate) fn in_body_characters_without_null(&mut self, text: &str, text_and_after: &str) {
        debug_assert!(!text.contains('\0'));
        self.reconstruct_the_active_formatting_elements();
        self.insert_characters_in(text, text_and_after);
        // Once the flag is off nothing sets it back: the run is scanned
        // only while it is on.
        if self.frameset_ok && has_non_whitespace(text) {
            self.frameset_ok = false;
        }
    }

    /// [`Self::in_body_characters`] for a run holding U+0000, split at
    /// each one.
    #[cold]
    #[inline(never)]
    fn in_body_characters_with_nulls(&mut self, mut text: &str) {
        while !text.is_empty() {
            crate::cost::step!("tree_builder::null_runs");
            let (run, rest) = split_before_null(text);
            if !run.is_empty() {
                self.reconstruct_the_active_formatting_elements();
                self.insert_characters(run);
                if self.frameset_ok && has_non_whitespace(run) {
                    self.frameset_ok = false;
                }
            }
            if let Some(after_null) = rest.strip_prefix('\0') {
                self.parse_error(TreeConstructionError::UnexpectedNullCharacter);
                text = after_null;
            } else {
                text = rest;
            }
        }
    }

    /// "If there is a node in the stack of open elements that is not
    /// either a dd element, a dt element, …, then this is a parse error."
    fn check_elements_allowed_open_at_the_end(&mut self, error: TreeConstructionError) {
        // Counted by the stack: a walk would pass every allowed element
        // (`<rb>`×n + `</body>`×n).
        if self.open_elements.not_allowed_at_the_end() > 0 {
            self.parse_error(error);
        }
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#stop-parsing>
    /// (the tree part: pop all the nodes off the stack of open elements).
    pub(crate) fn stop_parsing(&mut self) {
        while !self.open_elements.is_empty() {
            crate::cost::step!("tree_builder::stack_pops");
            self.pop();
        }
    }

    pub(crate) fn in_body_start_tag<'a>(&mut self, tag: TagTok<'a>, tok: Tok<'a>) -> Step<'a> {
        let Some(name) = tag.name else {
            self.any_other_start_tag(tag);
            return Step::Done;
        };
        match IN_BODY_START_TAG_RULES[name.index()] {
            // "html": parse error; unless a template is open, add the
            // missing attributes to the top element.
            StartTagRule::Html => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                if !self.stack_contains(local_names::TEMPLATE) {
                    let mut attrs: Vec<AttrRef<'_>> = attributes_for(tag.tag, Namespace::Html).collect();
                    self.limit_attributes(&mut attrs);
                    let top = self.open_elements[0].handle;
                    self.sink.add_attrs_if_missing(top, &attrs);
                }
            }
            // "base", …, "title": "in head" rules.
            StartTagRule::InHead => return self.in_head(tok),
            // "body".
            StartTagRule::Body => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                let second = self.open_elements.second().filter(|e| e.is_html(local_names::BODY));
                if let Some(body) = second.filter(|_| !self.stack_contains(local_names::TEMPLATE)).map(|e| e.handle) {
                    self.frameset_ok = false;
                    let mut attrs: Vec<AttrRef<'_>> = attributes_for(tag.tag, Namespace::Html).collect();
                    self.limit_attributes(&mut attrs);
                    self.sink.add_attrs_if_missing(body, &attrs);
                }
            }
            // "frameset".
            StartTagRule::Frameset => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                let second = self.open_elements.second().filter(|e| e.is_html(local_names::BODY));
                if let Some(body) = second.filter(|_| self.frameset_ok).map(|e| e.handle) {
                    self.sink.remove_from_parent(body);
                    while self.open_elements.depth() > 1 {
                        crate::cost::step!("tree_builder::stack_pops");
                        self.pop();
                    }
                    self.insert_an_html_element_for(tag);
                    self.mode = InsertionMode::InFrameset;
                }
            }
            // "address", …, "ul": close a p element; insert.
            StartTagRule::ClosesAP => {
                self.close_a_p_element_in_button_scope();
                self.insert_an_html_element_for(tag);
            }
            // "h1"–"h6".
            StartTagRule::Heading => {
                self.close_a_p_element_in_button_scope();
                if self.current_node().html_name().is_some_and(is_heading_elements) {
                    self.parse_error(TreeConstructionError::NestedElement);
                    self.pop();
                }
                self.insert_an_html_element_for(tag);
            }
            // "pre", "listing".
            StartTagRule::PreListing => {
                self.close_a_p_element_in_button_scope();
                self.insert_an_html_element_for(tag);
                self.ignore_next_line_feed = true;
                self.frameset_ok = false;
            }
            // "form".
            StartTagRule::Form => {
                let template_open = self.stack_contains(local_names::TEMPLATE);
                if self.form_element.is_some() && !template_open {
                    self.parse_error(TreeConstructionError::NestedElement);
                } else {
                    self.close_a_p_element_in_button_scope();
                    let form = self.insert_an_html_element_for(tag);
                    if !template_open {
                        self.form_element = Some(form);
                    }
                }
            }
            // "li", "dd", "dt".
            StartTagRule::Li => self.list_item_start_tag(tag, &[local_names::LI]),
            StartTagRule::DdDt => self.list_item_start_tag(tag, DD_AND_DT),
            // "plaintext".
            StartTagRule::Plaintext => {
                self.close_a_p_element_in_button_scope();
                self.insert_an_html_element_for(tag);
                self.next_tokenizer_state = Some(ContentState::Plaintext);
            }
            // "button".
            StartTagRule::Button => {
                if self.has_in_scope(Scope::Default, local_names::BUTTON) {
                    self.parse_error(TreeConstructionError::NestedElement);
                    self.generate_implied_end_tags(None);
                    self.pop_until_popped(local_names::BUTTON);
                }
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element_for(tag);
                self.frameset_ok = false;
            }
            // "a".
            StartTagRule::A => {
                if let Some(entry) = self.formatting_element_after_last_marker(local_names::A) {
                    self.parse_error(TreeConstructionError::NestedElement);
                    let entry = &self.active_formatting[entry];
                    let (element, serial) =
                        (entry.handle().expect("an element"), entry.stack_serial().expect("an element"));
                    self.adoption_agency_algorithm(tag);
                    // "then remove that element from the list of active
                    // formatting elements and the stack of open elements if
                    // the adoption agency algorithm didn't already remove
                    // it". Whenever the algorithm took it off the list it
                    // also took it off the stack (or it was never there), so
                    // the stack is searched only when it is still listed.
                    if let Some(entry) = self.formatting_position(element, serial) {
                        self.active_formatting.remove(entry);
                        if let Some(slot) = self.open_elements.position(serial) {
                            self.remove_from_stack_at(slot);
                        }
                    }
                }
                self.reconstruct_the_active_formatting_elements();
                let element = self.insert_an_html_element_for(tag);
                self.push_onto_the_list_of_active_formatting_elements(element, name, tag.tag);
            }
            // "b", "big", …, "u".
            StartTagRule::Formatting => {
                self.reconstruct_the_active_formatting_elements();
                let element = self.insert_an_html_element_for(tag);
                self.push_onto_the_list_of_active_formatting_elements(element, name, tag.tag);
            }
            // "nobr".
            StartTagRule::Nobr => {
                self.reconstruct_the_active_formatting_elements();
                if self.has_in_scope(Scope::Default, local_names::NOBR) {
                    self.parse_error(TreeConstructionError::NestedElement);
                    // With no nobr after the last marker the algorithm acts
                    // as "any other end tag" (adoption02.dat#3).
                    if self.adoption_agency_algorithm(tag) == AdoptionOutcome::AnyOtherEndTag {
                        self.any_other_end_tag(tag);
                    }
                    self.reconstruct_the_active_formatting_elements();
                }
                let element = self.insert_an_html_element_for(tag);
                self.push_onto_the_list_of_active_formatting_elements(element, name, tag.tag);
            }
            // "applet", "marquee", "object".
            StartTagRule::AppletMarqueeObject => {
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element_for(tag);
                self.insert_a_marker();
                self.frameset_ok = false;
            }
            // "table".
            StartTagRule::Table => {
                if self.quirks_mode != QuirksMode::Quirks {
                    self.close_a_p_element_in_button_scope();
                }
                self.insert_an_html_element_for(tag);
                self.frameset_ok = false;
                self.mode = InsertionMode::InTable;
            }
            // "area", "br", "embed", "img", "keygen", "wbr".
            StartTagRule::Void => {
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element_for(tag);
                self.pop();
                self.acknowledge_the_self_closing_flag();
                self.frameset_ok = false;
            }
            // "input". Relaxed select: ignored in a select fragment
            // (tests_innerHTML_1.dat#76); an open select is closed first.
            StartTagRule::Input => {
                if self.context_element.as_ref().is_some_and(|c| c.is_html(local_names::SELECT)) {
                    self.parse_error(TreeConstructionError::UnexpectedStartTag);
                    return Step::Done;
                }
                if self.has_in_scope(Scope::Default, local_names::SELECT) {
                    self.parse_error(TreeConstructionError::UnexpectedStartTag);
                    self.pop_until_popped(local_names::SELECT);
                }
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element_for(tag);
                self.pop();
                self.acknowledge_the_self_closing_flag();
                if !tag.tag.attr("type").is_some_and(|t| t.eq_ignore_ascii_case("hidden")) {
                    self.frameset_ok = false;
                }
            }
            // "param", "source", "track".
            StartTagRule::ParamSourceTrack => {
                self.insert_an_html_element_for(tag);
                self.pop();
                self.acknowledge_the_self_closing_flag();
            }
            // "hr". Relaxed select: implied end tags inside a select.
            StartTagRule::Hr => {
                self.close_a_p_element_in_button_scope();
                if self.has_in_scope(Scope::Default, local_names::SELECT) {
                    self.generate_implied_end_tags(None);
                    if self.has_in_scope(Scope::Default, local_names::OPTION)
                        || self.has_in_scope(Scope::Default, local_names::OPTGROUP)
                    {
                        self.parse_error(TreeConstructionError::UnexpectedStartTag);
                    }
                }
                self.insert_an_html_element_for(tag);
                self.pop();
                self.acknowledge_the_self_closing_flag();
                self.frameset_ok = false;
            }
            // "image": parse error; change the tag name to "img" and reprocess.
            StartTagRule::Image => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
                let img = Tag { self_closing: tag.tag.self_closing, attrs: tag.tag.attrs.clone(), ..Tag::new("img") };
                self.dispatch(Tok::StartTag(TagTok { tag: &img, name: Some(local_names::IMG) }));
            }
            // "textarea".
            StartTagRule::Textarea => {
                self.insert_an_html_element_for(tag);
                self.ignore_next_line_feed = true;
                self.next_tokenizer_state = Some(ContentState::Rcdata);
                self.original_mode = self.mode;
                self.frameset_ok = false;
                self.mode = InsertionMode::Text;
            }
            // "xmp".
            StartTagRule::Xmp => {
                self.close_a_p_element_in_button_scope();
                self.reconstruct_the_active_formatting_elements();
                self.frameset_ok = false;
                self.generic_text_element_parsing_algorithm(tag, ContentState::Rawtext);
            }
            // "iframe".
            StartTagRule::Iframe => {
                self.frameset_ok = false;
                self.generic_text_element_parsing_algorithm(tag, ContentState::Rawtext);
            }
            // "noembed"; "noscript" with scripting on.
            StartTagRule::Noembed => self.generic_text_element_parsing_algorithm(tag, ContentState::Rawtext),
            StartTagRule::Noscript if self.options.scripting => {
                self.generic_text_element_parsing_algorithm(tag, ContentState::Rawtext)
            }
            // "select" (relaxed select parser).
            StartTagRule::Select => {
                let context_is_select = self.context_element.as_ref().is_some_and(|c| c.is_html(local_names::SELECT));
                if context_is_select {
                    self.parse_error(TreeConstructionError::NestedElement);
                } else if self.has_in_scope(Scope::Default, local_names::SELECT) {
                    self.parse_error(TreeConstructionError::NestedElement);
                    self.pop_until_popped(local_names::SELECT);
                } else {
                    self.reconstruct_the_active_formatting_elements();
                    self.insert_an_html_element_for(tag);
                    self.frameset_ok = false;
                }
            }
            // "option" (relaxed select parser).
            StartTagRule::Option => {
                if self.has_in_scope(Scope::Default, local_names::SELECT) {
                    self.generate_implied_end_tags(Some(local_names::OPTGROUP));
                    if self.has_in_scope(Scope::Default, local_names::OPTION) {
                        self.parse_error(TreeConstructionError::NestedElement);
                    }
                } else if self.current_node_is(local_names::OPTION) {
                    self.pop();
                }
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element_for(tag);
            }
            // "optgroup" (relaxed select parser).
            StartTagRule::Optgroup => {
                if self.has_in_scope(Scope::Default, local_names::SELECT) {
                    self.generate_implied_end_tags(None);
                    if self.has_in_scope(Scope::Default, local_names::OPTION)
                        || self.has_in_scope(Scope::Default, local_names::OPTGROUP)
                    {
                        self.parse_error(TreeConstructionError::NestedElement);
                    }
                } else if self.current_node_is(local_names::OPTION) {
                    self.pop();
                }
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element_for(tag);
            }
            // "rb", "rtc".
            StartTagRule::RbRtc => {
                if self.has_in_scope(Scope::Default, local_names::RUBY) {
                    self.generate_implied_end_tags(None);
                    if !self.current_node_is(local_names::RUBY) {
                        self.parse_error(TreeConstructionError::UnexpectedStartTag);
                    }
                }
                self.insert_an_html_element_for(tag);
            }
            // "rp", "rt".
            StartTagRule::RpRt => {
                if self.has_in_scope(Scope::Default, local_names::RUBY) {
                    self.generate_implied_end_tags(Some(local_names::RTC));
                    if !self.current_node_is(local_names::RTC) && !self.current_node_is(local_names::RUBY) {
                        self.parse_error(TreeConstructionError::UnexpectedStartTag);
                    }
                }
                self.insert_an_html_element_for(tag);
            }
            // "math", "svg".
            StartTagRule::Math => self.insert_foreign_root(tag.tag, Namespace::MathMl),
            StartTagRule::Svg => self.insert_foreign_root(tag.tag, Namespace::Svg),
            // "caption", "col", …, "tr": parse error, ignore.
            StartTagRule::Ignore => {
                self.parse_error(TreeConstructionError::UnexpectedStartTag);
            }
            // "noscript" with scripting off, and any other start tag.
            StartTagRule::Noscript | StartTagRule::AnyOther => self.any_other_start_tag(tag),
        }
        Step::Done
    }

    /// "Any other start tag": reconstruct the active formatting elements,
    /// insert an HTML element. (An ordinary element.)
    fn any_other_start_tag(&mut self, tag: TagTok<'_>) {
        self.reconstruct_the_active_formatting_elements();
        self.insert_an_html_element_for(tag);
    }

    /// A start tag "math" or "svg": reconstruct, insert a foreign element
    /// (attributes adjusted), pop it again if self-closing.
    fn insert_foreign_root(&mut self, tag: &Tag, ns: Namespace) {
        self.reconstruct_the_active_formatting_elements();
        self.insert_a_foreign_element(tag, ns, false);
        if tag.self_closing {
            self.pop();
            self.acknowledge_the_self_closing_flag();
        }
    }

    /// The "li" / "dd" / "dt" start tag rules: close an open list item of
    /// the same kind, unless a special element other than address, div or
    /// p is met first.
    fn list_item_start_tag(&mut self, tag: TagTok<'_>, same_kind: &[LocalName]) {
        self.frameset_ok = false;
        // The loop from the current node stops at the first element of the
        // same kind (checked first) or at a special element it does not
        // pass through: the topmost of each, from the stack's lists, tell
        // which comes first without the walk (`<div>`×n + `<li></li>`×n
        // walked the divs each time).
        let target = same_kind.iter().filter_map(|&name| self.open_elements.last_html(name)).max();
        let stop = self.open_elements.last_list_item_loop_stop();
        if let Some(index) = target.filter(|&target| stop.is_none_or(|stop| target >= stop)) {
            let name = self.open_elements[index].html_name().expect("an HTML element of the kind");
            self.generate_implied_end_tags(Some(name));
            if !self.current_node_is(name) {
                self.parse_error(TreeConstructionError::EndTagWithOpenElements);
            }
            self.pop_until_popped(name);
        }
        self.close_a_p_element_in_button_scope();
        self.insert_an_html_element_for(tag);
    }

    /// Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody>
    /// (the end tag rules).
    ///
    /// The usual end tag (`</div>`, `</span>`, `</li>`, `</p>`…): its rule
    /// closes the element when it is in scope, and the element is the
    /// current node, so the rule comes to one pop (see
    /// `pop_if_current_node_is`). That case inline where the tokenizer
    /// emits the tag, the rest out of line: a call of its own cost the
    /// usual end tag some twenty instructions (the frame the rules need).
    #[inline(always)]
    pub(crate) fn in_body_end_tag<'a>(&mut self, tag: TagTok<'a>, tok: Tok<'a>) -> Step<'a> {
        if let Some(name) = tag.name {
            if IN_BODY_END_TAG_RULES[name.index()].pops_the_current_node_of_its_name()
                && self.pop_if_current_node_is(name)
            {
                return Step::Done;
            }
        }
        self.in_body_end_tag_past_the_current_node(tag, tok)
    }

    /// The "in body" end tag rules past [`Self::in_body_end_tag`]'s usual
    /// case.
    #[inline(never)]
    fn in_body_end_tag_past_the_current_node<'a>(&mut self, tag: TagTok<'a>, tok: Tok<'a>) -> Step<'a> {
        let Some(name) = tag.name else {
            self.any_other_end_tag(tag);
            return Step::Done;
        };
        let rule = IN_BODY_END_TAG_RULES[name.index()];
        // "a", "b", …, "u": the adoption agency algorithm. The formatting
        // elements' end tags are the next most frequent: one compare here,
        // the other rules out of line (inline, the compiler made the compare
        // part of the jump to the rules' code, five instructions more).
        if rule == EndTagRule::AdoptionAgency {
            if self.adoption_agency_algorithm(tag) == AdoptionOutcome::AnyOtherEndTag {
                self.any_other_end_tag(tag);
            }
            return Step::Done;
        }
        self.in_body_end_tag_rule(rule, name, tag, tok)
    }

    /// The "in body" end tag rules past the usual cases of
    /// [`Self::in_body_end_tag_past_the_current_node`]: `rule` is the
    /// token's, `name` its name.
    #[inline(never)]
    fn in_body_end_tag_rule<'a>(
        &mut self,
        rule: EndTagRule,
        name: LocalName,
        tag: TagTok<'a>,
        tok: Tok<'a>,
    ) -> Step<'a> {
        match rule {
            // "template": "in head" rules.
            EndTagRule::Template => return self.in_head(tok),
            // "body".
            EndTagRule::Body => {
                if !self.has_in_scope(Scope::Default, local_names::BODY) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                } else {
                    self.check_elements_allowed_open_at_the_end(TreeConstructionError::EndTagWithOpenElements);
                    self.mode = InsertionMode::AfterBody;
                }
            }
            // "html": as "body", then reprocess.
            EndTagRule::Html => {
                if !self.has_in_scope(Scope::Default, local_names::BODY) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                } else {
                    self.check_elements_allowed_open_at_the_end(TreeConstructionError::EndTagWithOpenElements);
                    self.mode = InsertionMode::AfterBody;
                    return Step::Reprocess(tok);
                }
            }
            // "address", …, "select", …, "ul" (the 2026 text lists "select"
            // here since the relaxed select parser), not the current node.
            EndTagRule::ClosesABlock => {
                self.close_element_in_scope(Scope::Default, name, None);
            }
            // "form".
            EndTagRule::Form => {
                if !self.stack_contains(local_names::TEMPLATE) {
                    let node = self.form_element.take();
                    match node {
                        Some(node) if self.has_node_in_scope(node) => {
                            self.generate_implied_end_tags(None);
                            if self.current_node().handle != node {
                                self.parse_error(TreeConstructionError::EndTagWithOpenElements);
                            }
                            self.remove_from_stack(node);
                        }
                        _ => self.parse_error(TreeConstructionError::UnexpectedEndTag),
                    }
                } else {
                    self.close_element_in_scope(Scope::Default, local_names::FORM, None);
                }
            }
            // "p" (not the current node: that case popped above).
            EndTagRule::P => {
                if !self.has_in_scope(Scope::Button, local_names::P) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                    self.insert_an_html_element_named("p");
                }
                self.close_a_p_element();
            }
            // "li" (not the current node).
            EndTagRule::Li => {
                self.close_element_in_scope(Scope::ListItem, local_names::LI, Some(local_names::LI));
            }
            // "dd", "dt" (not the current node).
            EndTagRule::DdDt => {
                self.close_element_in_scope(Scope::Default, name, Some(name));
            }
            // "h1"–"h6" (not the current node of the same name).
            EndTagRule::Heading => {
                if !self.has_any_in_scope(Scope::Default, HEADING_ELEMENTS) {
                    self.parse_error(TreeConstructionError::UnexpectedEndTag);
                } else {
                    self.generate_implied_end_tags(None);
                    if !self.current_node_is(name) {
                        self.parse_error(TreeConstructionError::EndTagWithOpenElements);
                    }
                    self.pop_until_one_of_popped(is_heading_elements);
                }
            }
            // ("a", "b", …, "u": before the match.)
            EndTagRule::AdoptionAgency => unreachable!("the adoption agency end tags are taken before the match"),
            // "applet", "marquee", "object".
            EndTagRule::AppletMarqueeObject => {
                if self.close_element_in_scope(Scope::Default, name, None) {
                    self.clear_the_list_of_active_formatting_elements_up_to_the_last_marker();
                }
            }
            // "br": parse error; as a "br" start tag without attributes.
            EndTagRule::Br => {
                self.parse_error(TreeConstructionError::UnexpectedEndTag);
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element_named("br");
                self.pop();
                self.frameset_ok = false;
            }
            // ("sarcasm" has no `LocalName`: as any other end tag, above.)
            EndTagRule::AnyOther => self.any_other_end_tag(tag),
        }
        Step::Done
    }

    /// The steps the end tag rules of "address"…"ul", "form" (with a
    /// template open), "li", "dd"/"dt" and "applet"/"marquee"/"object"
    /// share: if no `name` element is in `scope`, a parse error; else
    /// generate implied end tags except for `except`, a parse error if
    /// the current node is not a `name` element, and pop until one is
    /// popped. Returns whether it was in scope (the applet rule goes on).
    /// [#parsing-main-inbody]
    fn close_element_in_scope(&mut self, scope: Scope, name: LocalName, except: Option<LocalName>) -> bool {
        if !self.has_in_scope(scope, name) {
            self.parse_error(TreeConstructionError::UnexpectedEndTag);
            return false;
        }
        self.generate_implied_end_tags(except);
        if !self.current_node_is(name) {
            self.parse_error(TreeConstructionError::EndTagWithOpenElements);
        }
        self.pop_until_popped(name);
        true
    }

    /// "Any other end tag".
    pub(crate) fn any_other_end_tag(&mut self, tag: TagTok<'_>) {
        // The usual case, the element as the current node (the walk's first
        // node; implied end tags stop at an element of the token's name):
        // see `pop_if_current_node_is`.
        if tag.name.is_some_and(|name| self.pop_if_current_node_is(name)) {
            return;
        }
        // The walk from the current node down closes the first HTML element
        // with the token's name, and stops at the first special element
        // with a parse error (the name is tested first, so that a special
        // element can be its own target). So it closes the topmost element
        // of that name exactly when no special element is above it, which
        // the stack's chains tell without the walk (`<div>` + `<x-a>`×n +
        // `</x-b>`×n walked the x-as for every end tag). Names are compared
        // as the stack's ids: a known name's, or the id an unknown name got
        // when an element of that name was created.
        let target = match tag.name {
            Some(name) => self.open_elements.last_html(name),
            None => self.open_elements.find_local_id(&tag.tag.name).and_then(|id| self.open_elements.last_html_id(id)),
        };
        let special = self.open_elements.last_special();
        #[cfg(test)]
        self.check_any_other_end_tag_against_the_walk(
            tag,
            target.filter(|&target| special.is_none_or(|s| target >= s)),
        );
        match target {
            Some(target) if special.is_none_or(|special| target >= special) => {
                let node = &self.open_elements[target];
                let (handle, name) = (node.handle, node.html_name());
                self.generate_implied_end_tags(name);
                if self.current_node().handle != handle {
                    self.parse_error(TreeConstructionError::EndTagWithOpenElements);
                }
                self.pop_until_node_popped(handle);
            }
            _ => self.parse_error(TreeConstructionError::UnexpectedEndTag),
        }
    }

    /// The spec's walk of "any other end tag", against the element the
    /// stack's chains found (`found`).
    #[cfg(test)]
    fn check_any_other_end_tag_against_the_walk(&self, tag: TagTok<'_>, found: Option<usize>) {
        use crate::generated::element_categories::Categories;
        let stack = &self.open_elements;
        let mut walked = None;
        for slot in stack.slots_down_from(stack.top_slot()) {
            let node = &stack[slot];
            if node.ns == Namespace::Html && stack.name_str(node) == tag.tag.name {
                walked = Some(slot);
                break;
            }
            if node.is(Categories::SPECIAL) {
                break;
            }
        }
        assert_eq!(found, walked, "</{}>", tag.tag.name);
        crate::tree_builder::stack_of_open_elements::tests::END_TAGS.with(|count| count.set(count.get() + 1));
    }
}

#[cfg(test)]
mod tests {
    use crate::generated::element_categories::{element_categories, Categories};
    use crate::generated::names::Namespace;
    use crate::generated::names::{local_names, LocalName, LOCAL_NAME_COUNT};
    use crate::generated::tag_groups::*;

    use crate::generated::in_body_tag_rules::{
        EndTagRule, StartTagRule, IN_BODY_END_TAG_RULES, IN_BODY_START_TAG_RULES,
    };

    /// The table gives every name the rule the spec's list of end tags
    /// (tested in its order, the first that names it) gives it, and the
    /// rules that pop the current node of the token's name are the ones
    /// that `in_body_end_tag` gives the shortcut.
    #[test]
    fn the_end_tag_rules_table_follows_the_spec_order() {
        use EndTagRule as R;
        for name in (0..LOCAL_NAME_COUNT).filter_map(LocalName::from_index) {
            let expected = match name {
                local_names::TEMPLATE => R::Template,
                local_names::BODY => R::Body,
                local_names::HTML => R::Html,
                _ if is_in_body_end_tags_that_close_a_block(name) => R::ClosesABlock,
                local_names::FORM => R::Form,
                local_names::P => R::P,
                local_names::LI => R::Li,
                _ if is_dd_and_dt(name) => R::DdDt,
                _ if is_heading_elements(name) => R::Heading,
                _ if is_in_body_adoption_agency_end_tags(name) => R::AdoptionAgency,
                _ if is_in_body_applet_marquee_object(name) => R::AppletMarqueeObject,
                local_names::BR => R::Br,
                _ => R::AnyOther,
            };
            assert_eq!(IN_BODY_END_TAG_RULES[name.index()], expected, "{name:?}");
        }
        for rule in [R::AnyOther, R::ClosesABlock, R::P, R::Li, R::DdDt, R::Heading] {
            assert!(rule.pops_the_current_node_of_its_name(), "{rule:?}");
        }
        for rule in [R::Template, R::Body, R::Html, R::Form, R::AdoptionAgency, R::AppletMarqueeObject, R::Br] {
            assert!(!rule.pops_the_current_node_of_its_name(), "{rule:?}");
        }
    }

    /// The table gives every name the rule the spec's list of start tags
    /// (tested in its order, the first that names it) gives it.
    #[test]
    fn the_start_tag_rules_table_follows_the_spec_order() {
        use StartTagRule as R;
        for name in (0..LOCAL_NAME_COUNT).filter_map(LocalName::from_index) {
            let expected = match name {
                local_names::HTML => R::Html,
                _ if is_after_head_start_tags_processed_in_head(name) => R::InHead,
                local_names::BODY => R::Body,
                local_names::FRAMESET => R::Frameset,
                _ if is_in_body_start_tags_that_close_a_p_element(name) => R::ClosesAP,
                _ if is_heading_elements(name) => R::Heading,
                _ if is_in_body_pre_and_listing_start_tags(name) => R::PreListing,
                local_names::FORM => R::Form,
                local_names::LI => R::Li,
                _ if is_dd_and_dt(name) => R::DdDt,
                local_names::PLAINTEXT => R::Plaintext,
                local_names::BUTTON => R::Button,
                local_names::A => R::A,
                _ if is_in_body_formatting_start_tags(name) => R::Formatting,
                local_names::NOBR => R::Nobr,
                _ if is_in_body_applet_marquee_object(name) => R::AppletMarqueeObject,
                local_names::TABLE => R::Table,
                _ if is_in_body_void_start_tags(name) => R::Void,
                local_names::INPUT => R::Input,
                _ if is_in_body_param_source_track(name) => R::ParamSourceTrack,
                local_names::HR => R::Hr,
                local_names::IMAGE => R::Image,
                local_names::TEXTAREA => R::Textarea,
                local_names::XMP => R::Xmp,
                local_names::IFRAME => R::Iframe,
                local_names::NOEMBED => R::Noembed,
                local_names::NOSCRIPT => R::Noscript,
                local_names::SELECT => R::Select,
                local_names::OPTION => R::Option,
                local_names::OPTGROUP => R::Optgroup,
                _ if is_in_body_rb_rtc(name) => R::RbRtc,
                _ if is_in_body_rp_rt(name) => R::RpRt,
                local_names::MATH => R::Math,
                local_names::SVG => R::Svg,
                _ if is_in_body_start_tags_to_ignore(name) => R::Ignore,
                _ => R::AnyOther,
            };
            assert_eq!(IN_BODY_START_TAG_RULES[name.index()], expected, "{name:?}");
        }
    }

    /// Their end tags "generate implied end tags" for all elements: the
    /// shortcut that pops the current node of the same name
    /// (`pop_if_current_node_is`) holds only if that pops nothing.
    #[test]
    fn implied_end_tags_never_pop_a_block_or_a_heading() {
        for &name in IN_BODY_END_TAGS_THAT_CLOSE_A_BLOCK.iter().chain(HEADING_ELEMENTS) {
            assert!(!element_categories(Namespace::Html, name).contains(Categories::IMPLIED_END_TAGS), "{name:?}");
        }
    }
}
