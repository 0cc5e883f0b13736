//! The WARC reader: records of plain and gzipped files, each response's
//! HTTP parts, and input that is not a WARC file.

mod common;

use std::io::{BufReader, ErrorKind, Write};

use common::warc_file::{record, warc_file, Fetched};
use htmlforge_crawl::warc::{decompressed, Reader, Record};

const PAGES: [Fetched<'static>; 3] = [
    Fetched { url: "https://a.example/", content_type: "text/html; charset=windows-1251", body: b"<p>\xCF\xF0\xE8" },
    Fetched { url: "https://b.example/x", content_type: "text/html", body: b"<title>B</title>" },
    Fetched { url: "https://c.example/", content_type: "image/png", body: b"\x89PNG\r\n\r\n\x00" },
];

fn records(file: &[u8]) -> Vec<Record> {
    let input = decompressed(BufReader::new(std::io::Cursor::new(file.to_vec()))).unwrap();
    Reader::new(input).collect::<Result<_, _>>().unwrap()
}

#[test]
fn plain_and_gzipped_files_give_the_same_records() {
    for gzip in [false, true] {
        let records = records(&warc_file(&PAGES, gzip));
        let types: Vec<&str> = records.iter().map(Record::warc_type).collect();
        assert_eq!(types, ["warcinfo", "request", "response", "request", "response", "request", "response"]);
        let responses: Vec<&Record> = records.iter().filter(|r| r.warc_type() == "response").collect();
        for (response, page) in responses.iter().zip(&PAGES) {
            assert_eq!(response.target_uri(), Some(page.url));
            assert_eq!(response.http_status(), Some(200));
            assert_eq!(response.http_content_type(), Some(page.content_type));
            assert_eq!(response.payload(), page.body);
        }
        assert_eq!(responses[0].http_charset(), Some("windows-1251"));
        assert_eq!(responses[1].http_charset(), None);
        assert_eq!(htmlforge_crawl::text(responses[0].payload(), responses[0].http_charset()), "При");
        // A record that is not HTTP: the payload is the whole block.
        assert_eq!(records[0].http_status(), None);
        assert_eq!(records[0].payload(), b"software: htmlforge tests\r\n");
        assert_eq!(records[0].header("content-type"), Some("application/warc-fields"));
    }
}

#[test]
fn one_gzip_member_for_the_whole_file_is_read_too() {
    let mut whole = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    whole.write_all(&warc_file(&PAGES, false)).unwrap();
    let whole = whole.finish().unwrap();
    assert_eq!(records(&whole).len(), 7);
}

#[test]
fn a_file_on_disk_is_opened_by_its_path() {
    let path = std::env::temp_dir().join(format!("htmlforge-crawl-{}.warc.gz", std::process::id()));
    std::fs::write(&path, warc_file(&PAGES, true)).unwrap();
    let read: Vec<Record> = Reader::open(&path).unwrap().collect::<Result<_, _>>().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(read.len(), 7);
    assert_eq!(read[6].target_uri(), Some("https://c.example/"));
}

#[test]
fn warc_1_0_angle_brackets_around_the_uri_are_dropped() {
    let file = record(
        "response",
        Some("<http://old.example/>"),
        "application/http; msgtype=response",
        b"HTTP/1.0 404 Not Found\r\n\r\n",
    );
    let read = records(&file);
    assert_eq!(read[0].target_uri(), Some("http://old.example/"));
    assert_eq!(read[0].http_status(), Some(404));
    assert_eq!(read[0].payload(), b"");
}

#[test]
fn a_block_that_is_not_an_http_response_is_the_payload() {
    let file = record("response", Some("dns:example.com"), "text/dns", b"20261128 example.com. 60 IN A 1.2.3.4");
    let read = records(&file);
    assert_eq!(read[0].http_status(), None);
    assert_eq!(read[0].payload(), b"20261128 example.com. 60 IN A 1.2.3.4");
}

#[test]
fn a_truncated_file_is_an_error_and_the_end() {
    let file = warc_file(&PAGES, false);
    for cut in [file.len() - 10, 30] {
        let mut reader = Reader::new(&file[..cut]);
        let results: Vec<_> = reader.by_ref().collect();
        let error = results.last().unwrap().as_ref().unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidData, "{error}");
        assert!(results[..results.len() - 1].iter().all(Result::is_ok));
        assert!(reader.next().is_none());
    }
}

#[test]
fn input_that_is_not_warc_is_an_error() {
    let mut reader = Reader::new(&b"<!doctype html><p>not a WARC file\r\n\r\n"[..]);
    assert_eq!(reader.next().unwrap().unwrap_err().kind(), ErrorKind::InvalidData);
    assert!(reader.next().is_none());
    assert!(Reader::new(&b""[..]).next().is_none(), "an empty file has no records");
}

#[test]
fn a_header_line_without_end_is_refused_without_reading_it_all() {
    let mut file = b"WARC/1.1\r\nWARC-Type: response\r\nX: ".to_vec();
    file.resize(file.len() + (2 << 20), b'x');
    let error = Reader::new(&file[..]).next().unwrap().unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidData);
}
