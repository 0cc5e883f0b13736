//! How a tree builder steers the tokenizer: state switches, pauses,
//! document.write, foreign content, fragment parsing.

use super::*;

/// Records tokens as strings and steers like a tree builder would.
#[derive(Default)]
struct Steering {
    log: Vec<String>,
    foreign: bool,
    pause_after_script_end: bool,
}

impl TokenSink for Steering {
    fn process_token(&mut self, token: Token<'_>) -> SinkResult {
        match token {
            Token::StartTag(tag) => {
                self.log.push(format!("<{}>", tag.name));
                match tag.name.as_str() {
                    "title" | "textarea" => return SinkResult::SwitchTo(ContentState::Rcdata),
                    "style" => return SinkResult::SwitchTo(ContentState::Rawtext),
                    "script" => return SinkResult::SwitchTo(ContentState::ScriptData),
                    "plaintext" => return SinkResult::SwitchTo(ContentState::Plaintext),
                    _ => {}
                }
            }
            Token::EndTag(tag) => {
                self.log.push(format!("</{}>", tag.name));
                if tag.name == "script" && self.pause_after_script_end {
                    return SinkResult::Pause;
                }
            }
            Token::Characters(text) => match self.log.last_mut() {
                Some(last) if last.starts_with('"') => {
                    last.pop();
                    last.push_str(text);
                    last.push('"');
                }
                _ => self.log.push(format!("\"{text}\"")),
            },
            Token::Comment(text) => self.log.push(format!("<!--{text}-->")),
            Token::ProcessingInstruction(pi) => self.log.push(format!("<?{} {}?>", pi.target, pi.data)),
            Token::Doctype(d) => self.log.push(format!("<!DOCTYPE {:?}>", d.name)),
            Token::Eof => self.log.push("EOF".into()),
        }
        SinkResult::Continue
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.foreign
    }
}

fn run(sink: Steering, input: &str) -> Vec<String> {
    let mut tokenizer = Tokenizer::new(sink);
    tokenizer.feed(input);
    tokenizer.end();
    tokenizer.into_sink().log
}

#[test]
fn switch_to_makes_markup_text() {
    let log = run(Steering::default(), "<title>a<b>&amp;</title><style>x<y</style><p>");
    assert_eq!(log, ["<title>", "\"a<b>&\"", "</title>", "<style>", "\"x<y\"", "</style>", "<p>", "EOF"]);
}

#[test]
fn plaintext_never_ends() {
    let log = run(Steering::default(), "<plaintext></plaintext>");
    assert_eq!(log, ["<plaintext>", "\"</plaintext>\"", "EOF"]);
}

#[test]
fn cdata_opens_only_in_foreign_content() {
    let html = run(Steering::default(), "<![CDATA[x]]>");
    assert_eq!(html, ["<!--[CDATA[x]]-->", "EOF"]);
    let svg = run(Steering { foreign: true, ..Steering::default() }, "<![CDATA[x<y]]>");
    assert_eq!(svg, ["\"x<y\"", "EOF"]);
}

#[test]
fn pause_then_write_at_the_insertion_point() {
    let sink = Steering { pause_after_script_end: true, ..Steering::default() };
    let mut tokenizer = Tokenizer::new(sink);
    assert_eq!(tokenizer.feed("<script>w()</script><b>after"), Progress::Paused);
    assert_eq!(tokenizer.sink().log, ["<script>", "\"w()\"", "</script>"]);
    tokenizer.insert_at_insertion_point("<i>written</i>");
    assert_eq!(tokenizer.resume(), Progress::NeedsInput);
    assert_eq!(tokenizer.end(), Progress::Done);
    assert_eq!(
        tokenizer.into_sink().log,
        ["<script>", "\"w()\"", "</script>", "<i>", "\"written\"", "</i>", "<b>", "\"after\"", "EOF"]
    );
}

#[test]
fn fragment_parsing_sets_state_and_last_start_tag() {
    let mut tokenizer = Tokenizer::new(Steering::default());
    tokenizer.set_state(State::Rcdata);
    tokenizer.set_last_start_tag(Some("textarea"));
    tokenizer.feed("a</b></textarea>c");
    tokenizer.end();
    assert_eq!(tokenizer.into_sink().log, ["\"a</b>\"", "</textarea>", "\"c\"", "EOF"]);
}

