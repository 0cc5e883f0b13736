//! The named character references: `spec-data/named-character-references.txt`
//! → a DAFSA (a minimal deterministic acyclic automaton) with minimal
//! perfect hash numbering, walked one byte at a time by
//! `parser/src/named_char_ref.rs`.
//!
//! Spec: <https://html.spec.whatwg.org/multipage/named-characters.html#named-character-references>
//!
//! Layout of the generated data (every edge of the automaton is one `u32`):
//!
//! | bits  | field |
//! |-------|-------|
//! | 0–5   | the edge's byte, as an index into [`ALPHABET`] |
//! | 6     | the target state accepts (a name ends here) |
//! | 7     | last edge of its sibling list |
//! | 8–19  | number of names below the preceding siblings (the perfect-hash offset) |
//! | 20–31 | index of the target state's first edge (0: no edges) |
//!
//! The edges leaving one state are contiguous and sorted by byte; the root's
//! list starts at index 0. Walking a name and adding the offsets (plus one
//! per accepting state passed through) yields the name's rank in byte order,
//! which indexes the replacement table: per name a `u16` with the byte offset
//! (bits 3–15) and byte length minus one (bits 0–2) of its replacement text
//! in one shared string.
//!
//! The root has one edge per first letter of a name (52), the states after
//! one letter up to two dozen: found by a linear scan, `&quot;` used to walk
//! some 45 edges before its first byte matched. Two direct indexes skip those
//! scans: `ROOT_INDEX` (per byte code: the root edge's index, 0xFF: none) and
//! `SECOND_INDEX` (per root edge, then per byte code: the position in the
//! root edge's target list, 0xFF: none). Deeper lists are short and scanned.
//!
//! The names that end with `;` and fit in eight bytes (1,619 of the 2,231,
//! every one that pages use often) also get a hash table, so that the
//! tokenizer can find such a name in one step when the input holds it whole:
//! the name's bytes as a little-endian `u64` (zero above its `;`) are the key,
//! and a hash-and-displace scheme makes the table collision-free. The bucket
//! is the top [`BUCKET_BITS`] of `key × BUCKET_MULTIPLIER`, the slot the top
//! [`SLOT_BITS`] of `key × SLOT_MULTIPLIER`, XORed with the bucket's
//! displacement; the slot holds the key (0: empty) and the name's replacement
//! span. No name goes on past a `;`, so such a name, when the input starts
//! with it, is the longest match.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use crate::emit::{rust_text_file, GeneratedFile};
use crate::table::read_spec_text;
use crate::{Context, Result, SpecRows, Table, TableReport};

pub struct NamedCharRefs;

const SOURCE: &str = "named-character-references.txt";
const OUTPUT: &str = "parser/src/generated/named_character_references.rs";
/// The spec says the list is static; the audit checks the count.
pub const EXPECTED_COUNT: usize = 2231;
/// The bytes names are made of, in byte order (the matcher stops early once past the wanted byte).
const ALPHABET: &[u8] = b"0123456789;ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// Byte codes are 6 bits: the width of one row of the indexes.
const CODES: usize = 64;
const CODE_MASK: u32 = 0x3f;
const LAST_SIBLING: u32 = 0x80;
/// The short-name hash table: 2^SLOT_BITS slots, 2^BUCKET_BITS displacement buckets.
const SLOT_BITS: u32 = 11;
const BUCKET_BITS: u32 = 9;

/// One row: a name (with its `;` if it has one) and its code points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRef {
    pub name: String,
    pub code_points: Vec<u32>,
}

impl NamedRef {
    fn canonical(&self) -> String {
        let cps: Vec<String> = self.code_points.iter().map(|cp| format!("U+{cp:05X}")).collect();
        format!("{} {}", self.name, cps.join(" "))
    }

    fn replacement(&self) -> Option<String> {
        self.code_points.iter().map(|&cp| char::from_u32(cp)).collect()
    }
}

