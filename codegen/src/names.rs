//! The known names: `spec-data/names.txt` → `Namespace`, `LocalName` and
//! the `local_names` constants.
//!
//! Every element and attribute name of the file becomes one interned
//! `LocalName` (elements and attributes share the space), numbered in byte
//! order of the names. Lookup from a string goes through a perfect hash
//! built here (`PerfectHash`): a cheap hash of at most two overlapping
//! words of the name (`name_hash.rs`, compiled here and copied into the
//! generated file, so both sides hash alike), a seed per bucket, and one
//! string comparison. It replaced a phf map, whose SipHash cost more than
//! the rest of a lookup (docs/performance-log.md).
//!
//! Spec: <https://html.spec.whatwg.org/multipage/indices.html>

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use crate::emit::rust_text_file;
use crate::table::read_spec_text;
use crate::{Context, GeneratedFile, Result, SpecRows, Table, TableReport};

pub struct Names;

use crate::name_hash::{name_bucket, name_hash, name_slot, name_words};

/// The source of the hash functions, copied into the generated file.
const NAME_HASH_SOURCE: &str = include_str!("name_hash.rs");

/// Slots of the perfect hash table: 2^11 = 2,048 for ~800 names, so that
/// every bucket finds a seed quickly.
const SLOT_BITS: u32 = 11;
const BUCKETS: usize = 256;

/// A perfect hash of the known names: `SEEDS[bucket]` moves the names of
/// one bucket to free slots; `SLOTS[slot]` is a name's index + 1 (0: empty).
struct PerfectHash {
    seeds: Vec<u32>,
    slots: Vec<u16>,
    /// Per name (by index): its length and words, compared instead of its
    /// bytes for names of at most 16 bytes.
    keys: Vec<(usize, [u64; 2])>,
}

impl PerfectHash {
    fn build(names: &[&str]) -> Result<PerfectHash> {
        let hashes: Vec<u64> =
            names.iter().map(|name| name_hash(name.as_bytes(), name_words(name.as_bytes()))).collect();
        let distinct: BTreeSet<u64> = hashes.iter().copied().collect();
        if distinct.len() != hashes.len() {
            return Err("two known names have the same name_hash: change the hash in codegen/src/name_hash.rs".into());
        }
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); BUCKETS];
        for (index, &hash) in hashes.iter().enumerate() {
            buckets[name_bucket(hash)].push(index);
        }
        // Fullest buckets first, while most slots are free.
        let mut order: Vec<usize> = (0..BUCKETS).collect();
        order.sort_by_key(|&bucket| std::cmp::Reverse(buckets[bucket].len()));
        let mut seeds = vec![0u32; BUCKETS];
        let mut slots = vec![0u16; 1 << SLOT_BITS];
        for bucket in order {
            let members = &buckets[bucket];
            if members.is_empty() {
                continue;
            }
            let seed = (0..1u32 << 24)
                .find(|&seed| {
                    let mut taken = BTreeSet::new();
                    members.iter().all(|&index| {
                        let slot = name_slot(hashes[index], seed, SLOT_BITS);
                        slots[slot] == 0 && taken.insert(slot)
                    })
                })
                .ok_or_else(|| format!("no seed places bucket {bucket} of the names' perfect hash"))?;
            seeds[bucket] = seed;
            for &index in members {
                slots[name_slot(hashes[index], seed, SLOT_BITS)] = index as u16 + 1;
            }
        }
        let keys = names.iter().map(|name| (name.len(), name_words(name.as_bytes()))).collect();
        Ok(PerfectHash { seeds, slots, keys })
    }

    fn emit(&self) -> String {
        let mut out = String::new();
        out.push_str("// The perfect hash of the names (codegen/src/names.rs `PerfectHash`).\n\n");
        // Private to the generated module: the runtime hashes only here.
        out.push_str(&NAME_HASH_SOURCE.replace("pub fn", "fn"));
        writeln!(out, "\nconst SLOT_BITS: u32 = {SLOT_BITS};\n").unwrap();
        writeln!(
            out,
            "/// Per bucket: the seed that places its names in free slots.\nstatic SEEDS: [u32; {BUCKETS}] = ["
        )
        .unwrap();
        for chunk in self.seeds.chunks(8) {
            let items: Vec<String> = chunk.iter().map(u32::to_string).collect();
            writeln!(out, "    {},", items.join(", ")).unwrap();
        }
        out.push_str("];\n\n");
        writeln!(
            out,
            "/// Per slot: the index + 1 of the name there (0: none).\nstatic SLOTS: [u16; {}] = [",
            self.slots.len()
        )
        .unwrap();
        for chunk in self.slots.chunks(16) {
            let items: Vec<String> = chunk.iter().map(u16::to_string).collect();
            writeln!(out, "    {},", items.join(", ")).unwrap();
        }
        out.push_str("];\n\n");
        out.push_str(
            "/// Per name: its length and `name_words`.\nstatic KEYS: [(u8, [u64; 2]); LOCAL_NAME_COUNT] = [\n",
        );
        for (len, [first, last]) in &self.keys {
            writeln!(out, "    ({len}, [{first:#x}, {last:#x}]),").unwrap();
        }
        out.push_str("];\n\n");
        out
    }
}

