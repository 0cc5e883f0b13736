//! Random sequences of DOM API calls on a parsed document, and the
//! invariants every sequence must keep: the tree stays acyclic (through
//! template contents too), its links agree, every node is either reachable
//! from a root or detached, the Document keeps the DOM's shape, a refused
//! call changes nothing, and the tree serializes.
//!
//! Input: one byte giving the markup's length, the markup, then the calls,
//! four bytes each: [call, operand, operand, operand]. Operands pick nodes
//! by arena index (modulo the node count), names from a short list or from
//! the markup's bytes.

use htmlforge::dom::{dump_html5lib, Doctype};
use htmlforge::dom::{is_valid_attribute_local_name, is_valid_element_local_name, Document, NodeData, NodeId};
use htmlforge::generated::names::Namespace;
use htmlforge::vocab::{AttrRef, Name, QualName};

/// Names to build elements and attributes with: valid ones, and ones the
/// DOM refuses.
const NAMES: [&str; 12] = ["div", "template", "p", "svg", "my-el", "td", "a b", "", "x>y", "é", "1a", "html"];

/// Runs the calls of `data` and checks the invariants after each.
pub fn run(data: &[u8]) {
    let (markup, calls) = match data.split_first() {
        Some((&length, rest)) => rest.split_at(usize::from(length).min(rest.len())),
        None => (data, data),
    };
    let mut document = htmlforge::parse_document(&String::from_utf8_lossy(markup));
    check(&document);
    // At most 256 calls: the checks after each are linear in the document.
    for call in calls.chunks(4).take(256) {
        let byte = |i: usize| call.get(i).copied().unwrap_or(0);
        let count = document.node_count();
        let node = |i: usize| document.node_at(usize::from(byte(i)) % count).unwrap();
        let (a, b, c) = (node(1), node(2), node(3));
        let name = |i: usize| NAMES[usize::from(byte(i)) % NAMES.len()];
        // The tree before a call that may be refused, to compare after.
        let before = matches!(byte(0) % 14, 0 | 1 | 2 | 10 | 11).then(|| dump_all(&document));
        let refused = match byte(0) % 14 {
            0 => document.append_child(a, b).is_err(),
            1 => document.insert_before(a, b, Some(c)).is_err(),
            2 => document.insert_before(a, b, None).is_err(),
            3 => {
                document.remove(a);
                false
            }
            4 => {
                let ns = [Namespace::Html, Namespace::Svg, Namespace::MathMl][usize::from(byte(3)) % 3];
                let qual = QualName::new(ns, Name::new(name(1)));
                let attrs = [AttrRef::new(name(2), "v")];
                match document.create_element(&qual, &attrs) {
                    Ok(_) => {
                        assert!(is_valid_element_local_name(name(1)) && is_valid_attribute_local_name(name(2)));
                        false
                    }
                    Err(_) => true,
                }
            }
            5 => {
                document.create_text_node(name(1));
                false
            }
            6 => {
                document.create_comment("c");
                false
            }
            7 => match document.set_attribute(a, name(2), "v") {
                Ok(()) => {
                    assert!(is_valid_attribute_local_name(name(2)));
                    false
                }
                Err(_) => true,
            },
            8 => {
                document.remove_attribute(a, name(2));
                false
            }
            9 => {
                document.clone_node_deep(a);
                false
            }
            10 => document.append_text(a, "t").is_err(),
            11 => document.replace_with(a, b).is_err(),
            12 => {
                document.set_text_content(a, name(2));
                false
            }
            _ => {
                document.create_doctype(Doctype {
                    name: "html".into(),
                    public_id: String::new(),
                    system_id: String::new(),
                });
                false
            }
        };
        if let (true, Some(before)) = (refused, before) {
            assert_eq!(before, dump_all(&document), "a refused call changed the tree");
        }
        check(&document);
    }
}

/// Every root's tree (the Document, then each detached node and fragment),
/// as html5lib dumps it.
fn dump_all(document: &Document) -> String {
    let mut out = dump_html5lib(document);
    for index in 1..document.node_count() {
        let node = document.node_at(index).unwrap();
        if document.parent(node).is_none() {
            out.push_str(&format!("#{index}\n{}", document.outer_html(node)));
        }
    }
    out
}

/// The invariants of a document after any sequence of calls.
pub fn check(document: &Document) {
    let count = document.node_count();
    let all: Vec<NodeId> = (0..count).map(|index| document.node_at(index).unwrap()).collect();
    // Links agree: each child's parent is the node whose child list holds
    // it, and the list reads the same backwards.
    let mut listed = vec![0usize; count];
    for &parent in &all {
        let children: Vec<NodeId> = document.children(parent).take(count + 1).collect();
        assert!(children.len() <= count, "a child list loops");
        let mut backwards: Vec<NodeId> =
            std::iter::successors(document.last_child(parent), |&n| document.previous_sibling(n))
                .take(count + 1)
                .collect();
        backwards.reverse();
        assert_eq!(children, backwards);
        for &child in &children {
            assert_eq!(document.parent(child), Some(parent));
            listed[child.index()] += 1;
        }
    }
    // Reachable or detached: a node with a parent is in its parent's list
    // exactly once; a node without one is in no list.
    for &node in &all {
        let expected = usize::from(document.parent(node).is_some());
        assert_eq!(listed[node.index()], expected, "{node:?}");
    }
    // Acyclic, through template contents too: from every node, the chain
    // of parents (and of template hosts) ends within `count` steps.
    let mut host = vec![None; count];
    for &node in &all {
        if let Some(contents) = document.element(node).and_then(|e| e.template_contents()) {
            host[contents.index()] = Some(node);
        }
    }
    for &node in &all {
        let mut current = Some(node);
        let mut steps = 0;
        while let Some(at) = current {
            steps += 1;
            assert!(steps <= count + 1, "a cycle through {node:?}");
            current = document.parent(at).or(host[at.index()]);
        }
    }
    // The Document's shape: at most one doctype then at most one element,
    // no text.
    let kinds: Vec<u8> = document
        .children(document.document())
        .filter_map(|child| match document.data(child) {
            NodeData::Doctype(_) => Some(b'd'),
            NodeData::Element(_) => Some(b'e'),
            NodeData::Text(_) => Some(b't'),
            _ => None,
        })
        .collect();
    assert!(matches!(kinds.as_slice(), [] | [b'd'] | [b'e'] | [b'd', b'e']), "document children {kinds:?}");
    // Serializing terminates (and a whole document's text too).
    let _ = dump_all(document);
    let _ = document.text_content(document.document());
}

#[cfg(test)]
mod tests {
    #[test]
    fn random_call_sequences_keep_the_invariants() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..300 {
            let markup = b"<!doctype html><template><p>t</template><table><td>x</table><div><b>y</b></div>";
            let mut data = vec![if round % 3 == 0 { 0 } else { markup.len() as u8 }];
            data.extend_from_slice(markup);
            for _ in 0..200 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                data.push(state as u8);
            }
            super::run(&data);
        }
    }
}