fn parse_code_point(field: &str) -> Option<u32> {
    u32::from_str_radix(field.strip_prefix("U+")?, 16).ok()
}

/// Reads the table from spec-data.
pub fn load(ctx: &Context) -> Result<Vec<NamedRef>> {
    let file = ctx.load(SOURCE)?;
    file.rows
        .iter()
        .map(|row| {
            let fields = row.fields();
            let code_points: Option<Vec<u32>> = fields[1..].iter().map(|f| parse_code_point(f)).collect();
            match code_points {
                Some(cps) if !cps.is_empty() => Ok(NamedRef { name: fields[0].to_string(), code_points: cps }),
                _ => Err(format!("{}: expected `name U+XXXXX [U+XXXXX]`", row.origin(&file))),
            }
        })
        .collect()
}

/// Extracts the table "Named character references" of the W3C syntax
/// chapter: rows `name U+XXXXX [U+XXXXX] glyph`. Page breaks repeat some
/// rows; identical repeats are dropped.
pub fn extract(spec_dir: &Path) -> Result<Vec<NamedRef>> {
    let text = read_spec_text(spec_dir, "w3c-html5-syntax.txt")?;
    let start =
        text.find("Name Character(s) Glyph").ok_or("w3c-html5-syntax.txt: no named character references table")?;
    let mut rows: Vec<NamedRef> = Vec::new();
    let mut seen = BTreeSet::new();
    for line in text[start..].lines().skip(1) {
        let mut fields = line.split_whitespace();
        let Some(name) = fields.next() else { continue };
        let valid_name = name.trim_end_matches(';').bytes().all(|b| b.is_ascii_alphanumeric())
            && name.trim_end_matches(';').len() + 1 >= name.len();
        let code_points: Vec<u32> = fields.map_while(parse_code_point).collect();
        if !valid_name || code_points.is_empty() {
            continue;
        }
        let row = NamedRef { name: name.to_string(), code_points };
        if seen.insert(row.canonical()) {
            rows.push(row);
        }
    }
    Ok(rows)
}

/// The automaton and replacement table, ready to be written out.
#[derive(Debug)]
pub struct Dafsa {
    pub edges: Vec<u32>,
    /// Per byte code: index of the root's edge with that byte (0xFF: none).
    pub root_index: Vec<u8>,
    /// Per root edge, [`CODES`] entries: position of the byte code in that
    /// edge's target list (0xFF: none).
    pub second_index: Vec<u8>,
    pub value_spans: Vec<u16>,
    pub values: String,
    pub short_names: ShortNames,
}

/// The hash table of the names that end with `;` and fit in eight bytes
/// (see the module's notes).
#[derive(Debug)]
pub struct ShortNames {
    pub bucket_multiplier: u64,
    pub slot_multiplier: u64,
    /// Per bucket: the value XORed into its keys' slots.
    pub displacements: Vec<u16>,
    /// Per slot: the name as a little-endian word, 0 for an empty slot.
    pub keys: Vec<u64>,
    /// Per slot: the name's replacement span (as in `value_spans`).
    pub spans: Vec<u16>,
}

impl ShortNames {
    /// The key of `name` if it ends with `;` and fits in eight bytes.
    pub fn key(name: &[u8]) -> Option<u64> {
        if name.len() > 8 || name.last() != Some(&b';') || name[..name.len() - 1].contains(&b';') {
            return None;
        }
        let mut word = [0u8; 8];
        word[..name.len()].copy_from_slice(name);
        Some(u64::from_le_bytes(word))
    }

    fn bucket(&self, key: u64) -> usize {
        (key.wrapping_mul(self.bucket_multiplier) >> (64 - BUCKET_BITS)) as usize
    }

    fn slot(&self, key: u64, displacement: u16) -> usize {
        (key.wrapping_mul(self.slot_multiplier) >> (64 - SLOT_BITS)) as usize ^ usize::from(displacement)
    }

