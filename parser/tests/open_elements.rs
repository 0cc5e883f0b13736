//! `Parser::open_elements`: the stack of open elements at a point of the
//! input, which the tree alone does not show (foster parenting, template
//! contents, elements closed but still in the tree).

use htmlforge::dom::Document;
use htmlforge::generated::names::Namespace;
use htmlforge::{FragmentContext, ParseOptions, Parser};

fn names(parser: &Parser<Document>) -> Vec<String> {
    let document = parser.sink();
    parser.open_elements().map(|id| document.element(id).expect("an element").local_name().to_string()).collect()
}

#[test]
fn a_foster_parented_element_has_the_table_below_it_on_the_stack() {
    let mut parser = Parser::new(ParseOptions::default());
    // The comment makes the tree builder see everything before it.
    parser.feed("<table><svg><!---->").unwrap();
    assert_eq!(names(&parser), ["html", "body", "table", "svg"]);
}

#[test]
fn a_table_section_before_foster_parented_template_content_stays_open() {
    let mut parser = Parser::new(ParseOptions::default());
    parser.feed("<template><thead><tr><t><!---->").unwrap();
    assert_eq!(names(&parser), ["html", "head", "template", "thead", "tr", "t"]);
    parser.feed("</tr><o><!---->").unwrap();
    assert_eq!(names(&parser), ["html", "head", "template", "thead", "o"]);
}

#[test]
fn a_fragment_stack_starts_at_its_html_element() {
    let context = FragmentContext::new(Namespace::Svg, "mi");
    let mut parser = Parser::new_fragment_with_sink(Document::new(), &context, ParseOptions::default());
    parser.feed("<span><a></span><n><!---->").unwrap();
    assert_eq!(names(&parser), ["html", "n"]);
}

#[test]
fn the_stack_ends_empty_after_the_input_ends() {
    let mut parser = Parser::new(ParseOptions::default());
    parser.feed("<p>x").unwrap();
    parser.end().unwrap();
    assert_eq!(parser.open_elements().len(), 0);
}
