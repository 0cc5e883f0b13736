//! Running the `htmlforge` binary from the CLI tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of the binary printed, and whether it succeeded.
pub struct Run {
    pub stdout: String,
    #[allow(dead_code)] // not every test file reads it
    pub stderr: String,
    #[allow(dead_code)] // not every test file reads it
    pub success: bool,
    /// The exit code (`None`: ended by a signal).
    #[allow(dead_code)] // not every test file reads it
    pub code: Option<i32>,
}

/// Runs the binary with `args`, `stdin` as its input.
#[allow(dead_code)] // not every test file calls it
pub fn run(args: &[&str], stdin: &[u8]) -> Run {
    run_with_status(args, stdin)
}

/// Runs the binary with `args`, `stdin` as its input, keeping the exit code.
pub fn run_with_status(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_htmlforge"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A verb that fails early may not read its input.
    let _ = child.stdin.take().expect("piped stdin").write_all(stdin);
    let output = child.wait_with_output().expect("the binary ends");
    Run {
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 errors"),
        success: output.status.success(),
        code: output.status.code(),
    }
}
