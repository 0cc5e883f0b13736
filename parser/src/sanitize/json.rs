//! Configurations in JSON, in the spec's dictionary shape, read as a
//! browser's WebIDL conversion reads a JavaScript value: unknown members
//! are ignored, a name is a string or a `{name, namespace}` dictionary
//! (the namespace defaults to HTML's for an element, to null for an
//! attribute), a number in a list of names is its string, a boolean member
//! takes any value's truth. So a configuration written for a browser's
//! `setHTML` works here unchanged.
//!
//! Spec: <https://wicg.github.io/sanitizer-api/#config>, <https://webidl.spec.whatwg.org/#es-dictionary>

use serde_json::{json, Map, Value};

use super::config::{ConfigError, SanitizerConfig, SanitizerElementWithAttributes, SanitizerName, HTML_NAMESPACE};
use super::SanitizerOption;

fn error(message: impl Into<String>) -> ConfigError {
    ConfigError::Json(message.into())
}

/// ECMAScript's ToString of a JSON value (what a `DOMString` conversion
/// makes of it).
fn to_js_string(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.to_string(),
            (_, Some(u), _) => u.to_string(),
            (_, _, Some(f)) if f.fract() == 0.0 && f.abs() < 1e21 => format!("{f:.0}"),
            (_, _, Some(f)) => f.to_string(),
            _ => n.to_string(),
        },
        Value::String(s) => s.clone(),
        // Array.prototype.join: null elements are empty.
        Value::Array(items) => items
            .iter()
            .map(|item| if item.is_null() { String::new() } else { to_js_string(item) })
            .collect::<Vec<_>>()
            .join(","),
        Value::Object(_) => "[object Object]".into(),
    }
}

/// ECMAScript's ToBoolean.
fn to_js_boolean(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0 && !f.is_nan()),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

fn sequence<'a>(member: &str, value: &'a Value) -> Result<&'a [Value], ConfigError> {
    value.as_array().map(Vec::as_slice).ok_or_else(|| error(format!("{member} is not a list")))
}

/// A `(DOMString or dictionary)` union: an object (or null) is the
/// dictionary, anything else its string.
fn union_dictionary(value: &Value) -> Option<Option<&Map<String, Value>>> {
    match value {
        Value::Object(map) => Some(Some(map)),
        Value::Array(_) => Some(None),
        Value::Null => Some(None),
        _ => None,
    }
}

/// A `SanitizerElement`/`SanitizerAttribute` entry: a string (in
/// `default_namespace`) or a dictionary with a required `name` and a
/// nullable `namespace` defaulting to `default_namespace`.
fn name(member: &str, value: &Value, default_namespace: Option<&str>) -> Result<SanitizerName, ConfigError> {
    let Some(dictionary) = union_dictionary(value) else {
        return Ok(SanitizerName::new(&to_js_string(value), default_namespace));
    };
    let dictionary = dictionary.ok_or_else(|| error(format!("an entry of {member} has no name")))?;
    let local = dictionary.get("name").ok_or_else(|| error(format!("an entry of {member} has no name")))?;
    let namespace = match dictionary.get("namespace") {
        None => default_namespace.map(str::to_string),
        Some(Value::Null) => None,
        Some(ns) => Some(to_js_string(ns)),
    };
    Ok(SanitizerName::new(&to_js_string(local), namespace.as_deref()))
}

fn names(member: &str, value: &Value, default_namespace: Option<&str>) -> Result<Vec<SanitizerName>, ConfigError> {
    sequence(member, value)?.iter().map(|entry| name(member, entry, default_namespace)).collect()
}

fn element_with_attributes(value: &Value) -> Result<SanitizerElementWithAttributes, ConfigError> {
    let mut element = SanitizerElementWithAttributes::new(name("elements", value, Some(HTML_NAMESPACE))?);
    if let Some(Some(dictionary)) = union_dictionary(value) {
        if let Some(list) = dictionary.get("attributes") {
            element.attributes = Some(names("attributes", list, None)?);
        }
        if let Some(list) = dictionary.get("removeAttributes") {
            element.remove_attributes = Some(names("removeAttributes", list, None)?);
        }
    }
    Ok(element)
}

fn target(member: &str, value: &Value) -> Result<String, ConfigError> {
    match union_dictionary(value) {
        None => Ok(to_js_string(value)),
        Some(dictionary) => dictionary
            .and_then(|d| d.get("target"))
            .map(to_js_string)
            .ok_or_else(|| error(format!("an entry of {member} has no target"))),
    }
}

