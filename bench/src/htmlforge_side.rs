//! htmlforge: its tokenizer with a sink that steers like a tree builder
//! (after `script`, `style`, `textarea` and `title` start tags it switches
//! to the state the tree builder would), and its full parser into the
//! built-in DOM (bytes in, UTF-8, scripting off).

use htmlforge::generated::names::local_names;
use htmlforge::tokenizer::{ContentState, SinkResult, Token, TokenSink, Tokenizer};

#[derive(Default)]
struct Steering {
    tokens: usize,
}

impl TokenSink for Steering {
    fn process_token(&mut self, token: Token<'_>) -> SinkResult {
        self.tokens += 1;
        match token {
            // The name as the tree builder matches it: interned by the tokenizer.
            Token::StartTag(tag) => match tag.known_name() {
                Some(local_names::SCRIPT) => SinkResult::SwitchTo(ContentState::ScriptData),
                Some(local_names::STYLE) => SinkResult::SwitchTo(ContentState::Rawtext),
                Some(local_names::TEXTAREA | local_names::TITLE) => SinkResult::SwitchTo(ContentState::Rcdata),
                _ => SinkResult::Continue,
            },
            _ => SinkResult::Continue,
        }
    }
}

/// Tokenizes `page`; returns the number of tokens.
pub fn tokenize(page: &str) -> usize {
    let mut tokenizer = Tokenizer::new(Steering::default());
    tokenizer.feed(page);
    tokenizer.end();
    tokenizer.into_sink().tokens
}

/// Parses `page` (bytes, UTF-8 as a transport layer would declare it, as
/// html5ever's side is told; scripting off, as html5ever's side) into the
/// built-in DOM.
pub fn parse(page: &[u8]) -> htmlforge::dom::Document {
    let options = htmlforge::ByteParseOptions::default()
        .parse(htmlforge::ParseOptions::default().scripting(false))
        .transport_charset(Some("utf-8"));
    htmlforge::parse_bytes(page, options).document
}
