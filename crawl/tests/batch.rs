//! The batch functions: one row per payload, as the one-call functions
//! answer it, whatever the column types and the threads.

use arrow_array::cast::AsArray;
use arrow_array::{Array, BinaryArray, BinaryViewArray, LargeBinaryArray, LargeStringArray, StringArray};
use htmlforge_crawl::batch::{self, BatchError, Payloads, Threads};
use htmlforge_crawl::{Selector, Take};

const PAGES: [Option<&[u8]>; 4] = [
    Some(b"<title>One</title><p>first <a href=a>A</a>"),
    None,
    Some(b"<meta charset=windows-1251><title>\xCF\xF0\xE8</title><a href='/b?q=\xCF'>B</a><a>none</a>"),
    Some(b""),
];
const CHARSETS: [Option<&str>; 4] = [None, None, Some("koi8-r"), None];
const URLS: [Option<&str>; 4] = [Some("https://x.example/d/"), None, Some("https://y.example/"), None];

fn strings(array: &dyn Array) -> Vec<Option<String>> {
    array.as_string::<i32>().iter().map(|value| value.map(str::to_string)).collect()
}

fn lists(array: &dyn Array) -> Vec<Option<Vec<String>>> {
    array
        .as_list::<i32>()
        .iter()
        .map(|row| row.map(|values| strings(&values).into_iter().flatten().collect()))
        .collect()
}

#[test]
fn each_row_is_the_answer_of_the_one_call_function() {
    let html = BinaryArray::from_opt_vec(PAGES.to_vec());
    let charsets = StringArray::from(CHARSETS.to_vec());
    let urls = StringArray::from(URLS.to_vec());
    let payloads = Payloads::new(&html).unwrap().charsets(&charsets).unwrap().urls(&urls).unwrap();
    let row = |i: usize| PAGES[i].map(|page| (page, CHARSETS[i], URLS[i]));
    let expected_text: Vec<_> = (0..4).map(|i| row(i).map(|(p, c, _)| htmlforge_crawl::text(p, c))).collect();
    let expected_title: Vec<_> = (0..4).map(|i| row(i).and_then(|(p, c, _)| htmlforge_crawl::title(p, c))).collect();
    let expected_links: Vec<_> = (0..4).map(|i| row(i).map(|(p, c, u)| htmlforge_crawl::links(p, c, u))).collect();
    let anchors = Selector::parse("a").unwrap();
    let expected_select: Vec<_> =
        (0..4).map(|i| row(i).map(|(p, c, _)| htmlforge_crawl::select(p, c, &anchors, Take::Text))).collect();
    for threads in [Threads::One, Threads::All, Threads::Count(3)] {
        assert_eq!(strings(&batch::text(&payloads, threads).unwrap()), expected_text);
        assert_eq!(strings(&batch::title(&payloads, threads).unwrap()), expected_title);
        assert_eq!(lists(&batch::links(&payloads, threads).unwrap()), expected_links);
        assert_eq!(lists(&batch::select(&payloads, &anchors, Take::Text, threads).unwrap()), expected_select);
    }
    // The HTTP charset decided row 2 (KOI8-R over the meta's windows-1251),
    // the record's URL row 0's links.
    assert_eq!(expected_title[2].as_deref(), Some("оПХ"));
    assert_eq!(expected_links[0].as_ref().unwrap(), &["https://x.example/d/a"]);
    assert_eq!(expected_text[1], None, "a null payload is a null row");
}

#[test]
fn every_binary_and_text_type_is_read_in_place() {
    let pages = ["<p>a", "<p>caf\u{e9}", "<meta charset=koi8-r><p>x"];
    let expected = ["a", "café", "x"].map(|text| Some(text.to_string())).to_vec();
    let arrays: Vec<Box<dyn Array>> = vec![
        Box::new(BinaryArray::from_iter_values(pages.iter().map(|p| p.as_bytes()))),
        Box::new(LargeBinaryArray::from_iter_values(pages.iter().map(|p| p.as_bytes()))),
        Box::new(BinaryViewArray::from_iter_values(pages.iter().map(|p| p.as_bytes()))),
        Box::new(StringArray::from_iter_values(pages)),
        Box::new(LargeStringArray::from_iter_values(pages)),
        Box::new(arrow_array::StringViewArray::from_iter_values(pages)),
    ];
    for array in &arrays {
        let text = batch::text(&Payloads::new(array.as_ref()).unwrap(), Threads::One).unwrap();
        assert_eq!(strings(&text), expected, "{}", array.data_type());
    }
    // Text was decoded already: a meta does not decode it again.
    let text = StringArray::from_iter_values(["<meta charset=windows-1252><p>caf\u{e9}"]);
    assert_eq!(strings(&batch::text(&Payloads::new(&text).unwrap(), Threads::One).unwrap()), [Some("café".into())]);
}

#[test]
fn columns_of_another_type_or_length_are_refused() {
    let html = BinaryArray::from_iter_values([b"<p>".as_slice()]);
    let numbers = arrow_array::Int32Array::from(vec![1]);
    assert!(matches!(Payloads::new(&numbers), Err(BatchError::Type { column: "payloads", .. })));
    let two = StringArray::from(vec!["utf-8", "utf-8"]);
    let error = Payloads::new(&html).unwrap().charsets(&two).err().unwrap();
    assert_eq!(error, BatchError::Length { column: "charsets", found: 2, expected: 1 });
    assert_eq!(error.to_string(), "charsets has 2 rows, the payloads 1");
    assert!(matches!(Payloads::new(&html).unwrap().urls(&numbers), Err(BatchError::Type { column: "urls", .. })));
}

#[test]
fn metadata_is_a_struct_array_with_a_null_row_for_a_null_payload() {
    let html = BinaryArray::from_opt_vec(vec![
        Some(b"<html lang=fr><meta name=description content=d><meta property=og:title content=T><link rel=canonical href=c>"),
        None,
    ]);
    let urls = StringArray::from(vec![Some("https://e.example/p/"), None]);
    let metadata = batch::metadata(&Payloads::new(&html).unwrap().urls(&urls).unwrap(), Threads::All).unwrap();
    let metadata = metadata.as_struct();
    assert_eq!(metadata.fields(), &batch::metadata_fields());
    assert!(metadata.is_valid(0) && metadata.is_null(1));
    let column = |name: &str| strings(metadata.column_by_name(name).unwrap())[0].clone();
    assert_eq!(column("lang").as_deref(), Some("fr"));
    assert_eq!(column("description").as_deref(), Some("d"));
    assert_eq!(column("canonical").as_deref(), Some("https://e.example/p/c"));
    assert_eq!(column("robots"), None);
    assert_eq!(column("encoding").as_deref(), Some("UTF-8"));
    let open_graph = metadata.column_by_name("open_graph").unwrap().as_map();
    assert_eq!(strings(open_graph.keys()), [Some("og:title".into())]);
    assert_eq!(strings(open_graph.values()), [Some("T".into())]);
}
