//! The `inject_meta_charset` option: make the document declare the
//! encoding it is written in, as html5lib's `inject_meta_charset` filter
//! does.
//!
//! Inside `head`, `<meta charset>` gets the encoding's name and
//! `<meta http-equiv=content-type content=…>` gets
//! `text/html; charset=NAME`. If `head` has neither, `<meta charset=NAME>`
//! becomes its first child. Whether it has one is known only at `</head>`,
//! so the content of `head` is held back until then (or the end of input).

use crate::tokenizer::Attribute;

use super::event::{Event, Namespace};

/// An [`Event`] that owns its strings, for events held back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OwnedEvent {
    Doctype { name: String, public_id: String, system_id: String },
    StartTag { namespace: Namespace, name: String, attrs: Vec<Attribute> },
    EndTag { namespace: Namespace, name: String },
    Text(String),
    Comment(String),
    ProcessingInstruction { target: String, data: String },
}

impl OwnedEvent {
    pub fn new(event: Event<'_>) -> OwnedEvent {
        match event {
            Event::Doctype { name, public_id, system_id } => {
                OwnedEvent::Doctype { name: name.into(), public_id: public_id.into(), system_id: system_id.into() }
            }
            Event::StartTag { namespace, name, attrs } => {
                OwnedEvent::StartTag { namespace, name: name.into(), attrs: attrs.to_vec() }
            }
            Event::EndTag { namespace, name } => OwnedEvent::EndTag { namespace, name: name.into() },
            Event::Text(text) => OwnedEvent::Text(text.into()),
            Event::Comment(text) => OwnedEvent::Comment(text.into()),
            Event::ProcessingInstruction { target, data } => {
                OwnedEvent::ProcessingInstruction { target: target.into(), data: data.into() }
            }
        }
    }

