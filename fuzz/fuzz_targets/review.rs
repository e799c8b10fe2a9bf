//! Fuzzes the YAML parser and every rule: any bytes, as one input or split
//! into a before/after pair, must produce a report, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let opts = casebook_rules::Options::default();
    let _ = casebook_rules::review(text, None, &opts);
    if let Some((before, after)) = text.split_once("\n---8<---\n") {
        let _ = casebook_rules::review(after, Some(before), &opts);
    }
    let _ = casebook_rules::decode_fragment(text);
});