const SOURCE: &str = "names.txt";
const OUTPUT: &str = "parser/src/generated/names.rs";

/// The namespaces of the DOM: the spec's name (first column of the
/// `[namespaces]` section), the `Namespace` variant, and the keyword the
/// other spec-data files use for the three element namespaces.
pub const NAMESPACES: [(&str, &str, Option<&str>); 6] = [
    ("HTML", "Html", Some("html")),
    ("MathML", "MathMl", Some("mathml")),
    ("SVG", "Svg", Some("svg")),
    ("XLink", "XLink", None),
    ("XML", "Xml", None),
    ("XMLNS", "XmlNs", None),
];

/// The sections of names.txt that list names (all but `[namespaces]`).
pub const NAME_SECTIONS: [&str; 7] = [
    "html-elements",
    "svg-elements",
    "mathml-elements",
    "html-attributes",
    "svg-attributes",
    "mathml-attributes",
    "foreign-attributes",
];

/// names.txt, read.
#[derive(Debug, Clone, Default)]
pub struct KnownNames {
    /// `[namespaces]`: (spec name, URL), in file order.
    pub namespaces: Vec<(String, String)>,
    /// Each name section with its names in file order (repeats kept, so
    /// that the audit can report them).
    pub sections: BTreeMap<String, Vec<String>>,
}

impl KnownNames {
    /// Whether `name` is listed in `section`.
    pub fn has(&self, section: &str, name: &str) -> bool {
        self.sections.get(section).is_some_and(|names| names.iter().any(|n| n == name))
    }

    /// Whether `name` is a known element of the namespace `keyword`
    /// (`html`, `mathml`, `svg`).
    pub fn is_element(&self, keyword: &str, name: &str) -> bool {
        self.has(&format!("{keyword}-elements"), name)
    }

    /// Every distinct name of every section, in byte order: the order of
    /// `LocalName` indexes.
    pub fn interned(&self) -> Vec<&str> {
        let set: BTreeSet<&str> = self.sections.values().flatten().map(String::as_str).collect();
        set.into_iter().collect()
    }
}

/// Reads names.txt.
pub fn load(ctx: &Context) -> Result<KnownNames> {
    let file = ctx.load(SOURCE)?;
    let mut known = KnownNames::default();
    for section in NAME_SECTIONS {
        known.sections.insert(section.to_string(), Vec::new());
    }
    for row in &file.rows {
        let fields = row.fields();
        if row.section == "namespaces" {
            let [name, url] = fields[..] else {
                return Err(format!("{}: expected `spec-name url`", row.origin(&file)));
            };
            known.namespaces.push((name.to_string(), url.to_string()));
            continue;
        }
        let Some(names) = known.sections.get_mut(&row.section) else {
            return Err(format!("{}: unknown section [{}]", row.origin(&file), row.section));
        };
        let [name] = fields[..] else {
            return Err(format!("{}: expected one name per line", row.origin(&file)));
        };
        names.push(name.to_string());
    }
    Ok(known)
}

/// The `local_names` constant of a name: SCREAMING_SNAKE_CASE of the exact
/// name, with a word break before each capital that follows a lower-case
/// letter or digit (`foreignObject` → `FOREIGN_OBJECT`, `definitionURL` →
/// `DEFINITION_URL`) and at each non-alphanumeric character
/// (`accept-charset` → `ACCEPT_CHARSET`, `xlink:href` → `XLINK_HREF`).
pub fn const_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut previous: Option<char> = None;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            let breaks =
                c.is_ascii_uppercase() && previous.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit());
            if breaks {
                out.push('_');
            }
            out.push(c.to_ascii_uppercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
        previous = Some(c);
    }
    out
}

/// The `Namespace` variant of a spec namespace name (`XLink` → `XLink`).
pub fn namespace_variant(spec_name: &str) -> Option<&'static str> {
    NAMESPACES.iter().find(|(n, _, _)| *n == spec_name).map(|(_, v, _)| *v)
}

