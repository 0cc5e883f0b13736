//! Differential check: on the vendored real pages, htmlforge's tokenizer
//! gives the same tokens as html5ever's (both without a tree builder, so
//! neither switches to RCDATA/RAWTEXT/script data; adjacent characters
//! merged; attributes compared as sets). html5ever follows the 2025 text,
//! so htmlforge runs in its legacy mode (`<?` a bogus comment).

use std::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use htmlforge::tokenizer::{Collector, OwnedToken, Tokenizer as HtmlforgeTokenizer};

/// One token as text, the same for both tokenizers.
fn tag_text(end: bool, name: &str, mut attrs: Vec<String>, self_closing: bool) -> String {
    attrs.sort();
    if end {
        format!("</{name}>")
    } else {
        format!("<{name} {attrs:?}{}>", if self_closing { " /" } else { "" })
    }
}

fn push_text(tokens: &mut Vec<String>, text: &str) {
    match tokens.last_mut() {
        Some(last) if last.starts_with('"') => last.insert_str(last.len() - 1, text),
        _ => tokens.push(format!("\"{text}\"")),
    }
}

#[derive(Default)]
struct Html5everTokens(RefCell<Vec<String>>);

impl TokenSink for Html5everTokens {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut tokens = self.0.borrow_mut();
        match token {
            Token::TagToken(tag) => {
                let attrs = tag.attrs.iter().map(|a| format!("{}={:?}", a.name.local, &*a.value)).collect();
                tokens.push(tag_text(tag.kind == TagKind::EndTag, &tag.name, attrs, tag.self_closing));
            }
            Token::CommentToken(text) => tokens.push(format!("<!--{text}-->")),
            Token::CharacterTokens(text) => push_text(&mut tokens, &text),
            Token::NullCharacterToken => push_text(&mut tokens, "\0"),
            Token::DoctypeToken(d) => tokens.push(format!(
                "<!DOCTYPE {:?} {:?} {:?} {}>",
                d.name.as_deref(),
                d.public_id.as_deref(),
                d.system_id.as_deref(),
                d.force_quirks
            )),
            Token::EOFToken | Token::ParseError(_) => {}
        }
        TokenSinkResult::Continue
    }
}

fn html5ever_tokens(page: &str) -> Vec<String> {
    let queue = BufferQueue::default();
    queue.push_back(StrTendril::from_slice(page));
    // A byte order mark is the decoder's business, not the tokenizer's.
    let options = TokenizerOpts { discard_bom: false, ..TokenizerOpts::default() };
    let tokenizer = Tokenizer::new(Html5everTokens::default(), options);
    let _ = tokenizer.feed(&queue);
    tokenizer.end();
    tokenizer.sink.0.take()
}

fn htmlforge_tokens(page: &str) -> Vec<String> {
    let mut tokenizer = HtmlforgeTokenizer::new(Collector::default());
    tokenizer.set_legacy_processing_instructions(true);
    tokenizer.feed(page);
    tokenizer.end();
    let mut tokens = Vec::new();
    for token in tokenizer.into_sink().tokens {
        match token {
            OwnedToken::StartTag(tag) => {
                let attrs = tag.attrs.iter().map(|a| format!("{}={:?}", a.name(), a.value)).collect();
                tokens.push(tag_text(false, tag.name(), attrs, tag.self_closing));
            }
            OwnedToken::EndTag(tag) => tokens.push(tag_text(true, tag.name(), Vec::new(), false)),
            OwnedToken::Comment(text) => tokens.push(format!("<!--{text}-->")),
            OwnedToken::Characters(text) => push_text(&mut tokens, &text),
            OwnedToken::Doctype(d) => tokens.push(format!(
                "<!DOCTYPE {:?} {:?} {:?} {}>",
                d.name.as_deref(),
                d.public_id.as_deref(),
                d.system_id.as_deref(),
                d.force_quirks
            )),
            other => panic!("a token the legacy mode does not produce: {other:?}"),
        }
    }
    tokens
}

#[test]
fn the_corpus_tokenizes_as_html5ever_does() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut pages: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    assert!(pages.len() >= 10);
    for path in pages {
        let page = std::fs::read_to_string(&path).unwrap();
        let theirs = html5ever_tokens(&page);
        let ours = htmlforge_tokens(&page);
        assert!(ours.len() > 100, "{}: too few tokens to compare", path.display());
        let first = theirs.iter().zip(&ours).position(|(a, b)| a != b);
        assert!(
            first.is_none() && theirs.len() == ours.len(),
            "{}: differs at token {first:?} of {}/{}",
            path.display(),
            theirs.len(),
            ours.len()
        );
    }
}
