//! `cargo xtask bench tokenizer [--corpus DIR] [--iters N]`: builds the
//! benchmark binary in release mode and runs it.

use std::process::Command;

use htmlforge_codegen::Context;

pub fn run(ctx: &Context, args: &[String]) -> Result<bool, String> {
    if args.first().map(String::as_str) != Some("tokenizer") {
        return Err("usage: cargo xtask bench tokenizer [--corpus DIR] [--iters N]".into());
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(&ctx.root)
        .args([
            "run",
            "--quiet",
            "--release",
            "--package",
            "htmlforge-bench",
            "--",
        ])
        .args(args)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    Ok(status.success())
}
