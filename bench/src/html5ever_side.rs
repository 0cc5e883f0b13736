//! html5ever's tokenizer with a no-op sink.

use std::cell::Cell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{BufferQueue, Token, TokenSink, TokenSinkResult, Tokenizer};

#[derive(Default)]
struct Noop {
    tokens: Cell<usize>,
}

impl TokenSink for Noop {
    type Handle = ();

    fn process_token(&self, token: Token, _line_number: u64) -> TokenSinkResult<()> {
        std::hint::black_box(&token);
        self.tokens.set(self.tokens.get() + 1);
        TokenSinkResult::Continue
    }
}

/// Tokenizes `page`; returns the number of tokens.
pub fn tokenize(page: &str) -> usize {
    let queue = BufferQueue::default();
    queue.push_back(StrTendril::from_slice(page));
    let tokenizer = Tokenizer::new(Noop::default(), Default::default());
    let _ = tokenizer.feed(&queue);
    tokenizer.end();
    tokenizer.sink.tokens.get()
}