    /// The span of the name with this key, looked up as the runtime does.
    pub fn find(&self, key: u64) -> Option<u16> {
        let slot = self.slot(key, self.displacements[self.bucket(key)]);
        (self.keys[slot] == key).then_some(self.spans[slot])
    }

    /// Places every `(key, span)`: the buckets with the most keys first, each
    /// at the first displacement where all its keys land in free slots. The
    /// multipliers come from a fixed sequence, so the table is reproducible.
    fn build(entries: &[(u64, u16)]) -> Result<ShortNames> {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..64 {
            let bucket_multiplier = splitmix(&mut seed) | 1;
            let slot_multiplier = splitmix(&mut seed) | 1;
            if let Some(table) = Self::try_build(entries, bucket_multiplier, slot_multiplier) {
                return Ok(table);
            }
        }
        Err("no collision-free short-name table in 64 tries".into())
    }

    fn try_build(entries: &[(u64, u16)], bucket_multiplier: u64, slot_multiplier: u64) -> Option<ShortNames> {
        let slots = 1usize << SLOT_BITS;
        let mut table = ShortNames {
            bucket_multiplier,
            slot_multiplier,
            displacements: vec![0; 1 << BUCKET_BITS],
            keys: vec![0; slots],
            spans: vec![0; slots],
        };
        let mut buckets: Vec<Vec<(u64, u16)>> = vec![Vec::new(); 1 << BUCKET_BITS];
        for &(key, span) in entries {
            buckets[table.bucket(key)].push((key, span));
        }
        let mut order: Vec<usize> = (0..buckets.len()).collect();
        order.sort_by_key(|&b| (std::cmp::Reverse(buckets[b].len()), b));
        for b in order {
            if buckets[b].is_empty() {
                break;
            }
            let displacement = (0..slots as u16).find(|&d| {
                let mut taken: Vec<usize> = buckets[b].iter().map(|&(key, _)| table.slot(key, d)).collect();
                let free = taken.iter().all(|&slot| table.keys[slot] == 0);
                taken.sort_unstable();
                taken.dedup();
                free && taken.len() == buckets[b].len()
            })?;
            table.displacements[b] = displacement;
            for &(key, span) in &buckets[b] {
                let slot = table.slot(key, displacement);
                table.keys[slot] = key;
                table.spans[slot] = span;
            }
        }
        Some(table)
    }

    fn data_size(&self) -> usize {
        self.displacements.len() * 2 + self.keys.len() * 8 + self.spans.len() * 2
    }
}

/// SplitMix64: the multipliers' fixed pseudo-random sequence.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Dafsa {
    /// Total static data of the matcher, in bytes.
    pub fn data_size(&self) -> usize {
        self.edges.len() * 4
            + self.root_index.len()
            + self.second_index.len()
            + self.value_spans.len() * 2
            + self.values.len()
            + 128
    }
}

/// A trie node during construction.
#[derive(Default)]
struct TrieNode {
    accepts: bool,
    children: BTreeMap<u8, usize>,
}

