//! html5gum's tokenizer with its default emitter.

/// Tokenizes `page`; returns the number of tokens.
pub fn tokenize(page: &str) -> usize {
    let mut tokens = 0;
    for token in html5gum::Tokenizer::new(page) {
        std::hint::black_box(&token);
        tokens += 1;
    }
    tokens
}
