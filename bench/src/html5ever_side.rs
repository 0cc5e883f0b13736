//! html5ever: its tokenizer with a no-op sink, and its full parser into
//! RcDom (the baseline of the performance figures: html5ever 0.39 +
//! markup5ever_rcdom, bytes in, UTF-8, scripting off).

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

/// Parses `page` (bytes, decoded as UTF-8 by html5ever) into an RcDom.
pub fn parse(page: &[u8]) -> markup5ever_rcdom::RcDom {
    use html5ever_rcdom_baseline::tendril::TendrilSink;
    use html5ever_rcdom_baseline::tree_builder::TreeBuilderOpts;
    use html5ever_rcdom_baseline::ParseOpts;
    let options = ParseOpts {
        tree_builder: TreeBuilderOpts { scripting_enabled: false, ..TreeBuilderOpts::default() },
        ..ParseOpts::default()
    };
    html5ever_rcdom_baseline::parse_document(markup5ever_rcdom::RcDom::default(), options).from_utf8().one(page)
}
