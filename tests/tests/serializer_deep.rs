//! Both serializers stream and never recurse: a million nested elements
//! are serialized on a thread with a small stack, to `io::Write`s that
//! count what they get, and no single write is large (nothing builds the
//! whole string first).

use htmlforge::dom::{serialize_inner_html, Document, SpecSerializeOptions};
use htmlforge::generated::names::Namespace;
use htmlforge::serializer::{IoOutput, SerializeOptions, Serializer};
use htmlforge::vocab::{AttrRef, Name, QualName};

const DEPTH: usize = 1_000_000;

/// Counts bytes and remembers the largest single write.
#[derive(Default)]
struct Counter {
    bytes: usize,
    largest_write: usize,
    head: Vec<u8>,
}

impl std::io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes += buf.len();
        self.largest_write = self.largest_write.max(buf.len());
        if self.head.len() < 64 {
            self.head.extend_from_slice(&buf[..buf.len().min(64 - self.head.len())]);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `DEPTH` nested HTML `div`s (each with an attribute), then one SVG `g`
/// with text inside, built directly: the tree builder's own depth limits
/// are not what is tested here.
fn deep_document() -> Document {
    let mut document = Document::new();
    let div = QualName::new(Namespace::Html, Name::new("div"));
    let mut parent = document.document();
    for _ in 0..DEPTH {
        let element = document.create_element(&div, &[AttrRef::new("id", "x")]).unwrap();
        document.append_child(parent, element).unwrap();
        parent = element;
    }
    let g = document.create_element(&QualName::new(Namespace::Svg, Name::new("g")), &[]).unwrap();
    document.append_child(parent, g).unwrap();
    document.append_text(g, "a<b").unwrap();
    document
}

#[test]
fn a_million_nested_elements_stream_through_both_serializers() {
    let worker = std::thread::Builder::new()
        // Far less than a recursive walk would need at this depth.
        .stack_size(256 * 1024)
        .spawn(|| {
            let document = deep_document();
            let per_level = "<div id=\"x\"></div>".len();
            let inner = "<g>a&lt;b</g>".len();

            let mut spec = IoOutput(Counter::default());
            serialize_inner_html(&document, document.document(), SpecSerializeOptions::default(), &mut spec).unwrap();
            assert_eq!(spec.0.bytes, DEPTH * per_level + inner);
            assert!(spec.0.head.starts_with(b"<div id=\"x\"><div id=\"x\">"));
            assert!(spec.0.largest_write < 32, "a write of {} bytes", spec.0.largest_write);

            let mut minimizing = Serializer::new_io(Counter::default(), SerializeOptions::default());
            minimizing.write_document(&document).unwrap();
            let minimized = minimizing.finish().unwrap();
            // Minimized, values are unquoted (`id=x`) and divs keep their tags.
            assert_eq!(minimized.bytes, DEPTH * "<div id=x></div>".len() + inner);
            assert!(minimized.largest_write < 32, "a write of {} bytes", minimized.largest_write);
            drop(document);
        })
        .unwrap();
    worker.join().expect("no stack overflow");
}
