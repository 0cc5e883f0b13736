//! Random tag soup: the tree builder never panics, and the tree does not
//! depend on how the input is split into chunks. The markup is drawn from
//! the constructs whose rules interact most (tables, templates, foreign
//! content, formatting elements, select, frameset, raw text), with a fixed
//! seed so that a failure reproduces.

use htmlforge::dom::{dump_html5lib, Document};
use htmlforge::{FragmentContext, ParseOptions, Parser};

const PIECES: &[&str] = &[
    "<table>",
    "</table>",
    "<tr>",
    "</tr>",
    "<td>",
    "</td>",
    "<th>",
    "<tbody>",
    "</tbody>",
    "<caption>",
    "</caption>",
    "<colgroup>",
    "<col>",
    "<template>",
    "</template>",
    "<svg>",
    "</svg>",
    "<math>",
    "</math>",
    "<mi>",
    "<mtext>",
    "<annotation-xml encoding=text/html>",
    "<foreignObject>",
    "</foreignObject>",
    "<desc>",
    "<b>",
    "</b>",
    "<i>",
    "</i>",
    "<a href=x>",
    "</a>",
    "<nobr>",
    "</nobr>",
    "<font color=red>",
    "</font>",
    "<p>",
    "</p>",
    "<div>",
    "</div>",
    "<li>",
    "<dd>",
    "<select>",
    "</select>",
    "<option>",
    "</option>",
    "<optgroup>",
    "<selectedcontent>",
    "<button>",
    "</button>",
    "<input>",
    "<hr>",
    "<br>",
    "</br>",
    "<frameset>",
    "</frameset>",
    "<frame>",
    "<body>",
    "</body>",
    "<html>",
    "</html>",
    "<head>",
    "</head>",
    "<title>",
    "</title>",
    "<textarea>",
    "</textarea>",
    "<script>",
    "</script>",
    "<style>",
    "<noscript>",
    "</noscript>",
    "<plaintext>",
    "<xmp>",
    "<iframe>",
    "<marquee>",
    "</marquee>",
    "<h1>",
    "</h2>",
    "<form>",
    "</form>",
    "<ruby>",
    "<rt>",
    "<rtc>",
    "<image>",
    "<isindex>",
    "<!--c-->",
    "<!DOCTYPE html>",
    "text",
    " ",
    "\n",
    "\0",
    "&amp;",
    "<![CDATA[x]]>",
    "<x-custom>",
    "</x-custom>",
    "<p/>",
    "<svg/>",
    "<math><mi><svg><desc><b>",
    "<table><td><svg><foreignObject><p>",
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn parse(input: &str, chunks: &[usize], fragment: Option<&FragmentContext>, scripting: bool) -> String {
    let options = ParseOptions { scripting, ..ParseOptions::default() };
    let mut parser = match fragment {
        Some(context) => Parser::new_fragment_with_sink(Document::new(), context, options),
        None => Parser::new(options),
    };
    let mut start = 0;
    for &end in chunks {
        parser.feed(&input[start..end]).unwrap();
        start = end;
    }
    parser.feed(&input[start..]).unwrap();
    dump_html5lib(&parser.finish())
}

#[test]
fn random_tag_soup_parses_the_same_in_any_chunks() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let contexts = [None, Some("td"), Some("svg g"), Some("math mi"), Some("template"), Some("select"), Some("table")];
    for case in 0..1500 {
        let mut input = String::new();
        for _ in 0..rng.below(120) + 1 {
            input.push_str(PIECES[rng.below(PIECES.len())]);
        }
        let mut cuts: Vec<usize> =
            (0..rng.below(6)).map(|_| rng.below(input.len() + 1)).filter(|&at| input.is_char_boundary(at)).collect();
        cuts.sort_unstable();
        let context = contexts[rng.below(contexts.len())].map(FragmentContext::from_test_notation);
        let scripting = rng.below(2) == 0;
        let whole = parse(&input, &[], context.as_ref(), scripting);
        let chunked = parse(&input, &cuts, context.as_ref(), scripting);
        assert_eq!(whole, chunked, "case {case}: input {input:?} split at {cuts:?}");
    }
}