fn generate_names(known: &KnownNames, provenance: &str) -> Result<GeneratedFile> {
    let names = known.interned();
    if names.len() > usize::from(u16::MAX) {
        return Err(format!("{} names do not fit LocalName(u16)", names.len()));
    }
    let mut out = String::new();
    out.push_str(
        "//! Namespaces and interned local names of elements and attributes.\n\
         //!\n\
         //! Every name of `spec-data/names.txt` is a [`LocalName`]: a small integer,\n\
         //! numbered in byte order of the names. Element and attribute names share\n\
         //! the one space (`title` is both). Names the file does not know are not\n\
         //! interned: [`LocalName::lookup`] returns `None` for them and callers keep\n\
         //! the string.\n\
         //!\n\
         //! Spec: <https://html.spec.whatwg.org/multipage/infrastructure.html#namespaces>\n\n",
    );
    out.push_str(
        "/// A namespace of the DOM.\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         pub enum Namespace {\n",
    );
    for (spec_name, url) in &known.namespaces {
        let variant = namespace_variant(spec_name).ok_or_else(|| format!("unknown namespace {spec_name}"))?;
        writeln!(out, "    /// The {spec_name} namespace, `{url}`.\n    {variant},").unwrap();
    }
    out.push_str("}\n\nimpl Namespace {\n    /// The namespace URL.\n    pub const fn url(self) -> &'static str {\n        match self {\n");
    for (spec_name, url) in &known.namespaces {
        let variant = namespace_variant(spec_name).unwrap_or_default();
        writeln!(out, "            Namespace::{variant} => {url:?},").unwrap();
    }
    out.push_str("        }\n    }\n}\n\n");
    writeln!(out, "/// How many names are interned.\npub const LOCAL_NAME_COUNT: usize = {};\n", names.len()).unwrap();
    out.push_str(
        "/// An interned name (element or attribute local name): a small integer.\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         pub struct LocalName(u16);\n\n\
         impl LocalName {\n\
         \x20   /// The interned name spelled exactly `name` (case-sensitive), if known.\n\
         \x20   pub fn lookup(name: &str) -> Option<LocalName> {\n\
         \x20       let bytes = name.as_bytes();\n\
         \x20       let words = name_words(bytes);\n\
         \x20       let hash = name_hash(bytes, words);\n\
         \x20       let index = match SLOTS[name_slot(hash, SEEDS[name_bucket(hash)], SLOT_BITS)] {\n\
         \x20           0 => return None,\n\
         \x20           entry => usize::from(entry - 1),\n\
         \x20       };\n\
         \x20       // Up to 16 bytes, the length and words hold every byte.\n\
         \x20       let same = if bytes.len() <= 16 {\n\
         \x20           KEYS[index] == (bytes.len() as u8, words)\n\
         \x20       } else {\n\
         \x20           NAMES[index].as_bytes() == bytes\n\
         \x20       };\n\
         \x20       same.then_some(LocalName(index as u16))\n\
         \x20   }\n\n\
         \x20   /// The name.\n\
         \x20   pub const fn as_str(self) -> &'static str {\n\
         \x20       NAMES[self.0 as usize]\n\
         \x20   }\n\n\
         \x20   /// The index of the name, below [`LOCAL_NAME_COUNT`]: for tables indexed by name.\n\
         \x20   pub const fn index(self) -> usize {\n\
         \x20       self.0 as usize\n\
         \x20   }\n\n\
         \x20   /// The name with index `index`, if there is one.\n\
         \x20   pub const fn from_index(index: usize) -> Option<LocalName> {\n\
         \x20       if index < LOCAL_NAME_COUNT {\n\
         \x20           Some(LocalName(index as u16))\n\
         \x20       } else {\n\
         \x20           None\n\
         \x20       }\n\
         \x20   }\n\n\
         \x20   /// Every interned name, in index order.\n\
         \x20   pub fn all() -> impl Iterator<Item = LocalName> {\n\
         \x20       (0..LOCAL_NAME_COUNT as u16).map(LocalName)\n\
         \x20   }\n\
         }\n\n",
    );
    out.push_str("/// The names, by index.\nconst NAMES: [&str; LOCAL_NAME_COUNT] = [\n");
    for chunk in names.chunks(6) {
        let items: Vec<String> = chunk.iter().map(|n| format!("{n:?}")).collect();
        writeln!(out, "    {},", items.join(", ")).unwrap();
    }
    out.push_str("];\n\n");
    let table = PerfectHash::build(&names)?;
    out.push_str(&table.emit());
    out.push_str(
        "/// One constant per name: SCREAMING_SNAKE_CASE of the exact name\n\
         /// (`foreignObject` → `FOREIGN_OBJECT`, `foreignobject` → `FOREIGNOBJECT`,\n\
         /// `accept-charset` → `ACCEPT_CHARSET`, `xlink:href` → `XLINK_HREF`).\n\
         pub mod local_names {\n\
         \x20   use super::LocalName;\n\n",
    );
    for (index, name) in names.iter().enumerate() {
        writeln!(out, "    /// `{name}`\n    pub const {}: LocalName = LocalName({index});", const_name(name)).unwrap();
    }
    out.push_str("}\n");
    Ok(rust_text_file(OUTPUT, &[SOURCE], provenance, &out))
}

