//! The records of a WARC file (ISO 28500: `.warc`, or `.warc.gz` with any
//! gzip framing, one member per record as crawlers write them or one for
//! the whole file), one at a time, with the HTTP response inside each
//! `response` record taken apart: status, `Content-Type`, charset,
//! payload.
//!
//! The header block is parsed by the [`warc`](https://docs.rs/warc) crate's
//! record-header parser; its reader is not used, because it reads gzip
//! through libflate and copies each block, where this one inflates with
//! flate2 on zlib-rs and reads each block once, into the record's own
//! buffer. `Transfer-Encoding: chunked` bodies are returned as they are
//! stored (crawlers such as Common Crawl store them de-chunked).
//!
//! ```
//! use htmlforge_crawl::warc::Reader;
//!
//! let warc = b"WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.com/\r\n\
//!     Content-Type: application/http; msgtype=response\r\nContent-Length: 71\r\n\r\n\
//!     HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=iso-8859-1\r\n\r\n<p>caf\xE9\r\n\r\n";
//! let mut records = Reader::new(&warc[..]);
//! let record = records.next().unwrap()?;
//! assert_eq!(record.warc_type(), "response");
//! assert_eq!(record.target_uri(), Some("https://example.com/"));
//! assert_eq!(record.http_status(), Some(200));
//! assert_eq!(record.http_charset(), Some("iso-8859-1"));
//! assert_eq!(htmlforge_crawl::text(record.payload(), record.http_charset()), "café");
//! assert!(records.next().is_none());
//! # Ok::<(), std::io::Error>(())
//! ```

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;
use std::path::Path;

use flate2::bufread::MultiGzDecoder;

/// The largest header block read (a record whose headers run longer is an
/// error, not an allocation without end).
const MAX_HEADER_BYTES: usize = 1 << 20;

/// The buffer of the file's reader, and of the inflater's output.
const BUFFER_BYTES: usize = 1 << 18;

/// One WARC record: its named headers and its block, and for a `response`
/// record whose block is an HTTP response, that response's parts.
#[derive(Debug, Clone)]
pub struct Record {
    warc_type: String,
    target_uri: Option<String>,
    headers: Vec<(String, String)>,
    block: Vec<u8>,
    http: Option<Http>,
}

/// Where an HTTP response's parts lie in a record's block.
#[derive(Debug, Clone)]
struct Http {
    status: u16,
    content_type: Option<Range<usize>>,
    payload: Range<usize>,
}

impl Record {
    /// The `WARC-Type` (`"response"`, `"request"`, `"metadata"`,
    /// `"warcinfo"`…; empty when missing).
    pub fn warc_type(&self) -> &str {
        &self.warc_type
    }

    /// The `WARC-Target-URI`, without the angle brackets WARC 1.0's
    /// examples put around it.
    pub fn target_uri(&self) -> Option<&str> {
        self.target_uri.as_deref()
    }

    /// The value of the WARC header `name` (compared ASCII
    /// case-insensitively), as text (bytes that are not UTF-8 replaced).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    /// The record's whole block (for a response: the HTTP status line,
    /// headers and payload).
    pub fn block(&self) -> &[u8] {
        &self.block
    }

    /// The HTTP status code of a response record.
    pub fn http_status(&self) -> Option<u16> {
        self.http.as_ref().map(|http| http.status)
    }

    /// The HTTP `Content-Type` of a response record.
    pub fn http_content_type(&self) -> Option<&str> {
        let range = self.http.as_ref()?.content_type.clone()?;
        std::str::from_utf8(&self.block[range]).ok()
    }

    /// The charset label of the HTTP `Content-Type`, if it names one.
    pub fn http_charset(&self) -> Option<&str> {
        crate::charset_from_content_type(self.http_content_type()?)
    }

    /// The payload: a response's HTTP body, any other record's block.
    pub fn payload(&self) -> &[u8] {
        match &self.http {
            Some(http) => &self.block[http.payload.clone()],
            None => &self.block,
        }
    }

    /// The record's block, which [`Record::payload`] borrows from.
    pub fn into_block(self) -> Vec<u8> {
        self.block
    }
}

/// The records of a WARC stream, in order.
pub struct Reader<R> {
    input: R,
    line: Vec<u8>,
    failed: bool,
}

impl Reader<Box<dyn BufRead + Send>> {
    /// The records of the file at `path`: gzip or not, as its first two
    /// bytes say.
    pub fn open(path: impl AsRef<Path>) -> io::Result<Reader<Box<dyn BufRead + Send>>> {
        Ok(Reader::new(decompressed(BufReader::with_capacity(BUFFER_BYTES, File::open(path)?))?))
    }
}

