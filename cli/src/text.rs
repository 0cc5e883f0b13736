//! `htmlforge text`: a document's visible text.

use std::io::Write;

use htmlforge::dom::TextOptions;

use crate::failure::Failure;
use crate::input::{paths, read_bytes, InputFlags, TreeFlags};

/// Print the text of a document as a reader sees it rendered.
///
/// What the standard's `innerText` gives: hidden elements (`script`,
/// `style`, `head`, `template`, `[hidden]`, a closed `dialog`…), the
/// fallback content of `iframe`, `video`, `audio` and `canvas`, SVG's
/// `title` and `desc`, and comments are left out; blocks and `<br>` break
/// lines, paragraphs are set apart by an empty line, table cells by tabs,
/// and runs of white space collapse as in rendering.
///
/// With several files, each line starts with the file's name and a colon,
/// as grep does.
///
/// Example: `echo '<h1>Title</h1><p>One <b>bold</b> word.' | htmlforge text`
/// prints `Title`, an empty line, and `One bold word.`
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    tree: TreeFlags,
    #[command(flatten)]
    input: InputFlags,
    /// The documents (none or `-`: stdin).
    #[arg(value_name = "FILE")]
    paths: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let paths = paths(&args.paths);
    let named = paths.len() > 1;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for path in paths {
        let bytes = read_bytes(path)?;
        let (document, root) = args.tree.parse(&args.input, &bytes);
        let Some(root) = root else { continue };
        let options = TextOptions::default().scripting(Some(args.tree.options().scripting));
        let text = document.visible_text_with(root, options);
        if text.is_empty() {
            continue;
        }
        if named {
            for line in text.split('\n') {
                writeln!(out, "{path}:{line}")?;
            }
        } else {
            writeln!(out, "{text}")?;
        }
    }
    out.flush()?;
    Ok(())
}
