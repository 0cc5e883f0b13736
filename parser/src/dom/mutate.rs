//! Building and changing the tree: creating nodes, inserting, moving
//! and detaching them, and growing text.

use crate::generated::names::Namespace;
use crate::tree_builder::{AttrRef, QualName};

use super::node::{span, Data, ElementData, Node, Span, StoredAttr, MAX_ATTRIBUTES, MAX_STRING_BYTES};
use super::{Doctype, Document, NodeId};

impl Document {
    pub(super) fn push_string(&mut self, text: &str) -> Span {
        let text = self.fitting(text, 0);
        let start = self.strings.len();
        self.strings.push_str(text);
        span(start, text.len())
    }

    /// The part of `text` that fits under `MAX_STRING_BYTES` after the
    /// buffer and `reserved` more bytes (cut at a character boundary;
    /// marks the storage full when it cuts).
    fn fitting<'t>(&mut self, text: &'t str, reserved: usize) -> &'t str {
        let room = MAX_STRING_BYTES.saturating_sub(self.strings.len().saturating_add(reserved));
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
    /// document's hard caps (4 GiB of strings, 2^32 attributes) and was cut.
    pub(crate) fn storage_is_full(&self) -> bool {
        self.growth.storage_full
    }

    pub(super) fn store_attr(&mut self, attr: &AttrRef<'_>) -> StoredAttr {
        let name = self.intern_str(attr.local);
        let prefix = attr.prefix.map(|prefix| self.intern_str(prefix));
        let value = self.push_string(attr.value);
        StoredAttr { ns: attr.ns, prefix, name, value }
    }

    pub(super) fn new_node(&mut self, data: Data) -> NodeId {
        let id = NodeId::from_index(self.nodes.len());
        self.nodes.push(Node {
            data,
            parent: None,
            first_child: None,
            last_child: None,
            previous_sibling: None,
            next_sibling: None,
        });
        id
    }

    /// Creates an element (not in the tree); a `template` gets its contents.
    pub fn create_element(&mut self, name: &QualName, attrs: &[AttrRef<'_>]) -> NodeId {
        let template_contents = name
            .is(Namespace::Html, crate::generated::names::local_names::TEMPLATE)
            .then(|| self.new_node(Data::DocumentFragment));
        let name_id = self.intern(&name.local);
        let attrs = if self.attribute_room(attrs.len()) { attrs } else { &[] };
        let start = self.attrs.len();
        for attr in attrs {
            let stored = self.store_attr(attr);
            self.attrs.push(stored);
        }
        let attrs = span(start, attrs.len());
        self.new_node(Data::Element(ElementData { ns: name.ns, name: name_id, attrs, template_contents }))
    }

    /// Creates an element for the token `previous` was created for: it
    /// shares `previous`'s attribute values (a reconstructed `<b title=…>`
    /// costs an entry per attribute, not the value's bytes again) unless
    /// `previous`'s attributes changed since it was created, when `attrs`
    /// (the token's) are stored.
    pub(super) fn create_element_sharing(
        &mut self,
        name: &QualName,
        attrs: &[AttrRef<'_>],
        previous: NodeId,
    ) -> NodeId {
        let shared = match self.nodes.get(previous.index()).map(|node| node.data) {
            Some(Data::Element(data))
                if data.attrs.len as usize == attrs.len() && !self.growth.attrs_edited.contains(&previous) =>
            {
                data.attrs
            }
            _ => return self.create_element(name, attrs),
        };
        let template_contents = name
            .is(Namespace::Html, crate::generated::names::local_names::TEMPLATE)
            .then(|| self.new_node(Data::DocumentFragment));
        let name_id = self.intern(&name.local);
        if !self.attribute_room(shared.len as usize) {
            return self.create_element(name, &[]);
        }
        let start = self.attrs.len();
        self.attrs.extend_from_within(shared.range());
        let attrs = span(start, shared.len as usize);
        self.new_node(Data::Element(ElementData { ns: name.ns, name: name_id, attrs, template_contents }))
    }

    /// Creates a comment (not in the tree).
    pub fn create_comment(&mut self, text: &str) -> NodeId {
        let text = self.push_string(text);
        self.new_node(Data::Comment(text))
    }

    /// Creates a DocumentType node (not in the tree).
    pub fn create_doctype(&mut self, doctype: Doctype) -> NodeId {
        let index = u32::try_from(self.doctypes.len()).expect("fewer than 2^32 doctypes");
        self.doctypes.push(doctype);
        self.new_node(Data::Doctype(index))
    }

    /// Adds each attribute of `attrs` that the element does not have yet.
    pub fn add_attrs_if_missing(&mut self, element: NodeId, attrs: &[AttrRef<'_>]) {
        let Data::Element(mut data) = self.nodes[element.index()].data else { return };
        // Few attributes: a linear search. Many (hostile input: `<html>`
        // tags with thousands of attributes, or thousands of tags adding
        // one each): a set of the names, kept with the element, so that
        // this stays linear.
        if attrs.len() + data.attrs.len as usize > 8 && !self.growth.attr_names.contains_key(&element) {
            let names = self.attrs[data.attrs.range()].iter().map(|a| (a.ns, a.name)).collect();
            self.growth.attr_names.insert(element, names);
        }
        for attr in attrs {
            let present = if self.growth.attr_names.contains_key(&element) {
                let name = self.intern_str(attr.local);
                let names = self.growth.attr_names.get_mut(&element).expect("just checked");
                !names.insert((attr.ns, name))
            } else {
                self.attrs[data.attrs.range()].iter().any(|a| a.ns == attr.ns && self.name_str(a.name) == attr.local)
            };
            if present {
                continue;
            }
            let stored = self.store_attr(attr);
            data.attrs = self.push_attr_to_list(element, data.attrs, stored);
            self.growth.attrs_edited.insert(element);
        }
        self.nodes[element.index()].data = Data::Element(data);
    }

    /// Appends `stored` to `element`'s attribute list `list` (which must
    /// stay contiguous): in place at the end of the list, or in the room
    /// left after it by an earlier move, else by moving the list to the
    /// end with as much room again (so that `<html a1><p><html a2>…`
    /// copies each attribute O(1) times, amortized, not the whole list per
    /// tag).
    fn push_attr_to_list(&mut self, element: NodeId, mut list: Span, stored: StoredAttr) -> Span {
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
    /// `setAttribute` does. Returns false when `element` is not an element.
    /// (The old value's bytes stay in the document's buffer until it is
    /// dropped.)
    ///
    /// ```
    /// use htmlforge::dom::NodeId;
    ///
    /// let mut document = htmlforge::parse_document("<p id=a>x");
    /// let p = document.descendants(NodeId::DOCUMENT).find(|&n| document.element(n).is_some_and(|e| e.local_name() == "p")).unwrap();
    /// assert!(document.set_attribute(p, "id", "b"));
    /// assert!(document.set_attribute(p, "title", "t"));
    /// let element = document.element(p).unwrap();
    /// assert_eq!((element.attr("id"), element.attr("title")), (Some("b"), Some("t")));
    /// ```
    pub fn set_attribute(&mut self, element: NodeId, name: &str, value: &str) -> bool {
        let Data::Element(data) = self.nodes[element.index()].data else { return false };
        let existing =
            data.attrs.range().find(|&at| self.attrs[at].ns.is_none() && self.name_str(self.attrs[at].name) == name);
        match existing {
            Some(at) => self.attrs[at].value = self.push_string(value),
            None => self.add_attrs_if_missing(element, &[AttrRef::new(name, value)]),
        }
        self.growth.attrs_edited.insert(element);
        true
    }

    /// Removes `id` from its parent.
    pub fn detach(&mut self, id: NodeId) {
        let Some(parent) = self.nodes[id.index()].parent.take() else { return };
        let previous = self.nodes[id.index()].previous_sibling.take();
        let next = self.nodes[id.index()].next_sibling.take();
        match previous {
            Some(previous) => self.nodes[previous.index()].next_sibling = next,
            None => self.nodes[parent.index()].first_child = next,
        }
        match next {
            Some(next) => self.nodes[next.index()].previous_sibling = previous,
            None => self.nodes[parent.index()].last_child = previous,
        }
    }

    /// Appends `child` (detached first) as the last child of `parent`.
    pub fn append_child(&mut self, parent: NodeId, child: NodeId) {
        self.detach(child);
        let last = self.nodes[parent.index()].last_child;
        {
            let node = &mut self.nodes[child.index()];
            node.parent = Some(parent);
            node.previous_sibling = last;
        }
        match last {
            Some(last) => self.nodes[last.index()].next_sibling = Some(child),
            None => self.nodes[parent.index()].first_child = Some(child),
        }
        self.nodes[parent.index()].last_child = Some(child);
    }

    /// Inserts `child` (detached first) right before `sibling`, which must
    /// have a parent.
    pub fn insert_before(&mut self, sibling: NodeId, child: NodeId) {
        self.detach(child);
        let parent = self.nodes[sibling.index()].parent.expect("insert_before a node that has a parent");
        let previous = self.nodes[sibling.index()].previous_sibling;
        {
            let node = &mut self.nodes[child.index()];
            node.parent = Some(parent);
            node.previous_sibling = previous;
            node.next_sibling = Some(sibling);
        }
        self.nodes[sibling.index()].previous_sibling = Some(child);
        match previous {
            Some(previous) => self.nodes[previous.index()].next_sibling = Some(child),
            None => self.nodes[parent.index()].first_child = Some(child),
        }
    }

    /// Appends `text` to the text node `node`: in place when its text ends
    /// the buffer (the usual case) or fits the room left after it by an
    /// earlier move; else it moves to the end of the buffer with as much
    /// room again. So a text node extended n times between other stored
    /// strings (foster-parented text between comments) is copied
    /// O(log n) times, and the copies left behind sum to less than twice
    /// its final size: time and memory stay linear.
    pub(super) fn extend_text(&mut self, node: NodeId, text: &str) -> bool {
        let Data::Text(mut existing) = self.nodes[node.index()].data else { return false };
        let capacity = self.growth.text_capacity.get(&node).copied().unwrap_or(0) as usize;
        if existing.end() == self.strings.len() && capacity == 0 {
            let text = self.fitting(text, 0);
            self.strings.push_str(text);
            existing.len += text.len() as u32;
        } else if existing.len as usize + text.len() <= capacity {
            // The room holds ASCII filler: any byte range of it is on
            // character boundaries, and replacing it by as many bytes
            // moves nothing behind it.
            self.strings.replace_range(existing.end()..existing.end() + text.len(), text);
            existing.len += text.len() as u32;
        } else {
            // Moved with room: the copy, the text, then filler, all under
            // the hard cap (the text is cut when even it does not fit).
            let text = self.fitting(text, existing.len as usize);
            let len = existing.len as usize + text.len();
            let start = self.strings.len();
            let room = MAX_STRING_BYTES.saturating_sub(start);
            let capacity = super::node::grown_capacity(len).min(room);
            self.strings.reserve(capacity);
            // (`String::extend_from_within` needs Rust 1.87; MSRV is 1.85.)
            let moved = self.strings[existing.range()].to_string();
            self.strings.push_str(&moved);
            self.strings.push_str(text);
            self.strings.extend(std::iter::repeat_n(' ', capacity - len));
            self.growth.text_capacity.insert(node, capacity as u32);
            existing = span(start, len);
        }
        self.nodes[node.index()].data = Data::Text(existing);
        true
    }

    /// Appends `text` to `parent`, merged into a last child that is text.
    pub fn append_text(&mut self, parent: NodeId, text: &str) {
        if let Some(last) = self.nodes[parent.index()].last_child {
            if self.extend_text(last, text) {
                return;
            }
        }
        let text = self.push_string(text);
        let node = self.new_node(Data::Text(text));
        self.append_child(parent, node);
    }

    /// Inserts `text` before `sibling`, merged into a previous sibling that is text.
    pub fn insert_text_before(&mut self, sibling: NodeId, text: &str) {
        if let Some(previous) = self.nodes[sibling.index()].previous_sibling {
            if self.extend_text(previous, text) {
                return;
            }
        }
        let text = self.push_string(text);
        let node = self.new_node(Data::Text(text));
        self.insert_before(sibling, node);
    }

    /// A deep copy of `id` (with template contents), not in the tree. The
    /// copy shares the original's text and attribute storage, which never
    /// changes in place.
    pub fn clone_node_deep(&mut self, id: NodeId) -> NodeId {
        let copy = self.clone_node_shallow(id);
        // (source parent, copy parent) pairs whose children are still to copy.
        let mut work = vec![(id, copy)];
        while let Some((source, target)) = work.pop() {
            let mut child = self.first_child(source);
            while let Some(source_child) = child {
                let child_copy = self.clone_node_shallow(source_child);
                self.append_child(target, child_copy);
                work.push((source_child, child_copy));
                child = self.next_sibling(source_child);
            }
            if let (Data::Element(source_data), Data::Element(target_data)) =
                (self.nodes[source.index()].data, self.nodes[target.index()].data)
            {
                if let (Some(source_contents), Some(target_contents)) =
                    (source_data.template_contents, target_data.template_contents)
                {
                    work.push((source_contents, target_contents));
                }
            }
        }
        copy
    }

    pub(super) fn clone_node_shallow(&mut self, id: NodeId) -> NodeId {
        let mut data = self.nodes[id.index()].data;
        if let Data::Element(element) = &mut data {
            if element.template_contents.is_some() {
                element.template_contents = Some(self.new_node(Data::DocumentFragment));
            }
        }
        self.new_node(data)
    }
}
