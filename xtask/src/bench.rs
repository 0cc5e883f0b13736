//! `cargo xtask bench [parse|tokenizer|select|interop|memory] [--with lexbor|lol_html]... [--corpus DIR]...
//! [--iters N]`: builds the benchmark binary in release mode and runs it
//! (see `bench/src/main.rs`; no verb runs all five). `--with` adds an
//! opt-in engine to the full parse (see `engines.rs`).

use std::process::Command;

use htmlforge_codegen::Context;

use crate::engines;

pub fn run(ctx: &Context, args: &[String]) -> Result<bool, String> {
    let (with, rest) = engines::split_with(args)?;
    if let Some(unknown) = with.iter().find(|w| !engines::OPT_IN.contains(&w.as_str())) {
        return Err(format!("no opt-in engine {unknown} (known: {})", engines::OPT_IN.join(", ")));
    }
    let build = engines::build_for(ctx, &with)?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(&ctx.root).args(["run", "--quiet", "--release", "--package", "htmlforge-bench"]);
    if !build.features.is_empty() {
        command.args(["--features", &build.features.join(",")]);
    }
    command.envs(build.env.iter().map(|(k, v)| (k, v)));
    let status = command.arg("--").args(rest).status().map_err(|e| format!("cannot run cargo: {e}"))?;
    Ok(status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_opt_in_engine_is_refused_before_building() {
        let ctx = Context::new(crate::repo_root());
        let args: Vec<String> = ["--with", "servo"].iter().map(|s| s.to_string()).collect();
        assert!(run(&ctx, &args).unwrap_err().contains("no opt-in engine servo"));
    }
}
