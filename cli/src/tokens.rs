//! `htmlforge tokens`: the tokens of a document, in the html5lib
//! tokenizer tests' JSON form: by default the tokens the tree builder
//! receives in a real parse, with `--raw` the tokenizer's on its own.

use std::io::Write;

use htmlforge::dom::Document;
use htmlforge::encoding::{decode, sniff, Confidence, SniffOptions};
use htmlforge::tokenizer::{
    Collector, Observed, OwnedToken, Progress, SinkResult, State, Token, TokenObserver, TokenSink, Tokenizer,
};
use htmlforge::tree_builder::{TreeBuilder, TreeBuilderOptions};
use htmlforge::ParseError;
use serde_json::{json, Map, Value};

use crate::failure::Failure;
use crate::input::{read_bytes, InputFlags, Switch};
use crate::jsonl;

/// Print the tokens of a document, one JSON array per line.
///
/// By default, the tokens the tree builder receives while it parses the
/// document: it switches the tokenizer to RCDATA, RAWTEXT and script data
/// where the standard says, so `<script>if (a<b)` gives the text `if
/// (a<b)`, not a start tag `b)`. `--raw` runs the tokenizer on its own, in
/// the data state, as the html5lib tokenizer tests do.
///
/// Tokens are in the html5lib tokenizer tests' form (adjacent characters
/// merged); the tokenizer's parse errors go to stderr, one JSON object per
/// line (`htmlforge errors` lists the tree builder's too).
///
/// Example: `echo '<p class=a>Hi' | htmlforge tokens -` prints
/// `["StartTag","p",{"class":"a"}]` and `["Character","Hi\n"]`.
///
/// With `--jsonl`, each stdin line is `{"input": "...", "initialState":
/// "RCDATA state", "lastStartTag": "textarea"}` (the last two optional,
/// named as in the tests) and each output line is `{"output": [tokens],
/// "errors": [{"code": "...", "line": 1, "col": 5}]}`: the tokenizer on its
/// own, as `--raw`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Read html5lib tokenizer test inputs as JSON lines on stdin.
    #[arg(long, conflicts_with_all = ["path", "encoding", "chunk_size", "raw", "scripting"])]
    jsonl: bool,
    /// The tokenizer on its own, without the tree builder's state switches.
    #[arg(long, conflicts_with = "scripting")]
    raw: bool,
    /// The scripting flag of the parse: on (the default), `noscript`
    /// content is raw text.
    #[arg(long, value_enum, value_name = "on|off", hide_possible_values = true)]
    scripting: Option<Switch>,
    #[command(flatten)]
    input: InputFlags,
    /// The document (none or `-`: stdin).
    #[arg(value_name = "FILE")]
    path: Option<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    if args.jsonl {
        return jsonl();
    }
    let bytes = read_bytes(args.path.as_deref().unwrap_or("-"))?;
    let text = if args.raw { args.input.decode(&bytes) } else { decode_as_the_parse_does(&args.input, &bytes) };
    let printer = Printer::new();
    let printer = if args.raw {
        let mut tokenizer = Tokenizer::new(Observed::new(Alone, printer));
        tokenizer.feed(&text);
        tokenizer.end();
        tokenizer.into_sink().observer
    } else {
        let options = TreeBuilderOptions::default().scripting(args.scripting != Some(Switch::Off));
        let builder = TreeBuilder::new(Document::new(), options);
        let mut tokenizer = Tokenizer::new(Observed::new(builder, printer));
        let mut progress = tokenizer.feed(&text);
        loop {
            match progress {
                // Scripts do not run: go on after each script end tag.
                Progress::Paused => {
                    tokenizer.sink_mut().sink.take_pending_script();
                    progress = tokenizer.resume();
                }
                Progress::NeedsInput => progress = tokenizer.end(),
                // Done, or a stop `Progress` may gain that this verb does
                // not know: the tokens so far are printed.
                _ => break,
            }
        }
        tokenizer.into_sink().observer
    };
    printer.finish()
}

/// The text of `bytes` in the encoding a parse of them ends with: the
/// sniffed one, or the one a `<meta>` past the prescan changes it to (then
/// the document is parsed once to find out, as `htmlforge encoding` does).
fn decode_as_the_parse_does(flags: &InputFlags, bytes: &[u8]) -> String {
    let options = SniffOptions::default().transport_charset(flags.encoding.as_deref());
    let sniffed = sniff(bytes, &options);
    let encoding = match sniffed.confidence {
        Confidence::Tentative => flags.parse_document(bytes, htmlforge::ParseOptions::default()).encoding.encoding,
        _ => sniffed.encoding,
    };
    decode(bytes, encoding).0.into_owned()
}

/// The sink of the tokenizer on its own: it never switches states.
struct Alone;

impl TokenSink for Alone {
    fn process_token(&mut self, _token: Token<'_>) -> SinkResult {
        SinkResult::Continue
    }
}

/// Prints each token as the tokenizer emits it (character runs merged),
/// and each parse error on stderr. The first failed write is kept and ends
/// the printing; the parse itself runs to its end.
struct Printer {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    err: std::io::BufWriter<std::io::StderrLock<'static>>,
    characters: String,
    failed: Option<std::io::Error>,
}

