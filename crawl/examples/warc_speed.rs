//! The Rust side of `python/bench/crawl.py`: megabytes of HTML per second
//! on one thread for four ways through a WARC file, best of `ROUNDS`:
//!
//! - `read`: the records read (gzip inflated), payloads touched;
//! - `read+text`: and each response's visible text ([`htmlforge_crawl::text`]);
//! - `text`: the visible text of payloads already in memory;
//! - `batch text`: the same payloads as one Arrow `BinaryArray` through
//!   `batch::text` on the calling thread.
//!
//! `cargo run --release -p htmlforge-crawl --all-features --example warc_speed -- FILE.warc.gz [ROUNDS]`
//! prints one `name<TAB>MB/s` line each. The time is the thread's CPU
//! time where Linux tells it (`/proc/thread-self/schedstat`), so that
//! other processes on a shared machine do not count; else wall time.

use std::time::Instant;

/// Seconds this thread has run on a CPU, or since `start` when the
/// system does not tell.
fn thread_seconds(start: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|stat| stat.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| start.elapsed().as_secs_f64(), |nanos| nanos as f64 / 1e9)
}

use arrow_array::BinaryArray;
use htmlforge_crawl::batch::{self, Payloads, Threads};
use htmlforge_crawl::warc::Reader;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: warc_speed FILE.warc[.gz] [ROUNDS]")?;
    let rounds: usize = args.next().map(|rounds| rounds.parse()).transpose()?.unwrap_or(5);

    let mut payloads: Vec<(Vec<u8>, Option<String>)> = Vec::new();
    for record in Reader::open(&path)? {
        let record = record?;
        if record.warc_type() == "response" {
            payloads.push((record.payload().to_vec(), record.http_charset().map(str::to_string)));
        }
    }
    let html_bytes: usize = payloads.iter().map(|(payload, _)| payload.len()).sum();
    let best = |job: &mut dyn FnMut() -> usize| -> f64 {
        (0..rounds)
            .map(|_| {
                let clock = Instant::now();
                let started = thread_seconds(clock);
                std::hint::black_box(job());
                html_bytes as f64 / 1e6 / (thread_seconds(clock) - started)
            })
            .fold(0.0, f64::max)
    };
    let path = path.as_str();
    let read = |text: bool| {
        move || {
            let mut sum = 0;
            for record in Reader::open(path).expect("the file opens") {
                let record = record.expect("the file reads");
                if record.warc_type() == "response" {
                    sum += if text {
                        htmlforge_crawl::text(record.payload(), record.http_charset()).len()
                    } else {
                        record.payload().len()
                    };
                }
            }
            sum
        }
    };
    let array = BinaryArray::from_iter_values(payloads.iter().map(|(payload, _)| payload));
    let charsets: arrow_array::StringArray = payloads.iter().map(|(_, charset)| charset.as_deref()).collect();
    let in_batch = Payloads::new(&array)?.charsets(&charsets)?;

    println!("read\t{:.0}", best(&mut read(false)));
    println!("read+text\t{:.0}", best(&mut read(true)));
    println!(
        "text\t{:.0}",
        best(&mut || payloads
            .iter()
            .map(|(payload, charset)| htmlforge_crawl::text(payload, charset.as_deref()).len())
            .sum())
    );
    println!(
        "batch text\t{:.0}",
        best(&mut || batch::text(&in_batch, Threads::One).expect("the batch runs").get_array_memory_size())
    );
    Ok(())
}
