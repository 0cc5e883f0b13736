//! html5ever bug 3 replayed: "in table body", a caption, col, colgroup,
//! tbody, tfoot or thead start tag or a `table` end tag goes on "if the
//! stack of open elements has a tbody, thead, or tfoot element in table
//! scope" (it clears the stack back to a table body context, pops the
//! section and is reprocessed "in table"). html5ever asks for a table,
//! tbody or tfoot instead, so with a thead open and no table (in a
//! template, or a fragment) it ignores the token.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intbody>
//!
//! The replay drops each such token, after end tags that do what "in
//! cell" and "in row" do before they hand it to "in table body" (close
//! the cell, pop the row), which html5ever does too.

use crate::replay::{edit_at_tags, start_tag_goes_to_foreign_content, TagEdit, TagSpan};
use htmlforge::dom::ElementRef;
use htmlforge::generated::names::{LocalName, Namespace};
use htmlforge::generated::tag_groups::is_in_table_body_start_tags_that_close_the_section;

/// What "in table body" does not see as html5ever does: for a token at a
/// point where the stack (current node first) has a thead and no
/// tbody or tfoot in table scope, and no table, the end tags that "in
/// cell" and "in row" would act as first; `None` elsewhere.
fn closers_before_ignored_token(open: &[ElementRef<'_>], name: &str, end_tag: bool) -> Option<Vec<&'static str>> {
    // A start tag at a foreign element is a foreign element too (none of
    // these names breaks out of foreign content; a find). An end tag goes
    // past the foreign elements to the insertion mode.
    if !end_tag && start_tag_goes_to_foreign_content(open, name) {
        return None;
    }
    let mut cell = None;
    let mut row = false;
    let mut thead = false;
    for element in open {
        if element.ns() != Namespace::Html {
            continue;
        }
        match element.local_name() {
            // Table scope ends here; a table there counts for html5ever.
            "html" | "template" => break,
            "table" | "tbody" | "tfoot" => return None,
            "thead" => thead = true,
            "tr" if !thead => row = true,
            name @ ("td" | "th") if !row && !thead && cell.is_none() => {
                cell = Some(if name == "td" { "</td>" } else { "</th>" })
            }
            _ => {}
        }
    }
    if !thead {
        return None;
    }
    // "In cell" ignores a `table` end tag with no table in table scope.
    if end_tag && cell.is_some() {
        return None;
    }
    Some(cell.into_iter().chain(row.then_some("</tr>")).collect())
}

/// `input` without the tokens html5ever ignores by its table-body check,
/// each after the end tags of the cell and row closed first; `None` when
/// there is no such token.
pub(crate) fn replay(input: &str, context: Option<&str>) -> Option<String> {
    let candidate = |tag: &TagSpan| {
        if tag.end_tag {
            tag.name == "table"
        } else {
            LocalName::lookup(&tag.name).is_some_and(is_in_table_body_start_tags_that_close_the_section)
        }
    };
    edit_at_tags(input, context, candidate, |tag, open| {
        let closers = closers_before_ignored_token(open, &tag.name, tag.end_tag)?;
        Some(TagEdit { before: closers.concat(), drop: true })
    })
}

#[cfg(test)]
mod tests {
    use super::replay;

    #[test]
    fn tokens_ignored_with_a_thead_and_no_table_are_dropped() {
        assert_eq!(replay("<template><thead><thead>", None).as_deref(), Some("<template><thead>"));
        assert_eq!(
            replay("<template><thead><tr><td>x<col>y", None).as_deref(),
            Some("<template><thead><tr><td>x</td></tr>y")
        );
        // A table open: html5ever goes on too.
        assert_eq!(replay("<table><thead><thead>", None), None);
        // A tbody is what both ask for.
        assert_eq!(replay("<template><tbody><thead>", None), None);
        // Content foster parented into the template after the open row.
        assert_eq!(
            replay("<template><thead><tr><t><colgroup><col>", None).as_deref(),
            Some("<template><thead><tr><t></tr>")
        );
        assert_eq!(replay("<template><thead><t></table>x", None).as_deref(), Some("<template><thead><t>x"));
        // Two elements foster parented after the section (a construct
        // before the stack was read off the parser).
        assert_eq!(
            replay("<template><thead><tr><t><col><o><col>", None).as_deref(),
            Some("<template><thead><tr><t></tr><o>")
        );
        // A col in foreign content is a foreign element (a find).
        assert_eq!(replay("<template><thead><col><math><col>", None).as_deref(), Some("<template><thead><math><col>"));
    }
}
