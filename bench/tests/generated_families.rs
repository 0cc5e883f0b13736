//! The generated pathological families cover what they claim: every "in
//! body" rule as a trigger, the stack's kinds of element as fillers, and
//! the scripting-dependent rule in both modes.

#[path = "../src/generated_families.rs"]
mod generated_families;

use generated_families::generated_families;

#[test]
fn every_in_body_rule_and_every_kind_of_filler_is_generated() {
    let families = generated_families();
    let names: Vec<&str> = families.iter().map(|family| family.name.as_str()).collect();
    let has = |needle: &str| names.iter().any(|name| name.contains(needle));
    // A trigger of a start tag rule, of an end tag rule, and of both "any
    // other" rules.
    for trigger in ["×k<li>×k", "×k</li>×k", "×k<x-any>×k", "×k</x-any>×k", "×k</a>×k", "×k</sarcasm>×k"] {
        assert!(has(trigger), "no family triggers {trigger}");
    }
    // Scope boundaries of each namespace, and an ordinary formatting element.
    for filler in ["<applet>×k", "<template>×k", "<table>×k", "<ol>×k", "<button>×k", "<math><mi>×k", "<a>×k"] {
        assert!(has(filler), "no family fills with {filler}");
    }
    // One of each kind: applet, marquee and object are alike.
    assert!(!has("<marquee>×k") && !has("<object>×k"));
    assert!(has("<noscript>×k no scripting") && has("<noscript>×k scripting"));
    for family in &families {
        assert_eq!(family.scripting, family.name.ends_with(" scripting") && !family.name.ends_with(" no scripting"));
    }
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "two families of one name");
}

#[test]
fn a_family_is_opener_fillers_and_as_many_triggers() {
    let family = generated_families().into_iter().find(|family| family.name == "<li><ol>×k</li>×k").expect("generated");
    assert_eq!(family.make(40), format!("<li>{}{}", "<ol>".repeat(4), "</li>".repeat(4)));
}
