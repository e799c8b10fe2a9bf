//! Fuzzes bundle decoding: hostile bytes must yield an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = casebook_bundle::Bundle::decode(data);
});