/// The rows of the one section the spec texts hold, `[namespaces]`.
fn canonical_namespaces(known: &KnownNames) -> Vec<String> {
    known.namespaces.iter().map(|(name, url)| format!("namespace {name} {url}")).collect()
}

/// Extracts "The X namespace is: URL" lines (W3C HTML5 §8.3 Namespaces,
/// which the saved WHATWG copy does not contain).
pub fn extract_namespaces(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("The ")?;
            let (name, url) = rest.split_once(" namespace is: ")?;
            Some(format!("namespace {name} {}", url.trim()))
        })
        .collect()
}

impl Table for Names {
    fn name(&self) -> &'static str {
        "names"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let known = load(ctx)?;
        Ok(vec![generate_names(&known, &file.provenance())?])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let known = match load(ctx) {
            Ok(known) => known,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        let interned = known.interned();
        report.entries = interned.len();
        let spec_names: Vec<&str> = known.namespaces.iter().map(|(n, _)| n.as_str()).collect();
        let expected: Vec<&str> = NAMESPACES.iter().map(|(n, _, _)| *n).collect();
        report.check(spec_names == expected, || {
            format!("[namespaces] must list {expected:?} in that order, not {spec_names:?}")
        });
        for (section, names) in &known.sections {
            let mut seen = BTreeSet::new();
            for name in names {
                report.check(seen.insert(name), || format!("[{section}] lists {name} twice"));
                report.check(name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b':'), || {
                    format!("[{section}] {name:?}: a name is ASCII letters, digits, `-` and `:`")
                });
            }
            report.notes.push(format!("{section} {}", names.len()));
        }
        let mut constants: BTreeMap<String, &str> = BTreeMap::new();
        for name in &interned {
            let constant = const_name(name);
            report.check(constant.starts_with(|c: char| c.is_ascii_uppercase()), || {
                format!("{name}: constant {constant} does not start with a letter")
            });
            if let Some(other) = constants.insert(constant.clone(), name) {
                report.problems.push(format!("{other} and {name} both become local_names::{constant}"));
            }
        }
        report.check(interned.len() <= usize::from(u16::MAX), || "too many names for LocalName(u16)".into());
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(canonical_namespaces(&load(ctx)?))
    }

    /// Only `[namespaces]` is in the spec texts (the W3C tree-construction
    /// copy); the element and attribute indexes are not, so the other
    /// sections are checked by the cross-checks of the other tables' audits.
    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        let file = "w3c-html5-tree-construction-diff.txt";
        Some(read_spec_text(spec_dir, file).and_then(|text| {
            let rows = extract_namespaces(&text);
            if rows.is_empty() {
                return Err(format!("{file}: no \"The … namespace is: …\" lines"));
            }
            Ok(SpecRows { rows })
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_names_follow_the_word_breaks_of_the_name() {
        assert_eq!(const_name("div"), "DIV");
        assert_eq!(const_name("foreignObject"), "FOREIGN_OBJECT");
        assert_eq!(const_name("foreignobject"), "FOREIGNOBJECT");
        assert_eq!(const_name("accept-charset"), "ACCEPT_CHARSET");
        assert_eq!(const_name("xlink:href"), "XLINK_HREF");
        assert_eq!(const_name("definitionURL"), "DEFINITION_URL");
        assert_eq!(const_name("pointsAtX"), "POINTS_AT_X");
        assert_eq!(const_name("h1"), "H1");
        assert_eq!(const_name("annotation-xml"), "ANNOTATION_XML");
    }

    #[test]
    fn namespaces_are_read_from_the_w3c_section() {
        let text = "8.3 Namespaces\n\nThe HTML namespace is: http://www.w3.org/1999/xhtml\n\nThe XMLNS namespace is: http://www.w3.org/2000/xmlns/\n";
        assert_eq!(
            extract_namespaces(text),
            ["namespace HTML http://www.w3.org/1999/xhtml", "namespace XMLNS http://www.w3.org/2000/xmlns/"]
        );
    }
}