/// `input` as WARC text: inflated when it starts with gzip's magic bytes.
pub fn decompressed<R: BufRead + Send + 'static>(mut input: R) -> io::Result<Box<dyn BufRead + Send>> {
    if input.fill_buf()?.starts_with(&[0x1F, 0x8B]) {
        Ok(Box::new(BufReader::with_capacity(BUFFER_BYTES, MultiGzDecoder::new(input))))
    } else {
        Ok(Box::new(input))
    }
}

impl<R: BufRead> Reader<R> {
    /// The records of `input` (WARC text: see [`decompressed`] for gzip).
    pub fn new(input: R) -> Reader<R> {
        Reader { input, line: Vec::new(), failed: false }
    }

    fn read_record(&mut self) -> io::Result<Option<Record>> {
        // The header block: "WARC/" version line to the empty line, after
        // any blank lines between records.
        let mut header_block = Vec::new();
        loop {
            self.line.clear();
            if self.read_line()? == 0 {
                if header_block.is_empty() {
                    return Ok(None);
                }
                return Err(invalid("the input ends inside a record's headers"));
            }
            if header_block.is_empty() && self.line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            header_block.extend_from_slice(&self.line);
            if self.line == b"\r\n" || self.line == b"\n" {
                break;
            }
            if header_block.len() > MAX_HEADER_BYTES {
                return Err(invalid("a record's headers exceed 1 MiB"));
            }
        }
        let (_, (_, fields, length)) =
            warc::parser::headers(&header_block).map_err(|_| invalid("a record's header block is not WARC"))?;
        let headers: Vec<(String, String)> = fields
            .into_iter()
            .map(|(name, value)| (name.to_string(), String::from_utf8_lossy(value).trim().to_string()))
            .collect();
        let mut block = Vec::new();
        (&mut self.input).take(length as u64).read_to_end(&mut block)?;
        if block.len() != length {
            return Err(invalid("the input ends inside a record's block"));
        }
        let find = |name: &str| headers.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone());
        let warc_type = find("WARC-Type").unwrap_or_default();
        let target_uri = find("WARC-Target-URI")
            .map(|uri| uri.strip_prefix('<').and_then(|uri| uri.strip_suffix('>')).map(str::to_string).unwrap_or(uri));
        let is_http =
            find("Content-Type").is_some_and(|kind| kind.to_ascii_lowercase().starts_with("application/http"));
        let http = if warc_type == "response" && is_http { parse_http(&block) } else { None };
        Ok(Some(Record { warc_type, target_uri, headers, block, http }))
    }

    /// Reads one line into `self.line`, at most [`MAX_HEADER_BYTES`] long.
    fn read_line(&mut self) -> io::Result<usize> {
        (&mut self.input).take(MAX_HEADER_BYTES as u64 + 1).read_until(b'\n', &mut self.line)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    /// The next record; after an error, `None` (a stream cannot be
    /// resynchronized at a record boundary).
    fn next(&mut self) -> Option<io::Result<Record>> {
        if self.failed {
            return None;
        }
        let record = self.read_record().transpose();
        self.failed = matches!(record, Some(Err(_)));
        record
    }
}

fn invalid(message: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// The parts of an HTTP response message: status line, headers up to the
/// empty line, body. `None` when `block` does not start as one.
fn parse_http(block: &[u8]) -> Option<Http> {
    let status_end = line_end(block, 0)?;
    let status_line = std::str::from_utf8(&block[..status_end]).ok()?;
    let mut parts = status_line.split_ascii_whitespace();
    if !parts.next()?.starts_with("HTTP/") {
        return None;
    }
    let status = parts.next()?.parse().ok()?;
    let mut content_type = None;
    let mut at = next_line(block, status_end);
    loop {
        let end = line_end(block, at)?;
        let line = &block[at..end];
        if line.is_empty() {
            return Some(Http { status, content_type, payload: next_line(block, end)..block.len() });
        }
        if let Some(colon) = line.iter().position(|&b| b == b':') {
            if line[..colon].trim_ascii().eq_ignore_ascii_case(b"content-type") && content_type.is_none() {
                let value = &line[colon + 1..];
                let start = at + colon + 1 + (value.len() - value.trim_ascii_start().len());
                let end = at + colon + 1 + value.trim_ascii_end().len();
                content_type = Some(start..end.max(start));
            }
        }
        at = next_line(block, end);
    }
}

/// The end of the line starting at `at` (before its CR LF or LF).
fn line_end(block: &[u8], at: usize) -> Option<usize> {
    let newline = at + block.get(at..)?.iter().position(|&b| b == b'\n')?;
    Some(if newline > at && block[newline - 1] == b'\r' { newline - 1 } else { newline })
}

/// The start of the line after the one ending at `end`.
fn next_line(block: &[u8], end: usize) -> usize {
    if block.get(end) == Some(&b'\r') {
        end + 2
    } else {
        end + 1
    }
}