#[test]
fn errors_across_chunks_keep_their_positions() {
    let mut tokenizer = Tokenizer::new(Collector::default());
    for chunk in ["a\r", "\nb\u{1F600}", "\0<", "/>"] {
        tokenizer.feed(chunk);
    }
    tokenizer.end();
    let errors: Vec<(&str, u32, u32)> =
        tokenizer.sink().errors.iter().map(|e| (e.code.as_str(), e.line, e.col)).collect();
    assert_eq!(errors, [("unexpected-null-character", 2, 4), ("missing-end-tag-name", 2, 7)]);
}

#[test]
fn deep_or_long_input_neither_recurses_nor_hangs() {
    let input = "<div>".repeat(100_000) + &"&amp".repeat(10_000) + &"<!--".repeat(10_000);
    let collected = tokenize_with_errors(&input);
    // 100,000 tags, one run of text, and the comment that EOF closes.
    assert_eq!(collected.tokens.len(), 100_002);
}

#[test]
fn many_attributes_stay_linear() {
    let mut input = String::from("<a");
    for i in 0..60_000 {
        input.push_str(&format!(" a{} x{i}", i % 40_000));
    }
    input.push('>');
    let collected = tokenize_with_errors(&input);
    let OwnedToken::StartTag(tag) = &collected.tokens[0] else { panic!("a start tag") };
    // 40,000 distinct names and 40,000 x names; 20,000 repeats are dropped.
    assert_eq!(tag.attrs.len(), 100_000);
    assert_eq!(collected.errors.len(), 20_000);
    assert_eq!(tag.attr("a5"), Some(""));
}

#[test]
fn many_errors_on_one_long_line_stay_linear() {
    // Input-stream and tokenizer errors interleaved on one 1.2 MB line:
    // positions are found from the last one, never from the line start.
    let input = "\u{1}&#0;<>\0&notin &x;<a b b>".repeat(40_000);
    let start = std::time::Instant::now();
    let collected = tokenize_with_errors(&input);
    assert!(collected.errors.len() >= 240_000);
    assert!(collected.errors.windows(2).all(|w| (w[0].line, w[0].col) <= (w[1].line, w[1].col)));
    assert!(start.elapsed() < std::time::Duration::from_secs(20), "took {:?}", start.elapsed());
}

#[test]
fn input_after_the_end_is_ignored() {
    let mut tokenizer = Tokenizer::new(Collector::default());
    assert_eq!(tokenizer.feed("<a>"), Progress::NeedsInput);
    assert_eq!(tokenizer.end(), Progress::Done);
    assert_eq!(tokenizer.feed("<b>"), Progress::Done);
    assert_eq!(tokenizer.end(), Progress::Done);
    assert_eq!(tokenizer.sink().tokens.len(), 1);
}

/// The text of each character token the sink receives.
#[derive(Default)]
struct TextRuns(Vec<String>);

impl TokenSink for TextRuns {
    fn process_token(&mut self, token: Token<'_>) -> SinkResult {
        if let Token::Characters(text) = token {
            self.0.push(text.to_string());
        }
        SinkResult::Continue
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        false
    }
}

fn text_runs(input: &str) -> Vec<String> {
    let mut tokenizer = Tokenizer::new(TextRuns::default());
    tokenizer.feed(input);
    tokenizer.end();
    tokenizer.into_sink().0
}

#[test]
fn text_around_character_references_reaches_the_sink_as_one_run() {
    assert_eq!(text_runs("<p>a &lt; b &amp;&amp; c</p>x &copy;"), ["a < b && c", "x \u{a9}"]);
    assert_eq!(text_runs("<pre>if (a&lt;b) x = &#60; 1; &notit;</pre>"), ["if (a<b) x = < 1; \u{ac}it;"]);
    // Pending input-stream errors (here a control character's) keep the
    // pieces apart, so that each error still comes before the text after it.
    assert_eq!(text_runs("a &lt; b\u{1}c"), ["a ", "<", " b\u{1}c"]);
    // A long run after a reference is handed on by itself: the owned text
    // stays bounded.
    let long = "x".repeat(machine::OWNED_TEXT_LIMIT);
    assert_eq!(text_runs(&format!("a&lt;{long}")), ["a<".to_string(), long]);
}