/// Builds the DAFSA: a trie, minimized by merging states with equal
/// signatures bottom-up, laid out as contiguous sorted edge lists.
pub fn build(refs: &[NamedRef]) -> Result<Dafsa> {
    let mut sorted: Vec<&NamedRef> = refs.iter().collect();
    sorted.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));

    let mut trie = vec![TrieNode::default()];
    for r in &sorted {
        let mut node = 0;
        for &byte in r.name.as_bytes() {
            if !ALPHABET.contains(&byte) {
                return Err(format!("name {:?} has a byte outside [;0-9A-Za-z]", r.name));
            }
            node = match trie[node].children.get(&byte) {
                Some(&child) => child,
                None => {
                    trie.push(TrieNode::default());
                    let child = trie.len() - 1;
                    trie[node].children.insert(byte, child);
                    child
                }
            };
        }
        trie[node].accepts = true;
    }

    // Minimize: children are created after their parents, so visiting nodes
    // in reverse creation order sees every child before its parent.
    let mut state_of = vec![0usize; trie.len()];
    let mut signatures: HashMap<(bool, Vec<(u8, usize)>), usize> = HashMap::new();
    let mut states: Vec<(bool, Vec<(u8, usize)>)> = Vec::new();
    for node in (0..trie.len()).rev() {
        let signature = (
            trie[node].accepts,
            trie[node].children.iter().map(|(&b, &child)| (b, state_of[child])).collect::<Vec<_>>(),
        );
        state_of[node] = *signatures.entry(signature.clone()).or_insert_with(|| {
            states.push(signature);
            states.len() - 1
        });
    }
    let root = state_of[0];

    // Words below each state (children have lower state numbers).
    let mut count = vec![0usize; states.len()];
    for (state, (accepts, edges)) in states.iter().enumerate() {
        count[state] = usize::from(*accepts) + edges.iter().map(|&(_, child)| count[child]).sum::<usize>();
    }

    // Lay out edge lists breadth-first from the root, which keeps the root's
    // list at index 0.
    let mut list_start: HashMap<usize, usize> = HashMap::new();
    let mut order = vec![root];
    list_start.insert(root, 0);
    let mut next_free = states[root].1.len();
    let mut at = 0;
    while at < order.len() {
        let state = order[at];
        at += 1;
        for &(_, child) in &states[state].1 {
            if !states[child].1.is_empty() && !list_start.contains_key(&child) {
                list_start.insert(child, next_free);
                next_free += states[child].1.len();
                order.push(child);
            }
        }
    }
    let mut edges = vec![0u32; next_free];
    for &state in &order {
        let list = &states[state].1;
        let mut offset = 0usize;
        for (i, &(byte, child)) in list.iter().enumerate() {
            let code = ALPHABET.iter().position(|&b| b == byte).expect("checked above");
            let target = if states[child].1.is_empty() { 0 } else { list_start[&child] };
            if offset >= 1 << 12 || target >= 1 << 12 {
                return Err("the automaton outgrew its 12-bit fields".into());
            }
            edges[list_start[&state] + i] = code as u32
                | u32::from(states[child].0) << 6
                | u32::from(i + 1 == list.len()) << 7
                | (offset as u32) << 8
                | (target as u32) << 20;
            offset += count[child];
        }
    }

    // Replacement texts, shared between names and overlapping where one is
    // already a substring of the table.
    let mut values = String::new();
    let mut value_spans = Vec::with_capacity(sorted.len());
    for r in &sorted {
        let text = r.replacement().ok_or_else(|| format!("{}: not a valid code point", r.name))?;
        let offset = match values.find(&text) {
            Some(offset) => offset,
            None => {
                values.push_str(&text);
                values.len() - text.len()
            }
        };
        if offset >= 1 << 13 || text.is_empty() || text.len() > 8 {
            return Err(format!("{}: replacement does not fit the 16-bit span", r.name));
        }
        value_spans.push((offset << 3 | (text.len() - 1)) as u16);
    }
    let (root_index, second_index) = direct_indexes(&edges);
    let short_entries: Vec<(u64, u16)> = sorted
        .iter()
        .zip(&value_spans)
        .filter_map(|(r, &span)| Some((ShortNames::key(r.name.as_bytes())?, span)))
        .collect();
    let short_names = ShortNames::build(&short_entries)?;
    Ok(Dafsa { edges, root_index, second_index, values, value_spans, short_names })
}

/// The positions of the edges of one list, by byte code.
fn list_entries(edges: &[u32], start: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    let len = edges[start..].iter().position(|&e| e & LAST_SIBLING != 0).map_or(0, |last| last + 1);
    edges[start..start + len].iter().enumerate().map(|(i, &e)| ((e & CODE_MASK) as usize, i))
}

