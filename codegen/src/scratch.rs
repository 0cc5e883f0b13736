//! Scratch repositories for the generators' unit tests: a `spec-data/`
//! folder of given files under the system's temporary folder, one folder
//! per test and process, so tests running in parallel do not share files.

use crate::Context;

/// A repository whose `spec-data/` holds `files` (name, contents), in a
/// folder named after `generator` and `test`.
pub(crate) fn repository(generator: &str, test: &str, files: &[(&str, &str)]) -> Context {
    let dir = std::env::temp_dir().join(format!("htmlforge-{generator}-{test}-{}", std::process::id()));
    let data = dir.join("spec-data");
    std::fs::create_dir_all(&data).unwrap();
    for (name, contents) in files {
        let path = data.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, contents).unwrap();
    }
    Context::new(dir)
}