/// A `SanitizerConfig` from a JSON value (an object; `null` is the empty
/// dictionary).
pub(crate) fn config_from_value(value: &Value) -> Result<SanitizerConfig, ConfigError> {
    let empty = Map::new();
    let object = match value {
        Value::Object(object) => object,
        Value::Null => &empty,
        _ => return Err(error("a configuration is a dictionary")),
    };
    let mut config = SanitizerConfig::default();
    if let Some(list) = object.get("elements") {
        config.elements =
            Some(sequence("elements", list)?.iter().map(element_with_attributes).collect::<Result<_, _>>()?);
    }
    for (member, slot, default_namespace) in [
        ("removeElements", &mut config.remove_elements, Some(HTML_NAMESPACE)),
        ("replaceWithChildrenElements", &mut config.replace_with_children_elements, Some(HTML_NAMESPACE)),
        ("attributes", &mut config.attributes, None),
        ("removeAttributes", &mut config.remove_attributes, None),
    ] {
        if let Some(list) = object.get(member) {
            *slot = Some(names(member, list, default_namespace)?);
        }
    }
    for (member, slot) in [
        ("processingInstructions", &mut config.processing_instructions),
        ("removeProcessingInstructions", &mut config.remove_processing_instructions),
    ] {
        if let Some(list) = object.get(member) {
            *slot = Some(sequence(member, list)?.iter().map(|pi| target(member, pi)).collect::<Result<_, _>>()?);
        }
    }
    config.comments = object.get("comments").map(to_js_boolean);
    config.data_attributes = object.get("dataAttributes").map(to_js_boolean);
    Ok(config)
}

/// The `sanitizer` member of the options from JSON: the string
/// `"default"`, or a configuration dictionary.
pub(crate) fn option_from_value(value: &Value) -> Result<SanitizerOption, ConfigError> {
    match value {
        Value::String(preset) if preset == "default" => Ok(SanitizerOption::Default),
        Value::String(other) => Err(error(format!("\"{other}\" is not a SanitizerPresets value"))),
        other => Ok(SanitizerOption::Config(config_from_value(other)?)),
    }
}

fn name_value(name: &SanitizerName) -> Value {
    json!({ "name": name.name, "namespace": name.namespace })
}

fn names_value(names: &[SanitizerName]) -> Value {
    Value::Array(names.iter().map(name_value).collect())
}

/// A configuration as JSON, every name a `{name, namespace}` dictionary,
/// absent members left out.
pub(crate) fn config_to_value(config: &SanitizerConfig) -> Value {
    let mut object = Map::new();
    if let Some(elements) = &config.elements {
        let elements = elements
            .iter()
            .map(|element| {
                let mut entry = Map::new();
                entry.insert("name".into(), element.name.name.clone().into());
                entry.insert("namespace".into(), element.name.namespace.clone().into());
                if let Some(attributes) = &element.attributes {
                    entry.insert("attributes".into(), names_value(attributes));
                }
                if let Some(remove) = &element.remove_attributes {
                    entry.insert("removeAttributes".into(), names_value(remove));
                }
                Value::Object(entry)
            })
            .collect();
        object.insert("elements".into(), Value::Array(elements));
    }
    for (member, list) in [
        ("removeElements", &config.remove_elements),
        ("replaceWithChildrenElements", &config.replace_with_children_elements),
        ("attributes", &config.attributes),
        ("removeAttributes", &config.remove_attributes),
    ] {
        if let Some(list) = list {
            object.insert(member.into(), names_value(list));
        }
    }
    for (member, list) in [
        ("processingInstructions", &config.processing_instructions),
        ("removeProcessingInstructions", &config.remove_processing_instructions),
    ] {
        if let Some(list) = list {
            object.insert(member.into(), list.iter().map(|target| json!({ "target": target })).collect());
        }
    }
    if let Some(comments) = config.comments {
        object.insert("comments".into(), comments.into());
    }
    if let Some(data_attributes) = config.data_attributes {
        object.insert("dataAttributes".into(), data_attributes.into());
    }
    Value::Object(object)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(text: &str) -> Result<SanitizerConfig, ConfigError> {
        config_from_value(&serde_json::from_str(text).unwrap())
    }

    #[test]
    fn strings_and_dictionaries_take_their_default_namespaces() {
        let c = config(
            r#"{"elements": ["div", {"name": "svg", "namespace": "http://www.w3.org/2000/svg"}, {"name": "b"}],
                            "attributes": ["href", {"name": "href", "namespace": ""}], "unknown": 1}"#,
        )
        .unwrap();
        let elements = c.elements.unwrap();
        assert_eq!(elements[0].name, SanitizerName::element("div"));
        assert_eq!(elements[1].name.namespace.as_deref(), Some("http://www.w3.org/2000/svg"));
        assert_eq!(elements[2].name, SanitizerName::element("b"));
        assert_eq!(c.attributes.unwrap(), [SanitizerName::attribute("href"), SanitizerName::attribute("href")]);
    }

    #[test]
    fn webidl_conversions() {
        let c = config(r#"{"removeElements": [123, 1.5, true], "comments": "abc", "dataAttributes": 0}"#).unwrap();
        let names: Vec<String> = c.remove_elements.unwrap().into_iter().map(|n| n.name).collect();
        assert_eq!(names, ["123", "1.5", "true"]);
        assert_eq!((c.comments, c.data_attributes), (Some(true), Some(false)));
        assert!(config(r#"{"elements": "div"}"#).is_err());
        assert!(config(r#"{"elements": [{"namespace": null}]}"#).is_err());
        assert!(config(r#"{"elements": [null]}"#).is_err());
    }
}