/// `ROOT_INDEX` and `SECOND_INDEX` (see the module's layout notes). Every
/// list is under 64 edges (one per byte code), so a position fits a `u8`.
fn direct_indexes(edges: &[u32]) -> (Vec<u8>, Vec<u8>) {
    let mut root_index = vec![0xffu8; CODES];
    let root: Vec<(usize, usize)> = list_entries(edges, 0).collect();
    let mut second_index = vec![0xffu8; root.len() * CODES];
    for &(code, position) in &root {
        root_index[code] = position as u8;
        let target = (edges[position] >> 20) as usize;
        if target != 0 {
            for (next_code, next_position) in list_entries(edges, target) {
                second_index[position * CODES + next_code] = next_position as u8;
            }
        }
    }
    (root_index, second_index)
}

/// Walks the automaton like the runtime matcher does: the rank of `name`
/// among all names, if it is one. Used to test the layout.
pub fn lookup(dafsa: &Dafsa, name: &[u8]) -> Option<usize> {
    let mut list = 0usize;
    let mut root_position = 0usize;
    let mut rank = 0usize;
    let mut accepted = None;
    for (i, &byte) in name.iter().enumerate() {
        if i > 0 && list == 0 {
            return None;
        }
        let code = ALPHABET.iter().position(|&b| b == byte)?;
        let position = match i {
            0 => dafsa.root_index[code],
            1 => dafsa.second_index[root_position * CODES + code],
            _ => list_entries(&dafsa.edges, list).find(|&(c, _)| c == code)?.1 as u8,
        };
        if position == 0xff {
            return None;
        }
        let edge_index = list + usize::from(position);
        if i == 0 {
            root_position = edge_index;
        }
        let edge = dafsa.edges[edge_index];
        if (edge & CODE_MASK) as usize != code {
            return None;
        }
        rank += (edge >> 8 & 0xfff) as usize;
        accepted = None;
        if edge & 0x40 != 0 {
            accepted = Some(rank);
            rank += 1;
        }
        list = (edge >> 20) as usize;
    }
    accepted
}

fn render(dafsa: &Dafsa, provenance: &str) -> GeneratedFile {
    let mut body = String::new();
    body.push_str(
        "//! The named character reference automaton; see `codegen/src/named_char_refs.rs` for the layout.\n//!\n",
    );
    body.push_str(
        "//! Spec: <https://html.spec.whatwg.org/multipage/named-characters.html#named-character-references>\n\n",
    );
    body.push_str(&format!(
        "/// Static data of the matcher, in bytes.\npub const DATA_SIZE: usize = {};\n\n",
        dafsa.data_size()
    ));
    body.push_str(&format!(
        "/// Number of names in the table.\npub const NAME_COUNT: usize = {};\n\n",
        dafsa.value_spans.len()
    ));
    let mut byte_to_code = [0xffu8; 128];
    for (code, &byte) in ALPHABET.iter().enumerate() {
        byte_to_code[byte as usize] = code as u8;
    }
    body.push_str("/// Alphabet index of each ASCII byte (0xFF: not in any name).\n#[rustfmt::skip]\npub static BYTE_TO_CODE: [u8; 128] = [\n");
    body.push_str(&crate::emit::byte_array_body(&byte_to_code));
    body.push_str("];\n\n");
    body.push_str(&format!(
        "/// The automaton's edges.\n#[rustfmt::skip]\npub static EDGES: [u32; {}] = [\n",
        dafsa.edges.len()
    ));
    body.push_str(&crate::emit::array_body(&dafsa.edges, 8, |e| format!("0x{e:08x}")));
    body.push_str("];\n\n");
    body.push_str(&format!(
        "/// Per byte code: index of the root's edge with that byte (0xFF: none).\n#[rustfmt::skip]\npub static ROOT_INDEX: [u8; {CODES}] = [\n"
    ));
    body.push_str(&crate::emit::byte_array_body(&dafsa.root_index));
    body.push_str("];\n\n");
    body.push_str(&format!(
        "/// Per root edge, {CODES} entries (one per byte code): position of the byte in the root edge's target list (0xFF: none).\n#[rustfmt::skip]\npub static SECOND_INDEX: [u8; {}] = [\n",
        dafsa.second_index.len()
    ));
    body.push_str(&crate::emit::byte_array_body(&dafsa.second_index));
    body.push_str("];\n\n");
    body.push_str(&format!(
        "/// Per name (in byte order): offset << 3 | (length - 1) of its replacement in [`VALUES`].\n#[rustfmt::skip]\npub static VALUE_SPANS: [u16; {}] = [\n",
        dafsa.value_spans.len()
    ));
    body.push_str(&crate::emit::array_body(&dafsa.value_spans, 12, u16::to_string));
    body.push_str("];\n\n");
    render_short_names(&mut body, &dafsa.short_names);
    body.push_str("/// The replacement texts, concatenated.\n#[rustfmt::skip]\npub static VALUES: &str = concat!(\n");
    let chars: Vec<char> = dafsa.values.chars().collect();
    for chunk in chars.chunks(32) {
        let piece: String = chunk.iter().collect();
        body.push_str(&format!("    {},\n", rust_string_literal(&piece)));
    }
    body.push_str(");\n");
    rust_text_file(OUTPUT, &[SOURCE], provenance, &body)
}

