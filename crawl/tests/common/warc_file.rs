//! WARC files for the tests, written as crawlers write them: a `warcinfo`
//! record, then a `request` and a `response` record per page, each record
//! its own gzip member when gzipped.

use std::io::Write;

use flate2::write::GzEncoder;
use flate2::Compression;

/// One fetched page: its URL, its HTTP `Content-Type` and its bytes.
pub struct Fetched<'a> {
    pub url: &'a str,
    pub content_type: &'a str,
    pub body: &'a [u8],
}

/// The WARC file of `pages`, gzipped (one member per record) or not.
pub fn warc_file(pages: &[Fetched<'_>], gzip: bool) -> Vec<u8> {
    let mut records = vec![record("warcinfo", None, "application/warc-fields", b"software: htmlforge tests\r\n")];
    for page in pages {
        let request = format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", page.url);
        records.push(record("request", Some(page.url), "application/http; msgtype=request", request.as_bytes()));
        let mut response = format!("HTTP/1.1 200 OK\r\nContent-Type: {}\r\n\r\n", page.content_type).into_bytes();
        response.extend_from_slice(page.body);
        records.push(record("response", Some(page.url), "application/http; msgtype=response", &response));
    }
    if !gzip {
        return records.concat();
    }
    records
        .iter()
        .flat_map(|record| {
            let mut member = GzEncoder::new(Vec::new(), Compression::fast());
            member.write_all(record).unwrap();
            member.finish().unwrap()
        })
        .collect()
}

/// One record: its header block, block, and the two CR LF that end it.
pub fn record(warc_type: &str, uri: Option<&str>, content_type: &str, block: &[u8]) -> Vec<u8> {
    let mut record = format!("WARC/1.1\r\nWARC-Type: {warc_type}\r\n").into_bytes();
    if let Some(uri) = uri {
        record.extend_from_slice(format!("WARC-Target-URI: {uri}\r\n").as_bytes());
    }
    let rest = format!("Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n", block.len());
    record.extend_from_slice(rest.as_bytes());
    record.extend_from_slice(block);
    record.extend_from_slice(b"\r\n\r\n");
    record
}
