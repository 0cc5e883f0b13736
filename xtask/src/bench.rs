//! `cargo xtask bench [parse|tokenizer|select|interop|memory] [--corpus DIR] [--iters N]`:
//! builds the benchmark binary in release mode and runs it (see
//! `bench/src/main.rs`; no verb runs all five).

use std::process::Command;

use htmlforge_codegen::Context;

pub fn run(ctx: &Context, args: &[String]) -> Result<bool, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(&ctx.root)
        .args(["run", "--quiet", "--release", "--package", "htmlforge-bench", "--"])
        .args(args)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    Ok(status.success())
}