fn render_short_names(body: &mut String, table: &ShortNames) {
    body.push_str(&format!(
        "/// The short-name table's buckets: the top `SHORT_BUCKET_BITS` of `key × SHORT_BUCKET_MULTIPLIER`.\n\
         pub const SHORT_BUCKET_BITS: u32 = {BUCKET_BITS};\n\
         /// Multiplier of the short-name table's buckets.\n\
         pub const SHORT_BUCKET_MULTIPLIER: u64 = 0x{:016x};\n\n\
         /// The short-name table's slots: the top `SHORT_SLOT_BITS` of `key × SHORT_SLOT_MULTIPLIER`, XOR the bucket's displacement.\n\
         pub const SHORT_SLOT_BITS: u32 = {SLOT_BITS};\n\
         /// Multiplier of the short-name table's slots.\n\
         pub const SHORT_SLOT_MULTIPLIER: u64 = 0x{:016x};\n\n",
        table.bucket_multiplier, table.slot_multiplier
    ));
    body.push_str(&format!(
        "/// Per bucket: the displacement XORed into its names' slots.\n#[rustfmt::skip]\npub static SHORT_DISPLACEMENTS: [u16; {}] = [\n",
        table.displacements.len()
    ));
    body.push_str(&crate::emit::array_body(&table.displacements, 16, u16::to_string));
    body.push_str("];\n\n");
    body.push_str(&format!(
        "/// Per slot: a name that ends with `;` and fits in eight bytes, as a little-endian word (0: empty).\n#[rustfmt::skip]\npub static SHORT_NAMES: [u64; {}] = [\n",
        table.keys.len()
    ));
    body.push_str(&crate::emit::array_body(&table.keys, 6, |k| format!("0x{k:016x}")));
    body.push_str("];\n\n");
    body.push_str(&format!(
        "/// Per slot: the replacement span of its name (as in [`VALUE_SPANS`]).\n#[rustfmt::skip]\npub static SHORT_SPANS: [u16; {}] = [\n",
        table.spans.len()
    ));
    body.push_str(&crate::emit::array_body(&table.spans, 12, u16::to_string));
    body.push_str("];\n\n");
}

/// A Rust string literal with every non-ASCII or non-printable character
/// escaped, so that the generated file is plain ASCII.
fn rust_string_literal(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            _ => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    out.push('"');
    out
}

