//! The HTML Sanitizer API's security properties (`htmlforge_fuzz::sanitize`):
//! on any markup, with a configuration drawn from the knobs, the safe
//! variant leaves no script, event handler or navigating `javascript:` URL,
//! before and after a serialize → parse round trip; the round trip gives
//! the same tree back and sanitizing again changes nothing.
//!
//! Knobs: [configuration kind, 10 name picks, context, flags (bit 0: scripting)].
#![no_main]

use htmlforge::dom::SpecSerializeOptions;
use htmlforge_fuzz::roundtrip_exceptions::exception;
use htmlforge_fuzz::sanitize::{
    config, context, dump, has_unattached_declarative_template, has_unserializable_shadow_root, replaces_with_children,
    run, unsafe_markup,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = htmlforge_fuzz::Input::split(data, 13);
    let knobs: Vec<u8> = (0..11).map(|i| input.knob(i)).collect();
    let option = config(&knobs);
    let context = context(input.knob(11));
    let scripting = input.knob(12) & 1 == 1;
    let Some(mut first) = run(&input.text(), &context, option.as_ref(), scripting) else { return };
    let root = first.fragment_root().expect("a fragment root");
    if let Some(found) = unsafe_markup(&first, root) {
        panic!("the safe variant left {found}");
    }
    // Serialized and parsed again with the same scripting flag (`noscript`
    // text is written as is when scripting is enabled), with the
    // serializable shadow roots that setHTML's parse declared.
    let serialize = SpecSerializeOptions::default().scripting(Some(scripting)).serializable_shadow_roots(true);
    let html = first.inner_html_with(root, serialize);
    let Some(mut second) = run(&html, &context, option.as_ref(), scripting) else { return };
    let second_root = second.fragment_root().expect("a fragment root");
    if let Some(found) = unsafe_markup(&second, second_root) {
        panic!("after a round trip through\n{html}\nthe safe variant left {found}");
    }
    let options = htmlforge::ParseOptions::default().scripting(scripting).declarative_shadow_roots(true);
    let mut reparsed = htmlforge::parse_fragment_with(&html, &context, options);
    // A `noscript` context with scripting enabled parses its text as raw
    // text, but the fragment's children sit under the parser's `html` root,
    // whose serialization escapes text as a `noscript`'s (its innerHTML)
    // would not: that round trip is the serializer's context, not the
    // sanitizer's output.
    let raw_text_context = scripting && context.name.local.as_str() == "noscript";
    // In an SVG or MathML context, the fragment parser puts the HTML
    // elements a breakout makes (a foster-parented `<tz>` before a
    // `<table>`) at the fragment's top level, where a reparse in the same
    // context reads them as foreign elements: the fragment parser's and
    // serializer's round trip, which the checks above keep safe.
    let foreign_context = context.name.ns != htmlforge::Namespace::Html;
    // A tree the parser itself builds but cannot give back from its
    // serialization (an `a` nested in an `a` through a table's foster
    // parenting, a newline first in a `pre`, …): the exceptions of the
    // `roundtrip` target, looked for in the sanitized tree as that target
    // looks in its first tree, and in the reparsed one.
    let parser_exception = exception(&first).is_some() || exception(&reparsed).is_some();
    // A template element declaring a shadow root its parent did not take
    // becomes that parent's shadow root when the serialization is parsed.
    let unattached_template = has_unattached_declarative_template(&first, root);
    if replaces_with_children(option.as_ref())
        || parser_exception
        || unattached_template
        || raw_text_context
        || foreign_context
    {
        return;
    }
    // A shadow root without `shadowrootserializable` is left out of every
    // serialization, so such a tree is compared by what it serializes to.
    if has_unserializable_shadow_root(&first, root) {
        let (parsed_again, twice) = (
            reparsed.inner_html_with(reparsed.fragment_root().expect("a root"), serialize),
            second.inner_html_with(second_root, serialize),
        );
        assert!(
            parsed_again == html,
            "not the same serialization after a round trip through\n{html}\n--- parsed again\n{parsed_again}"
        );
        assert!(twice == html, "sanitizing again changed the serialization of\n{html}\n--- twice\n{twice}");
        return;
    }
    let (before, after) = (dump(&mut first), dump(&mut second));
    let parsed_again = dump(&mut reparsed);
    if before != parsed_again {
        panic!("not the same tree after a round trip through\n{html}\n--- sanitized\n{before}--- parsed again\n{parsed_again}");
    }
    if before != after {
        panic!("sanitizing again changed the tree of\n{html}\n--- once\n{before}--- twice\n{after}");
    }
});
