//! `htmlforge serialize`: parse a document (or fragment) and write it back
//! as HTML, streamed to stdout.

use std::io::Write;

use htmlforge::dom::{serialize_inner_html, write_pretty_html, SpecSerializeOptions};
use htmlforge::serializer::{IoOutput, SerializeOptions, Serializer};

use crate::failure::Failure;
use crate::input::{read_bytes, InputFlags, TreeFlags};

/// Parse a document and write it back as HTML.
///
/// By default the standard's HTML fragment serialization algorithm: every
/// tag, every attribute value double-quoted. `--fragment CONTEXT` parses a
/// fragment and writes its nodes; `--scripting on` also writes the text of
/// `noscript` literally.
///
/// Example: `echo '<ul><li>a<li>b</ul>' | htmlforge serialize --minimize -`
/// prints `<ul><li>a<li>b</ul>`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Leave out optional tags, quote attribute values only when needed and
    /// write boolean attributes bare; the output parses to the same tree.
    #[arg(long, conflicts_with = "pretty")]
    minimize: bool,
    /// Indent, with line breaks inside tags only, so that the output parses
    /// to the same tree.
    #[arg(long)]
    pretty: bool,
    #[command(flatten)]
    tree: TreeFlags,
    #[command(flatten)]
    input: InputFlags,
    /// The document (none or `-`: stdin).
    #[arg(value_name = "FILE", default_value = "-")]
    path: String,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let bytes = read_bytes(&args.path)?;
    let (document, root) = args.tree.parse(&args.input, &bytes);
    let Some(root) = root else { return Ok(()) };
    let scripting = args.tree.options().scripting;
    // With declarative shadow roots parsed, write the serializable ones back.
    let serializable_shadow_roots = args.tree.shadow_roots;
    let out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut out = if args.minimize {
        let options =
            SerializeOptions::default().scripting(Some(scripting)).serializable_shadow_roots(serializable_shadow_roots);
        let mut serializer = Serializer::new_io(out, options);
        serializer.write_children(&document, root)?;
        serializer.finish()?
    } else if args.pretty {
        let mut output = IoOutput(out);
        write_pretty_html(
            &document,
            root,
            SpecSerializeOptions::default()
                .scripting(Some(scripting))
                .serializable_shadow_roots(serializable_shadow_roots),
            &mut output,
        )?;
        output.0
    } else {
        let mut output = IoOutput(out);
        serialize_inner_html(
            &document,
            root,
            SpecSerializeOptions::default()
                .scripting(Some(scripting))
                .serializable_shadow_roots(serializable_shadow_roots),
            &mut output,
        )?;
        output.0
    };
    out.flush()?;
    Ok(())
}