    pub fn as_event(&self) -> Event<'_> {
        match self {
            OwnedEvent::Doctype { name, public_id, system_id } => Event::Doctype { name, public_id, system_id },
            OwnedEvent::StartTag { namespace, name, attrs } => Event::StartTag { namespace: *namespace, name, attrs },
            OwnedEvent::EndTag { namespace, name } => Event::EndTag { namespace: *namespace, name },
            OwnedEvent::Text(text) => Event::Text(text),
            OwnedEvent::Comment(text) => Event::Comment(text),
            OwnedEvent::ProcessingInstruction { target, data } => Event::ProcessingInstruction { target, data },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// Where the events are relative to `head`.
enum Position {
    Before,
    Inside,
    After,
}

#[derive(Debug)]
pub(crate) struct MetaCharset {
    encoding: String,
    place: Position,
    /// Whether a meta element now declares the encoding.
    declared: bool,
    /// `head`'s start tag and content, held back until `</head>`.
    held: Vec<OwnedEvent>,
}

impl MetaCharset {
    pub fn new(encoding: &str) -> MetaCharset {
        MetaCharset { encoding: encoding.to_string(), place: Position::Before, declared: false, held: Vec::new() }
    }

    /// Takes one event; passes on what can be written now to `emit`.
    pub fn process<E>(&mut self, event: Event<'_>, emit: &mut impl FnMut(Event<'_>) -> Result<(), E>) -> Result<(), E> {
        match event {
            Event::StartTag { namespace: Namespace::Html, name: "head", .. } => self.place = Position::Inside,
            Event::StartTag { namespace: Namespace::Html, name: "meta", attrs } => {
                let meta = OwnedEvent::StartTag {
                    namespace: Namespace::Html,
                    name: "meta".into(),
                    attrs: self.declare(attrs),
                };
                return self.route(meta.as_event(), emit);
            }
            Event::EndTag { namespace: Namespace::Html, name: "head" } if !self.held.is_empty() => {
                self.release(emit)?;
                self.place = Position::After;
            }
            _ => {}
        }
        self.route(event, emit)
    }

    /// Releases what is still held at the end of the input.
    pub fn finish<E>(&mut self, emit: &mut impl FnMut(Event<'_>) -> Result<(), E>) -> Result<(), E> {
        if self.held.is_empty() {
            return Ok(());
        }
        self.release(emit)
    }

    fn route<E>(&mut self, event: Event<'_>, emit: &mut impl FnMut(Event<'_>) -> Result<(), E>) -> Result<(), E> {
        if self.place == Position::Inside {
            self.held.push(OwnedEvent::new(event));
            Ok(())
        } else {
            emit(event)
        }
    }

    /// `head`'s start tag, the injected meta if needed, then the rest.
    fn release<E>(&mut self, emit: &mut impl FnMut(Event<'_>) -> Result<(), E>) -> Result<(), E> {
        let held = std::mem::take(&mut self.held);
        let mut events = held.iter();
        if let Some(head) = events.next() {
            emit(head.as_event())?;
        }
        if !self.declared {
            let charset = [Attribute::new("charset", self.encoding.clone())];
            emit(Event::StartTag { namespace: Namespace::Html, name: "meta", attrs: &charset })?;
            self.declared = true;
        }
        for event in events {
            emit(event.as_event())?;
        }
        Ok(())
    }

    /// The attributes of a meta element, rewritten to declare the encoding.
    fn declare(&mut self, attrs: &[Attribute]) -> Vec<Attribute> {
        let mut attrs = attrs.to_vec();
        if let Some(charset) = attrs.iter_mut().find(|a| a.name.eq_ignore_ascii_case("charset")) {
            charset.value.clone_from(&self.encoding);
            self.declared = true;
            return attrs;
        }
        let content_type = attrs.iter().any(|a| a.name == "http-equiv" && a.value.eq_ignore_ascii_case("content-type"));
        if content_type {
            if let Some(content) = attrs.iter_mut().find(|a| a.name == "content") {
                content.value = format!("text/html; charset={}", self.encoding);
                self.declared = true;
            }
        }
        attrs
    }
}

#[cfg(test)]
mod tests {
    use super::super::{serialize_to_string, SerializeOptions};
    use super::*;

    fn inject(events: &[Event<'_>]) -> String {
        let options = SerializeOptions {
            inject_meta_charset: Some("utf-8".into()),
            omit_optional_tags: false,
            ..SerializeOptions::default()
        };
        serialize_to_string(events.iter().copied(), &options)
    }

    fn start<'a>(name: &'a str, attrs: &'a [Attribute]) -> Event<'a> {
        Event::StartTag { namespace: Namespace::Html, name, attrs }
    }

    fn end(name: &str) -> Event<'_> {
        Event::EndTag { namespace: Namespace::Html, name }
    }

    fn attr(name: &str, value: &str) -> Attribute {
        Attribute::new(name, value)
    }

    #[test]
    fn adds_a_meta_first_in_head_when_none_declares_the_encoding() {
        assert_eq!(
            inject(&[start("head", &[]), start("title", &[]), Event::Text("t"), end("title"), end("head")]),
            "<head><meta charset=utf-8><title>t</title></head>"
        );
    }

    #[test]
    fn rewrites_a_later_charset_instead_of_adding_one() {
        let robots = [attr("name", "robots")];
        let charset = [attr("charset", "latin1")];
        assert_eq!(
            inject(&[start("head", &[]), start("meta", &robots), start("meta", &charset), end("head")]),
            "<head><meta name=robots><meta charset=utf-8></head>"
        );
    }

    #[test]
    fn rewrites_content_type() {
        let http_equiv = [attr("http-equiv", "Content-Type"), attr("content", "text/html; charset=latin1")];
        assert_eq!(
            inject(&[start("head", &[]), start("meta", &http_equiv), end("head")]),
            "<head><meta http-equiv=Content-Type content=\"text/html; charset=utf-8\"></head>"
        );
    }

    #[test]
    fn an_unclosed_head_is_released_at_the_end() {
        assert_eq!(inject(&[start("head", &[]), Event::Comment("c")]), "<head><meta charset=utf-8><!--c-->");
    }

    #[test]
    fn without_head_nothing_is_added() {
        assert_eq!(inject(&[start("p", &[]), Event::Text("x"), end("p")]), "<p>x</p>");
    }
}