impl Printer {
    fn new() -> Printer {
        Printer {
            out: std::io::BufWriter::new(std::io::stdout().lock()),
            err: std::io::BufWriter::new(std::io::stderr().lock()),
            characters: String::new(),
            failed: None,
        }
    }

    fn print(&mut self, token: Value) {
        if self.failed.is_none() {
            if let Err(error) = writeln!(self.out, "{token}") {
                self.failed = Some(error);
            }
        }
    }

    fn flush_characters(&mut self) {
        if !self.characters.is_empty() {
            let run = std::mem::take(&mut self.characters);
            self.print(json!(["Character", run]));
        }
    }

    fn finish(mut self) -> Result<(), Failure> {
        self.flush_characters();
        if let Some(error) = self.failed.take() {
            return Err(error.into());
        }
        self.out.flush()?;
        self.err.flush()?;
        Ok(())
    }
}

impl TokenObserver for Printer {
    fn token(&mut self, token: Token<'_>) {
        match token {
            Token::Characters(text) => self.characters.push_str(text),
            Token::Eof => self.flush_characters(),
            token => {
                self.flush_characters();
                if let Some(json) = token_json(token) {
                    self.print(json);
                }
            }
        }
    }

    fn parse_error(&mut self, error: ParseError) {
        if self.failed.is_none() {
            if let Err(error) = writeln!(self.err, "{}", error_json(&error)) {
                self.failed = Some(error);
            }
        }
    }
}

/// A token in the tests' JSON form (`None` for the end of file, which the
/// tests do not list).
fn token_json(token: Token<'_>) -> Option<Value> {
    Some(match token {
        Token::Doctype(d) => json!(["DOCTYPE", d.name, d.public_id, d.system_id, !d.force_quirks]),
        Token::StartTag(tag) => {
            let attrs: Map<String, Value> =
                tag.attrs.iter().map(|a| (a.name().to_string(), Value::String(a.value.clone()))).collect();
            if tag.self_closing {
                json!(["StartTag", tag.name(), attrs, true])
            } else {
                json!(["StartTag", tag.name(), attrs])
            }
        }
        Token::EndTag(tag) => json!(["EndTag", tag.name()]),
        Token::Comment(text) => json!(["Comment", text]),
        Token::Characters(text) => json!(["Character", text]),
        Token::ProcessingInstruction(pi) => json!(["ProcessingInstruction", pi.target, pi.data]),
        Token::Eof => return None,
        // A token type newer than this command: named by its Rust form.
        other => json!(["Unknown", format!("{other:?}")]),
    })
}

/// A collected token in the tests' JSON form.
fn owned_token_json(token: &OwnedToken) -> Option<Value> {
    token_json(match token {
        OwnedToken::Doctype(doctype) => Token::Doctype(doctype),
        OwnedToken::StartTag(tag) => Token::StartTag(tag),
        OwnedToken::EndTag(tag) => Token::EndTag(tag),
        OwnedToken::Comment(text) => Token::Comment(text),
        OwnedToken::Characters(text) => Token::Characters(text),
        OwnedToken::ProcessingInstruction(pi) => Token::ProcessingInstruction(pi),
        // A token type newer than this command: named by its Rust form.
        other => return Some(json!(["Unknown", format!("{other:?}")])),
    })
}

fn error_json(error: &ParseError) -> Value {
    json!({"code": error.code.as_str(), "line": error.line, "col": error.col})
}

/// The states the tests name in `initialState(s)`.
fn state_named(name: &str) -> Option<State> {
    Some(match name {
        "Data state" => State::Data,
        "PLAINTEXT state" => State::Plaintext,
        "RCDATA state" => State::Rcdata,
        "RAWTEXT state" => State::Rawtext,
        "Script data state" => State::ScriptData,
        "CDATA section state" => State::CdataSection,
        _ => return None,
    })
}

fn tokenize(input: &str, state: State, last_start_tag: Option<&str>) -> Collector {
    let mut tokenizer = Tokenizer::new(Collector::default());
    tokenizer.set_state(state);
    tokenizer.set_last_start_tag(last_start_tag);
    tokenizer.feed(input);
    tokenizer.end();
    tokenizer.into_sink()
}

fn jsonl() -> Result<(), Failure> {
    jsonl::each_request(|at, request, out| {
        let input = jsonl::required_str(request, "input", at)?;
        let state_name = request.get("initialState").and_then(Value::as_str).unwrap_or("Data state");
        let state =
            state_named(state_name).ok_or_else(|| Failure::reading(at, format!("unknown state {state_name:?}")))?;
        let last_start_tag = request.get("lastStartTag").and_then(Value::as_str);
        let collected = tokenize(input, state, last_start_tag);
        let output: Vec<Value> = collected.tokens.iter().filter_map(owned_token_json).collect();
        let errors: Vec<Value> = collected.errors.iter().map(error_json).collect();
        writeln!(out, "{}", json!({"output": output, "errors": errors}))?;
        Ok(())
    })
}
