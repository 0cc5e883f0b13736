//! Building and changing the tree: creating nodes, inserting, moving
//! and detaching them, and growing text.

use crate::generated::names::{LocalName, Namespace};
use crate::vocab::{AttrRef, Name, QualName};

use super::error::{is_valid_attribute_local_name, is_valid_element_local_name, is_valid_namespace_prefix};
use super::node::{make_room, span, Data, ElementData, Link, Node, Span, StoredAttr, MAX_ATTRIBUTES, MAX_STRING_BYTES};
use super::prefixes::PrefixSlot;
use super::strings::SLOT;
use super::{Doctype, Document, DomError, HierarchyRequest, NodeData, NodeId};

/// An attribute of an HTML element as the parser makes it: in no
/// namespace, its name lowercased, and interned when the names table
/// knows it (`known_name` is `LocalName::lookup(name)`, so `None` means
/// that the table does not know the name).
pub(crate) trait ParsedAttribute {
    /// The local name.
    fn name(&self) -> &str;
    /// `name` interned.
    fn known_name(&self) -> Option<LocalName>;
    /// The value.
    fn value(&self) -> &str;
}

impl Document {
    /// Stores `text` (cut to what fits under the cap) and returns where.
    #[inline]
    pub(super) fn push_string(&mut self, text: &str) -> Span {
        let (span, text) = self.place_string(text);
        let start = self.strings.push(text);
        debug_assert_eq!(start, span.start as usize);
        span
    }

