//! Compiles `cases/` into the bundle that the server embeds, so that
//! `casebook mcp` and `casebook serve` need no files and no network. A case
//! file that does not validate does not stop the build (so that `casebook
//! validate` can still be built to report it); the server then refuses to
//! start and names the first problem.

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let cases = root.join("cases");
    println!("cargo:rerun-if-changed={}", cases.display());
    println!("cargo:rerun-if-changed={}", root.join("crates/model/vocabulary.toml").display());
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("casebook.bin");
    let problem = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("casebook.problem");
    let built = casebook_model::Vocabulary::builtin().map_err(|e| e.to_string()).and_then(|vocab| {
        let list = casebook_model::load_cases_dir(&cases, &vocab).map_err(|e| e.to_string())?;
        // The build date is the newest date a source was read: the same bytes from the same cases.
        let date = list.iter().map(|c| c.checked.clone()).max().unwrap_or_else(|| "1970-01-01".into());
        let rules = casebook_rules::rules().iter().map(|r| r.doc()).collect();
        Ok(casebook_bundle::Bundle::build(list, vocab, &date).with_rules(rules).encode())
    });
    match built {
        Ok(bytes) => {
            std::fs::write(&out, bytes).expect("write the bundle");
            std::fs::write(&problem, "").expect("write the problem file");
        }
        Err(e) => {
            println!("cargo:warning=the embedded library was not built: {}", e.lines().next().unwrap_or_default());
            std::fs::write(&out, []).expect("write the bundle");
            std::fs::write(&problem, e).expect("write the problem file");
        }
    }
}
