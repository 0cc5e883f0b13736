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
    // Stdin is written on its own thread while this one reads stdout and
    // stderr: written first, a command that prints more than a pipe holds
    // (64 KiB) before it has read all its input would block on its output
    // while the test blocks on its input.
    let output = std::thread::scope(|scope| {
        let mut input = child.stdin.take().expect("piped stdin");
        // A verb that fails early may not read its input.
        scope.spawn(move || {
            let _ = input.write_all(stdin);
        });
        child.wait_with_output().expect("the binary ends")
    });
    Run {
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 errors"),
        success: output.status.success(),
        code: output.status.code(),
    }
}