    /// Where [`Self::push_string`] would store `text`, and the part of it
    /// that fits: room is made, nothing is copied. The next string pushed
    /// must be that part.
    #[inline]
    fn place_string<'t>(&mut self, text: &'t str) -> (Span, &'t str) {
        // The usual case, inline: the text fits the store's cap, so that
        // its start and length fit a `u32` (the cap is `u32::MAX` bytes)
        // and the cut is not needed. One compare, no saturating arithmetic
        // and no checked conversions (about 39 instructions a call, 325K
        // calls on the 130 pages, before).
        // (A new chunk starts up to a slot further on: the store's length
        // may pass `MAX_STRING_BYTES - SLOT`, hence the saturation.)
        if text.len() < (MAX_STRING_BYTES - SLOT).saturating_sub(self.strings.len()) {
            let start = self.strings.place(text.len());
            debug_assert!(start + text.len() <= MAX_STRING_BYTES);
            return (Span { start: start as u32, len: text.len() as u32 }, text);
        }
        self.place_string_cut(text)
    }

    /// [`Self::place_string`] near the cap: the text cut to what fits.
    #[cold]
    #[inline(never)]
    fn place_string_cut<'t>(&mut self, text: &'t str) -> (Span, &'t str) {
        let text = self.fitting(text, 0);
        let start = self.strings.place(text.len());
        (span(start, text.len()), text)
    }

    /// The part of `text` that fits under `MAX_STRING_BYTES` after the
    /// buffer and `reserved` more bytes (cut at a character boundary;
    /// marks the storage full when it cuts).
    fn fitting<'t>(&mut self, text: &'t str, reserved: usize) -> &'t str {
        // (A new chunk of the store starts up to a slot further on.)
        let room = MAX_STRING_BYTES.saturating_sub(self.strings.len().saturating_add(reserved).saturating_add(SLOT));
        if text.len() <= room {
            return text;
        }
        self.growth.storage_full = true;
        let mut end = room;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        &text[..end]
    }

    /// Whether the attribute list has room for another entry (marks the
    /// storage full when not).
    fn attribute_room(&mut self, entries: usize) -> bool {
        let fits = self.attrs.len().saturating_add(entries) <= MAX_ATTRIBUTES;
        if !fits {
            self.growth.storage_full = true;
        }
        fits
    }

    /// Whether some text, attribute value or attribute did not fit the
    /// document's hard caps (4 GiB of strings, 2^32 attributes, 65,535
    /// distinct attribute prefixes) and was cut.
    pub(crate) fn storage_is_full(&self) -> bool {
        self.growth.storage_full
    }

    /// `attr` as the attribute list keeps it; `None` when its prefix does
    /// not fit (see [`Self::prefix_slot`]).
    pub(super) fn store_attr(&mut self, attr: &AttrRef<'_>) -> Option<StoredAttr> {
        let prefix = match attr.prefix {
            None => PrefixSlot::NONE,
            Some(prefix) => self.prefix_slot(prefix)?,
        };
        let name = self.intern_attr_name(attr);
        let value = self.push_string(attr.value);
        Some(StoredAttr { ns: attr.ns, prefix, name, value })
    }

    /// The slot of an attribute's prefix (rare: adjusted foreign
    /// attributes, and the DOM's API); `None`, with the storage marked
    /// full, when the document has `MAX_PREFIXES` others already.
    #[cold]
    fn prefix_slot(&mut self, prefix: &str) -> Option<PrefixSlot> {
        let prefix = self.intern_str(prefix);
        let slot = self.attr_prefixes.slot(prefix);
        if slot.is_none() {
            self.growth.storage_full = true;
        }
        slot
    }

    pub(super) fn new_node(&mut self, data: Data) -> NodeId {
        let link = Link::from_index(self.nodes.len());
        self.push_node(Node { data, parent: None, first_child: None, next_sibling: None, previous: None });
        self.id(link)
    }

    /// Adds `node` to the arena (its links already set by the caller).
    #[inline]
    fn push_node(&mut self, node: Node) {
        make_room(&mut self.nodes, 1);
        self.nodes.push(node);
    }

    /// Creates an element (not in the tree) with the name and attributes
    /// given; a `template` gets its template contents. The names must be
    /// valid as the DOM says (any name the parser makes for a start tag
    /// is, and so is every lowercase ASCII name): `name.local` a "valid
    /// element local name", attribute names "valid attribute local names",
    /// prefixes "valid namespace prefixes", and an attribute's `known_name`
    /// `None` or `name` interned; else
    /// [`DomError::InvalidCharacter`], and nothing is created. The
    /// serializer writes names as they are, so this is what keeps
    /// `a b><script>` out of the output.
    ///
    /// ```
    /// use htmlforge::dom::DomError;
    /// use htmlforge::vocab::{AttrRef, Name, Namespace, QualName};
    ///
    /// let mut document = htmlforge::dom::Document::new();
    /// let name = QualName::new(Namespace::Html, Name::new("my-widget"));
    /// let widget = document.create_element(&name, &[AttrRef::new("data-x", "1")]).unwrap();
    /// assert_eq!(document.outer_html(widget), r#"<my-widget data-x="1"></my-widget>"#);
    /// let bad = QualName::new(Namespace::Html, Name::new("a b><script"));
    /// assert_eq!(document.create_element(&bad, &[]), Err(DomError::InvalidCharacter));
    /// // The interned name and the string must name the same attribute.
    /// let src = AttrRef { known_name: AttrRef::new("src", "").known_name, ..AttrRef::new("href", "/") };
    /// assert_eq!(document.create_element(&name, &[src]), Err(DomError::InvalidCharacter));
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#valid-element-local-name>
    pub fn create_element(&mut self, name: &QualName, attrs: &[AttrRef<'_>]) -> Result<NodeId, DomError> {
        // An interned name that is not `name`'s would be stored in its
        // place (the DOM goes by it), so the two must agree.
        let attrs_valid = attrs.iter().all(|attr| {
            is_valid_attribute_local_name(attr.name)
                && attr.prefix.is_none_or(is_valid_namespace_prefix)
                && attr.known_name.is_none_or(|interned| interned.as_str() == attr.name)
        });
        if !is_valid_element_local_name(name.local.as_str()) || !attrs_valid {
            return Err(DomError::InvalidCharacter);
        }
        Ok(self.create_element_unchecked(name, attrs))
    }

    /// Creates the HTML element `local_name` with no attributes: see
    /// [`Document::create_element`].
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p>x");
    /// let body = document.body().unwrap().id();
    /// let hr = document.create_html_element("hr").unwrap();
    /// document.append_child(body, hr).unwrap();
    /// assert_eq!(document.inner_html(body), "<p>x</p><hr>");
    /// ```
    pub fn create_html_element(&mut self, local_name: &str) -> Result<NodeId, DomError> {
        self.create_element(&QualName::new(Namespace::Html, Name::new(local_name)), &[])
    }

    /// Creates an element for the parser, whose names come from the
    /// markup (a start tag's name is always valid; its attribute names
    /// need not be, and the DOM keeps them as the parser made them).
    pub(crate) fn create_element_unchecked(&mut self, name: &QualName, attrs: &[AttrRef<'_>]) -> NodeId {
        let template_contents = self.new_template_contents(name);
        let name_id = self.intern(&name.local);
        let attrs = if self.attribute_room(attrs.len()) { attrs } else { &[] };
        let start = self.attrs.len();
        make_room(&mut self.attrs, attrs.len());
        self.store_attrs(attrs);
        let attrs = span(start, self.attrs.len() - start);
        self.new_element(ElementData { ns: name.ns, name: name_id, attrs }, template_contents)
    }

    /// Creates an HTML element for the parser from a start tag's name and
    /// attributes as it made them: [`Self::create_element_unchecked`]
    /// without a list of [`AttrRef`]s between.
    pub(crate) fn create_html_element_parsed<A: ParsedAttribute>(&mut self, name: &QualName, attrs: &[A]) -> NodeId {
        let template_contents = self.new_template_contents(name);
        let name_id = self.intern(&name.local);
        let attrs = if self.attribute_room(attrs.len()) { attrs } else { &[] };
        let start = self.attrs.len();
        make_room(&mut self.attrs, attrs.len());
        for attr in attrs {
            let name = self.intern_parsed_attr_name(attr);
            let value = self.push_string(attr.value());
            self.attrs.push(StoredAttr { ns: None, prefix: PrefixSlot::NONE, name, value });
        }
        let attrs = span(start, attrs.len());
        self.new_element(ElementData { ns: name.ns, name: name_id, attrs }, template_contents)
    }

    /// Stores a new element's attributes at the end of the attribute list
    /// (which has room for them), [`Self::store_attr`] inline: called per
    /// attribute, with its result returned through memory, it cost about
    /// 120 instructions each (164K attributes on the 130 pages of the
    /// corpus).
    #[inline]
    fn store_attrs(&mut self, attrs: &[AttrRef<'_>]) {
        for attr in attrs {
            let prefix = match attr.prefix {
                None => PrefixSlot::NONE,
                Some(prefix) => match self.prefix_slot(prefix) {
                    Some(slot) => slot,
                    None => continue,
                },
            };
            let name = self.intern_attr_name(attr);
            let value = self.push_string(attr.value);
            self.attrs.push(StoredAttr { ns: attr.ns, prefix, name, value });
        }
    }

    /// A template's contents, created before the template: a
    /// DocumentFragment for an HTML `template`, none for other elements.
    #[inline]
    fn new_template_contents(&mut self, name: &QualName) -> Option<Link> {
        if name.is(Namespace::Html, crate::generated::names::local_names::TEMPLATE) {
            return Some(self.new_node(Data::DocumentFragment).link());
        }
        None
    }

    /// Adds the element `data`, with its template contents if it has them.
    #[inline]
    fn new_element(&mut self, data: ElementData, template_contents: Option<Link>) -> NodeId {
        let element = self.new_node(Data::Element(data));
        if let Some(contents) = template_contents {
            self.link_template_contents(element.link(), contents);
        }
        element
    }

    /// Creates an element for the token `previous` was created for: it
    /// shares `previous`'s attribute values (a reconstructed `<b title=…>`
    /// costs an entry per attribute, not the value's bytes again) unless
    /// `previous`'s attributes changed since it was created, when `attrs`
    /// (the token's) are stored.
    pub(crate) fn create_element_sharing(
        &mut self,
        name: &QualName,
        attrs: &[AttrRef<'_>],
        previous: NodeId,
    ) -> NodeId {
        let previous = previous.link();
        let shared = match self.nodes.get(previous.index()).map(|node| node.data) {
            Some(Data::Element(data))
                if data.attrs.len as usize == attrs.len() && !self.growth.attrs_edited.contains(&previous) =>
            {
                data.attrs
            }
            _ => return self.create_element_unchecked(name, attrs),
        };
        if !self.attribute_room(shared.len as usize) {
            return self.create_element_unchecked(name, &[]);
        }
        let template_contents = self.new_template_contents(name);
        let name_id = self.intern(&name.local);
        let start = self.attrs.len();
        make_room(&mut self.attrs, shared.len as usize);
        self.attrs.extend_from_within(shared.range());
        let attrs = span(start, shared.len as usize);
        self.new_element(ElementData { ns: name.ns, name: name_id, attrs }, template_contents)
    }

    /// Creates an empty DocumentFragment (not in the tree), the DOM's
    /// `createDocumentFragment()`: inserting it inserts its children.
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<ul></ul>");
    /// let ul = document.get_elements_by_tag_name("ul").next().unwrap().id();
    /// let fragment = document.create_document_fragment();
    /// for text in ["a", "b"] {
    ///     let li = document.create_html_element("li")?;
    ///     document.append_text(li, text)?;
    ///     document.append_child(fragment, li)?;
    /// }
    /// document.append_child(ul, fragment)?;
    /// assert_eq!(document.inner_html(ul), "<li>a</li><li>b</li>");
    /// assert_eq!(document.first_child(fragment), None);
    /// # Ok::<(), htmlforge::DomError>(())
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#dom-document-createdocumentfragment>
    pub fn create_document_fragment(&mut self) -> NodeId {
        self.new_node(Data::DocumentFragment)
    }

    /// Creates a comment (not in the tree).
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p>");
    /// let body = document.body().unwrap().id();
    /// let comment = document.create_comment(" generated ");
    /// document.append_child(body, comment)?;
    /// assert_eq!(document.inner_html(body), "<p></p><!-- generated -->");
    /// # Ok::<(), htmlforge::DomError>(())
    /// ```
    pub fn create_comment(&mut self, text: &str) -> NodeId {
        let text = self.push_string(text);
        self.new_node(Data::Comment(text))
    }

    /// Creates a text node (not in the tree).
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// let text = document.create_text_node("1 < 2");
    /// document.append_child(p, text)?;
    /// assert_eq!(document.outer_html(p), "<p>1 &lt; 2</p>");
    /// # Ok::<(), htmlforge::DomError>(())
    /// ```
    pub fn create_text_node(&mut self, text: &str) -> NodeId {
        let text = self.push_string(text);
        self.new_node(Data::Text(text))
    }

    /// Creates a ProcessingInstruction node (not in the tree), as the DOM's
    /// `createProcessingInstruction` does: the target must match XML's
    /// `Name` production and the data must not contain `?>`, or the result
    /// is [`DomError::InvalidCharacter`].
    ///
    /// ```
    /// use htmlforge::DomError;
    ///
    /// let mut document = htmlforge::parse_document("");
    /// assert!(document.create_processing_instruction("marker", "name=\"x\"").is_ok());
    /// assert_eq!(document.create_processing_instruction("1x", ""), Err(DomError::InvalidCharacter));
    /// assert_eq!(document.create_processing_instruction("x", "a?>b"), Err(DomError::InvalidCharacter));
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#dom-document-createprocessinginstruction>
    pub fn create_processing_instruction(&mut self, target: &str, data: &str) -> Result<NodeId, DomError> {
        if !crate::xml_name::is_name(target) || data.contains("?>") {
            return Err(DomError::InvalidCharacter);
        }
        Ok(self.create_processing_instruction_unchecked(target, data))
    }

    /// Creates a ProcessingInstruction node without the DOM's checks (the
    /// parser's targets always pass them).
    pub(crate) fn create_processing_instruction_unchecked(&mut self, target: &str, data: &str) -> NodeId {
        let data = self.processing_instruction_data(target, data);
        self.new_node(data)
    }

    /// Stores a processing instruction's target and data back to back.
    fn processing_instruction_data(&mut self, target: &str, data: &str) -> Data {
        let target = self.fitting(target, 0);
        let data = self.fitting(data, target.len());
        // One run of the store holds both (a new chunk starts before the
        // target, not between the two).
        self.strings.reserve_run(target.len() + data.len());
        let start = self.strings.push(target);
        let data_start = self.strings.push(data);
        debug_assert_eq!(start + target.len(), data_start);
        Data::ProcessingInstruction { target_len: target.len() as u32, text: span(start, target.len() + data.len()) }
    }

    /// Creates a DocumentType node (not in the tree).
    pub fn create_doctype(&mut self, doctype: Doctype) -> NodeId {
        let index = u32::try_from(self.doctypes.len()).expect("fewer than 2^32 doctypes");
        self.doctypes.push(doctype);
        self.new_node(Data::Doctype(index))
    }

    /// Adds each attribute of `attrs` that the element does not have yet
    /// (the tree builder's step for a second `<html>` or `<body>` tag).
    pub(crate) fn add_attrs_if_missing(&mut self, element: NodeId, attrs: &[AttrRef<'_>]) {
        let Data::Element(mut data) = self.nodes[element.index()].data else { return };
        // Few attributes: a linear search. Many (hostile input: `<html>`
        // tags with thousands of attributes, or thousands of tags adding
        // one each): a set of the names, kept with the element, so that
        // this stays linear.
        let key = element.link();
        if attrs.len() + data.attrs.len as usize > 8 && !self.growth.attr_names.contains_key(&key) {
            let names = self.attrs[data.attrs.range()].iter().map(|a| (a.ns, a.name)).collect();
            self.growth.attr_names.insert(key, names);
        }
        for attr in attrs {
            let name = self.intern_attr_name(attr);
            let present = match self.growth.attr_names.get_mut(&key) {
                Some(names) => !names.insert((attr.ns, name)),
                None => {
                    crate::cost::step!("dom::attrs_if_missing", data.attrs.len);
                    self.attrs[data.attrs.range()].iter().any(|a| a.ns == attr.ns && a.name == name)
                }
            };
            if present {
                continue;
            }
            let Some(stored) = self.store_attr(attr) else { continue };
            data.attrs = self.push_attr_to_list(key, data.attrs, stored);
            self.growth.attrs_edited.insert(key);
        }
        self.nodes[element.index()].data = Data::Element(data);
    }

    /// Appends `stored` to `element`'s attribute list `list` (which must
    /// stay contiguous): in place at the end of the list, or in the room
    /// left after it by an earlier move, else by moving the list to the
    /// end with as much room again (so that `<html a1><p><html a2>…`
    /// copies each attribute O(1) times, amortized, not the whole list per
    /// tag).
    fn push_attr_to_list(&mut self, element: Link, mut list: Span, stored: StoredAttr) -> Span {
        if !self.attribute_room(2 * list.len as usize + 16) {
            return list;
        }
        let capacity = self.growth.attr_capacity.get(&element).copied().unwrap_or(0);
        if list.end() == self.attrs.len() && capacity == 0 {
            self.attrs.push(stored);
        } else if (list.len as usize) < capacity as usize {
            self.attrs[list.end()] = stored;
        } else {
            let start = self.attrs.len();
            let capacity = super::node::grown_capacity(list.len as usize + 1);
            self.attrs.extend_from_within(list.range());
            self.attrs.push(stored);
            // The room is filled with copies of the new entry, never read
            // (the span's length says what is the element's).
            self.attrs.resize(start + capacity, stored);
            self.growth.attr_capacity.insert(element, u32::try_from(capacity).unwrap_or(u32::MAX));
            list = span(start, list.len as usize);
        }
        list.len += 1;
        list
    }

    /// Sets the attribute `name` (in no namespace) of `element` to
    /// `value`, adding it if the element has none, as the DOM's
    /// `setAttribute` does (without its lowercasing: give HTML attribute
    /// names in lowercase). `name` must be a valid attribute local name,
    /// else [`DomError::InvalidCharacter`]; `element` must be an element,
    /// else [`DomError::NotAnElement`]. The old value's bytes stay in the
    /// document's buffer (see [`Document::compacted`]).
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p id=a>x");
    /// let p = document.get_element_by_id("a").unwrap().id();
    /// document.set_attribute(p, "id", "b").unwrap();
    /// document.set_attribute(p, "title", "t").unwrap();
    /// assert!(document.set_attribute(p, "on click", "").is_err());
    /// let element = document.element(p).unwrap();
    /// assert_eq!((element.attr("id"), element.attr("title")), (Some("b"), Some("t")));
    /// ```
    #[track_caller]
    pub fn set_attribute(&mut self, element: NodeId, name: &str, value: &str) -> Result<(), DomError> {
        let Data::Element(data) = self.nodes[self.slot(element)].data else { return Err(DomError::NotAnElement) };
        if !is_valid_attribute_local_name(name) {
            return Err(DomError::InvalidCharacter);
        }
        // Names are interned once per document, so the search compares
        // ids. Past 8 attributes the element has a set of its names (see
        // `add_attrs_if_missing`): a new name is found missing there, so
        // that a loop adding k names stays O(k), not O(k²).
        let name_id = self.intern_str(name);
        let names = self.growth.attr_names.get(&element.link());
        let existing = if names.is_some_and(|names| !names.contains(&(None, name_id))) {
            None
        } else {
            data.attrs.range().find(|&at| {
                crate::cost::step!("dom::set_attribute_search");
                self.attrs[at].ns.is_none() && self.attrs[at].name == name_id
            })
        };
        match existing {
            Some(at) => self.attrs[at].value = self.push_string(value),
            None => self.add_attrs_if_missing(element, &[AttrRef::new(name, value)]),
        }
        self.growth.attrs_edited.insert(element.link());
        Ok(())
    }

    /// Removes the attribute `name` (in no namespace) of `element`, as the
    /// DOM's `removeAttribute` does. Returns whether there was one (false
    /// too when `element` is not an element).
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p id=a class=c>x");
    /// let p = document.get_element_by_id("a").unwrap().id();
    /// assert!(document.remove_attribute(p, "class"));
    /// assert!(!document.remove_attribute(p, "class"));
    /// assert_eq!(document.outer_html(p), r#"<p id="a">x</p>"#);
    /// ```
    #[track_caller]
    pub fn remove_attribute(&mut self, element: NodeId, name: &str) -> bool {
        let slot = self.slot(element);
        let Data::Element(mut data) = self.nodes[slot].data else { return false };
        let range = data.attrs.range();
        let Some(at) =
            range.clone().find(|&at| self.attrs[at].ns.is_none() && self.name_str(self.attrs[at].name) == name)
        else {
            return false;
        };
        // The attributes stay contiguous and in order: the later ones move
        // down one place within the element's own span.
        let removed = (self.attrs[at].ns, self.attrs[at].name);
        if let Some(names) = self.growth.attr_names.get_mut(&element.link()) {
            names.remove(&removed);
        }
        self.growth.attrs_edited.insert(element.link());
        self.attrs[at..range.end].rotate_left(1);
        data.attrs.len -= 1;
        self.nodes[slot].data = Data::Element(data);
        true
    }

    /// Removes `node` from its parent, if it has one (the DOM's
    /// `remove()`). The node stays in the document, detached, and can be
    /// inserted again.
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p>a<script>x()</script>b");
    /// let scripts: Vec<_> = document.get_elements_by_tag_name("script").map(|script| script.id()).collect();
    /// for script in scripts {
    ///     document.remove(script);
    /// }
    /// assert_eq!(document.body().unwrap().inner_html(), "<p>ab</p>");
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#dom-childnode-remove>
    #[track_caller]
    pub fn remove(&mut self, node: NodeId) {
        self.slot(node);
        self.unlink(node.link());
    }

    pub(super) fn unlink(&mut self, id: Link) {
        let Some(parent) = self.nodes[id.index()].parent.take() else { return };
        // Attached, so `previous` is set: the previous sibling, or the last
        // child when `id` is the first (see `Node`).
        let previous = self.nodes[id.index()].previous.take().expect("an attached node is in its parent's ring");
        let next = self.nodes[id.index()].next_sibling.take();
        let first = self.nodes[parent.index()].first_child.expect("a parent has a first child");
        if first == id {
            self.nodes[parent.index()].first_child = next;
            if let Some(next) = next {
                // The new first child takes over the link to the last.
                self.nodes[next.index()].previous = Some(previous);
            }
            return;
        }
        self.nodes[previous.index()].next_sibling = next;
        match next {
            Some(next) => self.nodes[next.index()].previous = Some(previous),
            // `id` was the last child: the first child's ring link moves back.
            None => self.nodes[first.index()].previous = Some(previous),
        }
    }

    /// Replaces `old` by `node` in `old`'s parent, as the DOM's
    /// `replaceChild(node, old)` does: `node` moves from where it was (a
    /// DocumentFragment gives its children), `old` is left detached.
    /// Refused, with nothing changed, when `old` has no parent
    /// ([`DomError::NotFound`]) and where [`Document::insert_before`]
    /// refuses `node` in `old`'s place.
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p>a <b>bold</b> c");
    /// let b = document.get_elements_by_tag_name("b").next().unwrap().id();
    /// let i = document.create_html_element("i").unwrap();
    /// document.append_text(i, "italic").unwrap();
    /// document.replace_with(b, i).unwrap();
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// assert_eq!(document.inner_html(p), "a <i>italic</i> c");
    /// assert_eq!(document.parent(b), None);
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#concept-node-replace>
    #[track_caller]
    pub fn replace_with(&mut self, old: NodeId, node: NodeId) -> Result<(), DomError> {
        self.slot(node);
        let Some(parent) = self.parent(old) else { return Err(DomError::NotFound) };
        let next = self.next_sibling(old);
        // The checks are insertion's with `old` gone; on a refusal `old`
        // goes back where it was, and nothing else has changed.
        self.unlink(old.link());
        let outcome = self.insert_before(parent, node, next);
        if outcome.is_err() {
            match next {
                Some(next) => self.link_before(next.link(), old.link()),
                None => self.link_append(parent.link(), old.link()),
            }
        }
        outcome
    }

    /// Sets the text of `node` as the DOM's `textContent` setter does: an
    /// element's or fragment's children are replaced by one text node
    /// (none for an empty `text`); a text, comment or processing
    /// instruction node's data is replaced; a Document or doctype is left as it is.
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p>a <b>b</b></p>");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// document.set_text_content(p, "1 < 2");
    /// assert_eq!(document.inner_html(p), "1 &lt; 2");
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#dom-node-textcontent>
    #[track_caller]
    pub fn set_text_content(&mut self, node: NodeId, text: &str) {
        let slot = self.slot(node);
        match self.nodes[slot].data {
            Data::Element(_) | Data::DocumentFragment | Data::ShadowRoot(_) => {
                while let Some(child) = self.nodes[slot].first_child {
                    crate::cost::step!("dom::remove_children");
                    self.unlink(child);
                }
                if !text.is_empty() {
                    self.append_text_at(node.link(), text);
                }
            }
            Data::Text(_) => {
                self.nodes[slot].data = Data::Text(self.push_string(text));
                // The room an earlier append left after the old text is not
                // after the new one.
                self.growth.text_capacity.remove(&node.link());
            }
            Data::Comment(_) => self.nodes[slot].data = Data::Comment(self.push_string(text)),
            Data::ProcessingInstruction { target_len, text: old } => {
                let target = self.strings.get(old)[..target_len as usize].to_string();
                self.nodes[slot].data = self.processing_instruction_data(&target, text);
            }
            Data::Document | Data::Doctype(_) => {}
        }
    }

    /// Appends `node` as the last child of `parent`, moving it from where
    /// it was, as the DOM's `appendChild` does: see
    /// [`Document::insert_before`] for what is refused. A DocumentFragment
    /// `node` (a template's contents) gives its children instead.
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<ul><li>a</li><li>b</li></ul>");
    /// let ul = document.get_elements_by_tag_name("ul").next().unwrap().id();
    /// let first = document.first_child(ul).unwrap();
    /// document.append_child(ul, first).unwrap();
    /// assert_eq!(document.inner_html(ul), "<li>b</li><li>a</li>");
    /// assert!(document.append_child(first, ul).is_err()); // a cycle
    /// ```
    #[track_caller]
    pub fn append_child(&mut self, parent: NodeId, node: NodeId) -> Result<(), DomError> {
        self.insert_before(parent, node, None)
    }

    /// Inserts `node` into `parent` right before its child `reference`
    /// (at the end when `reference` is `None`), moving it from where it
    /// was, as the DOM's `insertBefore` does. A DocumentFragment `node`
    /// (a template's contents) gives its children instead.
    ///
    /// Refused, with nothing changed, as the DOM's "ensure pre-insertion
    /// validity" refuses it: a `parent` that is not a Document,
    /// DocumentFragment or element; a `node` that is `parent` or one of its
    /// ancestors (through templates too); a Document `node`; text in the
    /// Document, a doctype elsewhere; a second element or doctype in the
    /// Document, or the two in the wrong order
    /// ([`DomError::HierarchyRequest`]); and a `reference` that is not a
    /// child of `parent` ([`DomError::NotFound`]).
    ///
    /// ```
    /// use htmlforge::dom::DomError;
    ///
    /// let mut document = htmlforge::parse_document("<p>b</p>");
    /// let body = document.body().unwrap().id();
    /// let p = document.first_child(body).unwrap();
    /// let a = document.create_text_node("a");
    /// document.insert_before(body, a, Some(p)).unwrap();
    /// assert_eq!(document.inner_html(body), "a<p>b</p>");
    /// let loose = document.create_html_element("i").unwrap();
    /// assert_eq!(document.insert_before(body, p, Some(loose)), Err(DomError::NotFound));
    /// ```
    ///
    /// Spec: <https://dom.spec.whatwg.org/#concept-node-pre-insert>
    #[track_caller]
    pub fn insert_before(&mut self, parent: NodeId, node: NodeId, reference: Option<NodeId>) -> Result<(), DomError> {
        self.ensure_pre_insertion_validity(parent, node, reference)?;
        // "If child is node, then set child to node's next sibling."
        let reference = match reference {
            Some(reference) if reference == node => self.next_sibling(node),
            reference => reference,
        };
        let nodes: Vec<Link> = match self.nodes[node.index()].data {
            Data::DocumentFragment => self.children(node).map(NodeId::link).collect(),
            _ => vec![node.link()],
        };
        for child in nodes {
            match reference {
                Some(reference) => self.link_before(reference.link(), child),
                None => self.link_append(parent.link(), child),
            }
        }
        Ok(())
    }

    /// Spec: <https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity>
    #[track_caller]
    fn ensure_pre_insertion_validity(
        &self,
        parent: NodeId,
        node: NodeId,
        reference: Option<NodeId>,
    ) -> Result<(), DomError> {
        use HierarchyRequest::*;
        let parent_data = self.nodes[self.slot(parent)].data;
        let node_data = self.nodes[self.slot(node)].data;
        if let Some(reference) = reference {
            self.slot(reference);
        }
        let refuse = |reason| Err(DomError::HierarchyRequest(reason));
        // A shadow root is a DocumentFragment: it takes children too.
        if !matches!(parent_data, Data::Document | Data::DocumentFragment | Data::ShadowRoot(_) | Data::Element(_)) {
            return refuse(ParentCannotHaveChildren);
        }
        if self.is_host_including_inclusive_ancestor(node.link(), parent.link()) {
            return refuse(Cycle);
        }
        if reference.is_some_and(|reference| self.nodes[reference.index()].parent != Some(parent.link())) {
            return Err(DomError::NotFound);
        }
        let parent_is_document = matches!(parent_data, Data::Document);
        match node_data {
            Data::Document => return refuse(NotInsertable),
            Data::Text(_) if parent_is_document => return refuse(TextInDocument),
            Data::Doctype(_) if !parent_is_document => return refuse(DoctypeOutsideDocument),
            _ => {}
        }
        if !parent_is_document {
            return Ok(());
        }
        let is_element = |link: Link| matches!(self.nodes[link.index()].data, Data::Element(_));
        let is_doctype = |link: Link| matches!(self.nodes[link.index()].data, Data::Doctype(_));
        let has_element_child = self.children(parent).any(|child| is_element(child.link()));
        let doctype_follows_reference = reference.is_some_and(|reference| {
            std::iter::successors(self.next_sibling(reference), |&n| self.next_sibling(n)).any(|n| is_doctype(n.link()))
        });
        let places_element = |has_element_child: bool| {
            if has_element_child {
                return refuse(SecondDocumentElement);
            }
            if reference.is_some_and(|reference| is_doctype(reference.link())) || doctype_follows_reference {
                return refuse(DoctypeAfterElement);
            }
            Ok(())
        };
        match node_data {
            Data::DocumentFragment => {
                let children: Vec<Link> = self.children(node).map(NodeId::link).collect();
                if children.iter().any(|&child| matches!(self.nodes[child.index()].data, Data::Text(_))) {
                    return refuse(TextInDocument);
                }
                match children.iter().filter(|&&child| is_element(child)).count() {
                    0 => Ok(()),
                    1 => places_element(has_element_child),
                    _ => refuse(SecondDocumentElement),
                }
            }
            Data::Element(_) => places_element(has_element_child),
            Data::Doctype(_) => {
                if self.children(parent).any(|child| is_doctype(child.link())) {
                    return refuse(SecondDoctype);
                }
                let element_precedes = match reference {
                    Some(reference) => {
                        std::iter::successors(self.previous_sibling(reference), |&n| self.previous_sibling(n))
                            .any(|n| is_element(n.link()))
                    }
                    None => has_element_child,
                };
                if element_precedes {
                    return refuse(DoctypeAfterElement);
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Whether `node` is `of` or one of its host-including ancestors (the
    /// host of a template's contents is the template).
    ///
    /// Spec: <https://dom.spec.whatwg.org/#concept-tree-host-including-inclusive-ancestor>
    fn is_host_including_inclusive_ancestor(&self, node: Link, of: Link) -> bool {
        if node == of {
            return true;
        }
        // A node with no children and no template contents (a new one,
        // usually) is nobody's ancestor: building a deep tree top-down
        // walks no ancestors. (A template is the host of its contents even
        // when they are empty.)
        let is_template = matches!(self.nodes[node.index()].data, Data::Element(data) if data.is_template());
        if self.nodes[node.index()].first_child.is_none() && !is_template {
            return false;
        }
        let mut current = Some(of);
        while let Some(link) = current {
            crate::cost::step!("dom::inclusive_ancestor");
            if link == node {
                return true;
            }
            current = match self.nodes[link.index()].parent {
                Some(parent) => Some(parent),
                None => self.template_host(link),
            };
        }
        false
    }

    /// The template whose contents `fragment` is, if it is one.
    fn template_host(&self, fragment: Link) -> Option<Link> {
        self.template_hosts.get(&fragment).copied()
    }

    /// Appends `child` (unlinked first) as the last child of `parent`,
    /// without the DOM's checks (the tree builder's moves are valid).
    #[inline]
    pub(crate) fn link_append(&mut self, parent: Link, child: Link) {
        if self.nodes[child.index()].parent.is_some() {
            self.unlink(child);
        }
        self.link_new_last_child(parent, child);
    }

    /// Links `child`, which has no parent, as the last child of `parent`.
    #[inline]
    pub(crate) fn link_new_last_child(&mut self, parent: Link, child: Link) {
        debug_assert!(self.nodes[child.index()].parent.is_none());
        let children = self.first_and_last_child(parent);
        let previous = self.splice_as_last_child(parent, child, children);
        let node = &mut self.nodes[child.index()];
        node.parent = Some(parent);
        node.previous = Some(previous);
    }

    /// `parent`'s first and last child, if it has children.
    #[inline]
    fn first_and_last_child(&self, parent: Link) -> Option<(Link, Link)> {
        let first = self.nodes[parent.index()].first_child?;
        Some((first, self.nodes[first.index()].previous.expect("a first child links to the last")))
    }

    /// Makes `child` the last of `parent`'s children, `children` being its
    /// first and last child before (see `first_and_last_child`), and
    /// returns what `child`'s own `previous` must be: the ring (see `Node`)
    /// has the first child's `previous` name the last child, which becomes
    /// `child`, and an only child name itself. `child`'s own links are the
    /// caller's.
    #[inline]
    fn splice_as_last_child(&mut self, parent: Link, child: Link, children: Option<(Link, Link)>) -> Link {
        match children {
            Some((first, last)) => {
                self.nodes[first.index()].previous = Some(child);
                self.nodes[last.index()].next_sibling = Some(child);
                last
            }
            None => {
                self.nodes[parent.index()].first_child = Some(child);
                child
            }
        }
    }

    /// Inserts `child` (unlinked first) right before `sibling`, without the
    /// DOM's checks; nothing happens when `sibling` has no parent.
    pub(crate) fn link_before(&mut self, sibling: Link, child: Link) {
        if sibling == child {
            return;
        }
        self.unlink(child);
        let Some(parent) = self.nodes[sibling.index()].parent else { return };
        // `sibling`'s `previous`: its previous sibling, or the last child
        // when it is the first, which `child` then takes over (see `Node`).
        let previous = self.nodes[sibling.index()].previous;
        if self.nodes[parent.index()].first_child == Some(sibling) {
            self.nodes[parent.index()].first_child = Some(child);
        } else if let Some(previous) = previous {
            self.nodes[previous.index()].next_sibling = Some(child);
        }
        self.nodes[sibling.index()].previous = Some(child);
        let node = &mut self.nodes[child.index()];
        node.parent = Some(parent);
        node.previous = previous;
        node.next_sibling = Some(sibling);
    }

    /// Appends `text` to the text node `node`: in place when its text ends
    /// the string store (the usual case) or fits the room left after it by
    /// an earlier move; else it moves to the end of the store with as much
    /// room again. So a text node extended n times between other stored
    /// strings (foster-parented text between comments) is copied
    /// O(log n) times, and the copies left behind sum to less than twice
    /// its final size: time and memory stay linear. A text that ends the
    /// store but not its last chunk's room moves to a new chunk with a
    /// quarter more room, and leaves its old copy (a clone may share it).
    pub(super) fn extend_text(&mut self, node: Link, text: &str) -> bool {
        let Data::Text(mut existing) = self.nodes[node.index()].data else { return false };
        // (The map is empty but for foster-parented text: no hashing then.)
        let capacity = match self.growth.text_capacity.is_empty() {
            true => 0,
            false => self.growth.text_capacity.get(&node).copied().unwrap_or(0) as usize,
        };
        if existing.end() == self.strings.len() && capacity == 0 {
            let text = self.fitting(text, 0);
            if !self.strings.extend_in_place(existing, text) {
                existing.start = self.strings.extend_moving(existing, text) as u32;
            }
            existing.len += text.len() as u32;
        } else if existing.len as usize + text.len() <= capacity {
            // The room holds ASCII filler: any byte range of it is on
            // character boundaries, and replacing it by as many bytes
            // moves nothing behind it.
            self.strings.overwrite(existing.end(), text);
            existing.len += text.len() as u32;
        } else {
            // Moved with room: the copy, the text, then filler, in one run
            // of the store, all under the hard cap (the text is cut when
            // even it does not fit).
            let text = self.fitting(text, existing.len as usize);
            let len = existing.len as usize + text.len();
            let room = MAX_STRING_BYTES.saturating_sub(self.strings.len().saturating_add(SLOT));
            let capacity = super::node::grown_capacity(len).min(room).max(len);
            self.strings.reserve_run(capacity);
            let moved = self.strings.get(existing).to_string();
            let start = self.strings.push(&moved);
            self.strings.push(text);
            self.strings.push(&" ".repeat(capacity - len));
            self.growth.text_capacity.insert(node, capacity as u32);
            existing = span(start, len);
        }
        self.nodes[node.index()].data = Data::Text(existing);
        true
    }

    /// Appends `text` to `parent`, merged into a last child that is text
    /// (as the parser inserts characters). Refused as
    /// [`Document::append_child`] refuses a text node.
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p>a");
    /// let p = document.get_elements_by_tag_name("p").next().unwrap().id();
    /// document.append_text(p, "b").unwrap();
    /// assert_eq!(document.children(p).count(), 1);
    /// assert!(document.append_text(document.document(), "x").is_err());
    /// ```
    #[track_caller]
    pub fn append_text(&mut self, parent: NodeId, text: &str) -> Result<(), DomError> {
        match self.nodes[self.slot(parent)].data {
            Data::Element(_) | Data::DocumentFragment => {
                self.append_text_at(parent.link(), text);
                Ok(())
            }
            Data::Document => Err(DomError::HierarchyRequest(HierarchyRequest::TextInDocument)),
            _ => Err(DomError::HierarchyRequest(HierarchyRequest::ParentCannotHaveChildren)),
        }
    }

    pub(crate) fn append_text_at(&mut self, parent: Link, text: &str) {
        self.append_text_at_in(parent, text, text);
    }

    /// [`Self::append_text_at`] for text that `text_and_after` may hold
    /// followed by the input after it: `text_and_after` starts with `text`
    /// when it is the parser's input from `text` on, and the copy of a
    /// short `text` may then read past its end; any other string is
    /// ignored.
    #[inline(always)]
    pub(crate) fn append_text_at_in(&mut self, parent: Link, text: &str, text_and_after: &str) {
        // The parser's way in for text: a new node is made already linked
        // as the last child (what `link_append` would do for a node that
        // has no parent yet), without its checks and second lookups.
        //
        // Whether `parent` has children is as likely as not for text (the
        // first text of an element, or the whitespace after a child), and
        // a branch on it was mispredicted about half the time (83K of 158K
        // text nodes on the web pages): the links are chosen by selects
        // instead. With no children, the Document node's record stands in
        // for the last child where one is read (it is never text).
        let first = self.nodes[parent.index()].first_child;
        // The first child's `previous` is the last child; with no children
        // the Document node's is read, which is none (it has no parent):
        // either way the load is used, so it is not made conditional.
        let ring_previous = self.nodes[first.unwrap_or(Link::DOCUMENT).index()].previous;
        debug_assert!(first.is_some() == ring_previous.is_some(), "a first child links to the last");
        // Tested here first: most last children are elements, and the
        // call to `extend_text` cost 46 instructions to say no.
        let last_or_document = ring_previous.unwrap_or(Link::DOCUMENT);
        if matches!(self.nodes[last_or_document.index()].data, Data::Text(_))
            && self.extend_text(last_or_document, text)
        {
            return;
        }
        // The node is made and linked first and the text copied last, so
        // that little is kept across the copy's call; a short run of the
        // input is copied first, by a fixed-size copy (no call).
        let short = match self.strings.len() < MAX_STRING_BYTES - SLOT - crate::short_copy::SHORT_TEXT {
            true => self.strings.push_prefix(text, text_and_after),
            false => None,
        };
        let (stored, text) = match short {
            Some(start) => (Span { start: start as u32, len: text.len() as u32 }, None),
            None => {
                let (stored, text) = self.place_string(text);
                (stored, Some(text))
            }
        };
        let child = Link::from_index(self.nodes.len());
        // The ring (see `Node`): the new node's `previous` names the old
        // last child, or itself as an only child; the first child's
        // `previous` (its own, as an only child) and the old last child's
        // `next_sibling` name the new node. With no children, the
        // `next_sibling` is written to the new node and then reset.
        let last = ring_previous.unwrap_or(child);
        let first = first.unwrap_or(child);
        self.push_node(Node {
            data: Data::Text(stored),
            parent: Some(parent),
            first_child: None,
            next_sibling: None,
            previous: Some(last),
        });
        // Through a slice: stores into the records cannot change its
        // length and address, which are not read again for each.
        let nodes = self.nodes.as_mut_slice();
        nodes[last.index()].next_sibling = Some(child);
        nodes[child.index()].next_sibling = None;
        nodes[first.index()].previous = Some(child);
        nodes[parent.index()].first_child = Some(first);
        if let Some(text) = text {
            self.strings.push(text);
        }
    }

    /// Inserts `text` before `sibling`, merged into a previous sibling that
    /// is text; nothing happens when `sibling` has no parent.
    pub(crate) fn insert_text_before_at(&mut self, sibling: Link, text: &str) {
        if self.nodes[sibling.index()].parent.is_none() {
            return;
        }
        if let Some(previous) = self.previous_sibling_link(sibling) {
            if self.extend_text(previous, text) {
                return;
            }
        }
        let node = self.create_text_node(text);
        self.link_before(sibling, node.link());
    }

    /// A deep copy of `id` (with template contents), not in the tree. The
    /// copy shares the original's text and attribute values, which never
    /// change in place (a new value is stored anew); each copied element
    /// gets its own list of attributes, which `set_attribute` and
    /// `remove_attribute` do change in place.
    ///
    /// ```
    /// let mut document = htmlforge::parse_document("<p id=a class=c>x");
    /// let p = document.get_element_by_id("a").unwrap().id();
    /// let copy = document.clone_node_deep(p);
    /// document.set_attribute(p, "id", "b").unwrap();
    /// document.remove_attribute(copy, "class");
    /// assert_eq!(document.outer_html(p), r#"<p id="b" class="c">x</p>"#);
    /// assert_eq!(document.outer_html(copy), r#"<p id="a">x</p>"#);
    /// ```
    #[track_caller]
    pub fn clone_node_deep(&mut self, id: NodeId) -> NodeId {
        self.slot(id);
        let copy = self.clone_node_shallow(id);
        // (source parent, copy parent) pairs whose children are still to copy.
        let mut work = vec![(id, copy)];
        while let Some((source, target)) = work.pop() {
            let mut child = self.first_child(source);
            while let Some(source_child) = child {
                crate::cost::step!("dom::clone_deep");
                let child_copy = self.clone_node_shallow(source_child);
                self.link_append(target.link(), child_copy.link());
                work.push((source_child, child_copy));
                child = self.next_sibling(source_child);
            }
            if let (Data::Element(source_data), Data::Element(target_data)) =
                (self.nodes[source.index()].data, self.nodes[target.index()].data)
            {
                if let (Some(source_contents), Some(target_contents)) = (
                    self.template_contents_link(source.link(), &source_data),
                    self.template_contents_link(target.link(), &target_data),
                ) {
                    work.push((self.id(source_contents), self.id(target_contents)));
                }
                // "If node is a shadow host whose shadow root's clonable is
                // true": the copy gets a shadow root like it, with copies of
                // its children.
                if let Some(shadow) = self.shadow_root(source) {
                    if let NodeData::ShadowRoot { init, .. } = self.data(shadow) {
                        if init.clonable {
                            if let Some(shadow_copy) = self.attach_shadow_root(target, init) {
                                work.push((shadow, shadow_copy));
                            }
                        }
                    }
                }
            }
        }
        copy
    }

    /// Makes `contents` the template contents of the template `template`
    /// (a declarative shadow root's template: "set template's template
    /// contents to shadow").
    pub(crate) fn set_template_contents(&mut self, template: NodeId, contents: NodeId) {
        if matches!(self.nodes[template.index()].data, Data::Element(element) if element.is_template()) {
            self.link_template_contents(template.link(), contents.link());
        }
    }

    /// Records `contents` as the template contents of `template`, both ways
    /// (the contents it replaces, if any, no longer has a host).
    fn link_template_contents(&mut self, template: Link, contents: Link) {
        if let Some(old) = self.templates.insert(template, contents) {
            self.template_hosts.remove(&old);
        }
        self.template_hosts.insert(contents, template);
    }

    pub(super) fn clone_node_shallow(&mut self, id: NodeId) -> NodeId {
        let mut data = self.nodes[id.index()].data;
        if let Data::Element(element) = &mut data {
            let template_contents = element.is_template().then(|| self.new_node(Data::DocumentFragment).link());
            // The copy's own list of attribute entries (the values stay
            // shared): `set_attribute` and `remove_attribute` edit a list in
            // place, which must not reach the original.
            let len = if self.attribute_room(element.attrs.len as usize) { element.attrs.len as usize } else { 0 };
            let start = self.attrs.len();
            self.attrs.extend_from_within(element.attrs.start as usize..element.attrs.start as usize + len);
            element.attrs = span(start, len);
            return self.new_element(*element, template_contents);
        }
        self.new_node(data)
    }
}
