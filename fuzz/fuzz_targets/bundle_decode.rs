//! Fuzzes bundle decoding: hostile bytes must yield an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // A whole bundle (head then body), and a head file on its own.
    let _ = casebook_bundle::Bundle::decode(data);
    if let Ok(head) = casebook_bundle::Bundle::decode_head(data) {
        let _ = head.index();
    }
});