impl Table for NamedCharRefs {
    fn name(&self) -> &'static str {
        "named-character-references"
    }

    fn sources(&self) -> &'static [&'static str] {
        &[SOURCE]
    }

    fn generate(&self, ctx: &Context) -> Result<Vec<GeneratedFile>> {
        let file = ctx.load(SOURCE)?;
        let dafsa = build(&load(ctx)?)?;
        Ok(vec![render(&dafsa, &file.provenance())])
    }

    fn audit(&self, ctx: &Context) -> TableReport {
        let refs = match load(ctx) {
            Ok(refs) => refs,
            Err(e) => return TableReport::failed(self.name(), e),
        };
        let mut report = TableReport::new(self.name());
        report.entries = refs.len();
        report.check(refs.len() == EXPECTED_COUNT, || {
            format!("{} names, the spec's static list has {EXPECTED_COUNT}", refs.len())
        });
        let by_name: HashMap<&str, &NamedRef> = refs.iter().map(|r| (r.name.as_str(), r)).collect();
        report.check(by_name.len() == refs.len(), || "duplicate names".to_string());
        for r in &refs {
            let stem = r.name.strip_suffix(';').unwrap_or(&r.name);
            report.check(!stem.is_empty() && stem.bytes().all(|b| b.is_ascii_alphanumeric()), || {
                format!("{}: not an ASCII alphanumeric name", r.name)
            });
            report.check(r.code_points.len() <= 2, || format!("{}: more than two code points", r.name));
            report.check(r.replacement().is_some(), || format!("{}: invalid code point", r.name));
            if !r.name.ends_with(';') {
                // Legacy names without `;` always have a twin with it.
                let twin = by_name.get(format!("{};", r.name).as_str());
                report.check(twin.is_some_and(|t| t.code_points == r.code_points), || {
                    format!("{}: no `{};` with the same code points", r.name, r.name)
                });
            }
        }
        match build(&refs) {
            Ok(dafsa) => {
                let mut sorted: Vec<&NamedRef> = refs.iter().collect();
                sorted.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
                for (rank, r) in sorted.iter().enumerate() {
                    report.check(lookup(&dafsa, r.name.as_bytes()) == Some(rank), || {
                        format!("{}: the automaton does not find it", r.name)
                    });
                }
                let short = &dafsa.short_names;
                let mut short_count = 0;
                for (r, &span) in sorted.iter().zip(&dafsa.value_spans) {
                    if let Some(key) = ShortNames::key(r.name.as_bytes()) {
                        short_count += 1;
                        report.check(short.find(key) == Some(span), || {
                            format!("{}: the short-name table does not find it", r.name)
                        });
                    }
                }
                report.notes.push(format!(
                    "short-name table: {short_count} names in {} slots, {} bytes",
                    short.keys.len(),
                    short.data_size()
                ));
                let size = dafsa.data_size();
                report.check(size < 30 * 1024, || format!("matcher data is {size} bytes, over 30 KB"));
                report.notes.push(format!("matcher: {} edges, {size} bytes of static data", dafsa.edges.len()));
            }
            Err(e) => report.problems.push(e),
        }
        report
    }

    fn data_rows(&self, ctx: &Context) -> Result<Vec<String>> {
        Ok(load(ctx)?.iter().map(NamedRef::canonical).collect())
    }

    fn extract_from_spec(&self, spec_dir: &Path) -> Option<Result<SpecRows>> {
        Some(extract(spec_dir).map(|rows| SpecRows { rows: rows.iter().map(NamedRef::canonical).collect() }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(name: &str, cps: &[u32]) -> NamedRef {
        NamedRef { name: name.into(), code_points: cps.to_vec() }
    }

    #[test]
    fn ranks_follow_byte_order_and_prefixes_come_first() {
        let refs =
            [r("not", &[0xac]), r("not;", &[0xac]), r("notin;", &[0x2209]), r("amp;", &[0x26]), r("AMP;", &[0x26])];
        let dafsa = build(&refs).unwrap();
        assert_eq!(lookup(&dafsa, b"AMP;"), Some(0));
        assert_eq!(lookup(&dafsa, b"amp;"), Some(1));
        assert_eq!(lookup(&dafsa, b"not"), Some(2));
        assert_eq!(lookup(&dafsa, b"not;"), Some(3));
        assert_eq!(lookup(&dafsa, b"notin;"), Some(4));
        assert_eq!(lookup(&dafsa, b"noti"), None);
        assert_eq!(lookup(&dafsa, b"amp"), None);
        assert_eq!(dafsa.values, "&\u{ac}\u{2209}");
    }

    #[test]
    fn shared_suffixes_are_merged() {
        let refs = [r("xab;", &[1]), r("yab;", &[1])];
        let dafsa = build(&refs).unwrap();
        // root: x, y; then one shared "a" list, one "b" list, one ";" list.
        assert_eq!(dafsa.edges.len(), 5);
    }

    #[test]
    fn direct_indexes_agree_with_a_scan_of_the_lists() {
        let refs = [
            r("amp;", &[0x26]),
            r("amp", &[0x26]),
            r("and;", &[0x2227]),
            r("AElig", &[0xc6]),
            r("quot;", &[0x22]),
            r("qint;", &[0x2a0c]),
            r("zwj;", &[0x200d]),
        ];
        let dafsa = build(&refs).unwrap();
        let root: Vec<(usize, usize)> = list_entries(&dafsa.edges, 0).collect();
        assert_eq!(root.len(), 4, "A, a, q, z");
        for code in 0..CODES {
            let scanned = root.iter().find(|&&(c, _)| c == code).map(|&(_, position)| position as u8);
            assert_eq!(dafsa.root_index[code], scanned.unwrap_or(0xff), "root, code {code}");
        }
        for &(_, position) in &root {
            let target = (dafsa.edges[position] >> 20) as usize;
            let list: Vec<(usize, usize)> = list_entries(&dafsa.edges, target).collect();
            for code in 0..CODES {
                let scanned = list.iter().find(|&&(c, _)| c == code).map(|&(_, at)| at as u8);
                assert_eq!(dafsa.second_index[position * CODES + code], scanned.unwrap_or(0xff));
            }
        }
        assert_eq!(lookup(&dafsa, b"qint;"), Some(4));
        assert_eq!(lookup(&dafsa, b"qu"), None);
        assert_eq!(lookup(&dafsa, b"zz"), None);
    }

    #[test]
    fn the_short_name_table_finds_each_short_name_and_nothing_else() {
        let refs = [
            r("amp;", &[0x26]),
            r("amp", &[0x26]),
            r("lt;", &[0x3c]),
            r("notin;", &[0x2209]),
            r("CounterClockwiseContourIntegral;", &[0x2233]),
        ];
        let dafsa = build(&refs).unwrap();
        let short = &dafsa.short_names;
        assert_eq!(ShortNames::key(b"amp"), None);
        assert_eq!(ShortNames::key(b"a;mp;"), None);
        assert_eq!(ShortNames::key(b"CounterClockwiseContourIntegral;"), None);
        for (name, rank) in [("AMP;", None), ("amp;", Some(2)), ("lt;", Some(3)), ("notin;", Some(4))] {
            let found = short.find(ShortNames::key(name.as_bytes()).unwrap());
            assert_eq!(found, rank.map(|rank: usize| dafsa.value_spans[rank]), "{name}");
        }
        assert_eq!(short.keys.iter().filter(|&&k| k != 0).count(), 3);
    }

    #[test]
    fn string_literals_are_ascii() {
        assert_eq!(rust_string_literal("a\"\u{2209}"), "\"a\\\"\\u{2209}\"");
    }
}
