//! `htmlforge warc`: the text or selector matches of every response record
//! of a WARC file, on every core, in record order.

use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use htmlforge_crawl::warc::{decompressed, Reader, Record};
use htmlforge_crawl::{Page, Selector, Take};
use serde_json::json;

use crate::failure::Failure;

/// Print the visible text, or the selector matches, of every response
/// record of a WARC file (`.warc` or `.warc.gz`) as one JSON line each:
/// `{"uri": ..., "text": ...}` with `--text`, `{"uri": ..., "matches":
/// [...]}` with `--select` (each match's visible text, or its `--attr`
/// value: matches without the attribute are left out).
///
/// Each payload is parsed with the HTTP charset of its response and with
/// the limits for untrusted input. Records are parsed on every core
/// (`--threads`) and printed in their order in the file. On a terminal,
/// stderr shows the progress.
///
/// Example: `htmlforge warc crawl.warc.gz --select 'a[href]' --attr href`
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print each record's visible text.
    #[arg(long, required_unless_present = "select", conflicts_with = "select")]
    text: bool,
    /// Print what matches this selector list in each record.
    #[arg(long, value_name = "SELECTOR", value_parser = parse_selector)]
    select: Option<Selector>,
    /// With --select: print this attribute of each match instead of its text.
    #[arg(long, value_name = "NAME", requires = "select")]
    attr: Option<String>,
    /// Threads that parse (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// The WARC file (`-`: stdin).
    #[arg(value_name = "FILE", default_value = "-")]
    path: String,
}

fn parse_selector(selector: &str) -> Result<Selector, String> {
    Selector::parse(selector).map_err(|error| format!("{} (column {})", error.message(), error.column()))
}

/// Records read ahead of the one printed next, at most per thread: the
/// memory held is this many records per thread, whatever the file.
const WINDOW_PER_THREAD: usize = 8;

/// How often the progress line is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

impl Args {
    /// The JSON line of one record.
    fn answer(&self, record: &Record) -> String {
        let page = Page::parse(record.payload(), record.http_charset());
        let uri = record.target_uri();
        let line = match &self.select {
            None => json!({ "uri": uri, "text": page.text() }),
            Some(selector) => {
                let take = self.attr.as_deref().map_or(Take::Text, Take::Attr);
                json!({ "uri": uri, "matches": page.select(selector, take) })
            }
        };
        line.to_string()
    }

    fn threads(&self) -> usize {
        match self.threads {
            Some(threads) => usize::from(threads),
            None => thread::available_parallelism().map_or(1, |cores| cores.get()),
        }
    }
}

pub fn run(args: Args) -> Result<(), Failure> {
    let reader = open(&args.path).map_err(|error| Failure::reading(&args.path, error))?;
    let threads = args.threads();
    let window = threads * WINDOW_PER_THREAD;
    // One reader thread inflates and splits records; `threads` workers
    // parse; this thread prints in record order. A permit is taken for each
    // record read and given back when it is printed, so at most `window`
    // records are anywhere between the file and stdout.
    let (permit_sender, permits) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        permit_sender.send(()).expect("the channel holds the window");
    }
    let (record_sender, records) = mpsc::sync_channel::<(usize, Record)>(window);
    let (answer_sender, answers) = mpsc::channel::<Answer>();
    thread::scope(|scope| {
        let read = scope.spawn(move || read_responses(reader, &permits, &record_sender));
        let records = Arc::new(Mutex::new(records));
        for _ in 0..threads {
            let (records, answers, args) = (Arc::clone(&records), answer_sender.clone(), &args);
            scope.spawn(move || parse_records(args, &records, &answers));
        }
        drop(answer_sender);
        let printed = print_in_order(&answers, &permit_sender);
        // A closed stdout stops the printing: the reader then waits for a
        // permit that never comes, so the permits go first.
        drop(permit_sender);
        drop(answers);
        let read = read.join().expect("the reader thread does not panic");
        printed?;
        read.map_err(|error| Failure::reading(&args.path, error))
    })
}

/// The records of the file at `path`, or of stdin for `-`.
fn open(path: &str) -> std::io::Result<Reader<Box<dyn BufRead + Send>>> {
    if path == "-" {
        Ok(Reader::new(decompressed(BufReader::new(std::io::stdin()))?))
    } else {
        Reader::open(path)
    }
}

/// Sends each response record with its number, taking a permit first.
fn read_responses(
    reader: Reader<Box<dyn BufRead + Send>>,
    permits: &Receiver<()>,
    records: &SyncSender<(usize, Record)>,
) -> std::io::Result<()> {
    let mut number = 0;
    for record in reader {
        let record = record?;
        if record.warc_type() != "response" {
            continue;
        }
        if permits.recv().is_err() || records.send((number, record)).is_err() {
            break;
        }
        number += 1;
    }
    Ok(())
}

/// A record's JSON line, with its number and its payload's size.
struct Answer {
    number: usize,
    line: String,
    payload_bytes: usize,
}

fn parse_records(args: &Args, records: &Mutex<Receiver<(usize, Record)>>, answers: &mpsc::Sender<Answer>) {
    loop {
        let next = records.lock().expect("no thread panics holding the lock").recv();
        let Ok((number, record)) = next else { return };
        let answer = Answer { number, line: args.answer(&record), payload_bytes: record.payload().len() };
        if answers.send(answer).is_err() {
            return;
        }
    }
}

/// Prints the answers in record order as they come in, giving back a
/// permit for each; draws the progress on a terminal.
fn print_in_order(answers: &Receiver<Answer>, permits: &SyncSender<()>) -> Result<(), Failure> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut waiting = std::collections::BTreeMap::new();
    let mut progress = Progress::new();
    let mut next = 0;
    for answer in answers {
        waiting.insert(answer.number, answer);
        while let Some(answer) = waiting.remove(&next) {
            out.write_all(answer.line.as_bytes())?;
            out.write_all(b"\n")?;
            next += 1;
            // The reader is gone once the input ends: no permit is needed.
            let _ = permits.try_send(());
            progress.printed(answer.payload_bytes);
        }
    }
    out.flush()?;
    progress.finish(next);
    Ok(())
}

/// The progress line on stderr, when stderr is a terminal.
struct Progress {
    shown: bool,
    started: Instant,
    drawn: Instant,
    records: usize,
    payload_bytes: usize,
}

impl Progress {
    fn new() -> Progress {
        let now = Instant::now();
        Progress { shown: std::io::stderr().is_terminal(), started: now, drawn: now, records: 0, payload_bytes: 0 }
    }

    fn printed(&mut self, payload_bytes: usize) {
        self.records += 1;
        self.payload_bytes += payload_bytes;
        if self.shown && self.drawn.elapsed() >= PROGRESS_EVERY {
            self.drawn = Instant::now();
            eprint!("\r{}", self.line());
        }
    }

    fn finish(&self, records: usize) {
        if self.shown {
            eprintln!("\r{} ({records} records)", self.line());
        }
    }

    /// Records and megabytes of payload so far, and the rate.
    fn line(&self) -> String {
        let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
        let megabytes = self.payload_bytes as f64 / 1e6;
        format!("{} records, {megabytes:.1} MB of HTML, {:.1} MB/s  ", self.records, megabytes / seconds)
    }
}
