use htmlforge::tokenizer::{ContentState, SinkResult, Token, TokenSink, Tokenizer};
struct S(usize);
impl TokenSink for S {
    fn process_token(&mut self, token: Token<'_>) -> SinkResult {
        self.0 += 1;
        match token {
            Token::StartTag(tag) => match tag.name.as_str() {
                "script" => SinkResult::SwitchTo(ContentState::ScriptData),
                "style" => SinkResult::SwitchTo(ContentState::Rawtext),
                "textarea" | "title" => SinkResult::SwitchTo(ContentState::Rcdata),
                _ => SinkResult::Continue,
            },
            _ => SinkResult::Continue,
        }
    }
}
fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut pages = vec![];
    for e in std::fs::read_dir(dir).unwrap() { let p = e.unwrap().path(); if p.extension().is_some_and(|e| e=="html") { pages.push(std::fs::read_to_string(p).unwrap()); } }
    let bytes: usize = pages.iter().map(|p| p.len()).sum();
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..60 { for p in &pages { let mut tk = Tokenizer::new(S(0)); tk.feed(p); tk.end(); n += tk.into_sink().0; } }
    let el = t.elapsed().as_secs_f64();
    println!("{n} tokens, {:.1} MB/s", 60.0 * bytes as f64 / 1e6 / el);
}
