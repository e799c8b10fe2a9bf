//! Share links: pasted YAML packed into a URL fragment (`#m=...&b=...`),
//! deflate-compressed and base64url-encoded. The fragment never reaches a
//! server. Decoding is bounded: corrupt or oversized fragments are refused.

use crate::yaml::MAX_INPUT_BYTES;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn b64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 4);
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16) | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8) | u32::from(*chunk.get(2).unwrap_or(&0));
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

fn b64_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let vals: Option<Vec<u32>> = s.bytes().map(|c| ALPHABET.iter().position(|&a| a == c).map(|p| p as u32)).collect();
    let vals = vals?;
    for chunk in vals.chunks(4) {
        if chunk.len() == 1 {
            return None;
        }
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, v)| acc | (v << (18 - 6 * i)));
        out.push((n >> 16) as u8);
        if chunk.len() > 2 {
            out.push((n >> 8) as u8);
        }
        if chunk.len() > 3 {
            out.push(n as u8);
        }
    }
    Some(out)
}

/// Packs text for a URL fragment.
pub fn encode_text(text: &str) -> String {
    b64_encode(&miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9))
}

/// Unpacks [`encode_text`] output. Refuses malformed data and anything that
/// inflates beyond the input size limit.
pub fn decode_text(packed: &str) -> Result<String, String> {
    let bytes = b64_decode(packed.trim()).ok_or("the link's data is not valid base64url; it may have been cut off")?;
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_INPUT_BYTES)
        .map_err(|_| "the link's data is corrupt or too large to unpack".to_string())?;
    String::from_utf8(raw).map_err(|_| "the link's data is not text".to_string())
}

/// Builds a fragment `m=...` (and `&b=...` for a before version).
pub fn encode_fragment(after: &str, before: Option<&str>) -> String {
    let mut s = format!("m={}", encode_text(after));
    if let Some(b) = before {
        s.push_str("&b=");
        s.push_str(&encode_text(b));
    }
    s
}

/// Parses a fragment made by [`encode_fragment`] (with or without the `#`).
/// Returns `(after, before)`; `Ok(None)` when the fragment holds no manifest.
pub fn decode_fragment(fragment: &str) -> Result<Option<(String, Option<String>)>, String> {
    let frag = fragment.trim_start_matches('#');
    if frag.len() > MAX_INPUT_BYTES {
        return Err("the link is too long to be a Casebook share link".into());
    }
    let mut after = None;
    let mut before = None;
    for part in frag.split('&') {
        match part.split_once('=') {
            Some(("m", v)) => after = Some(decode_text(v)?),
            Some(("b", v)) => before = Some(decode_text(v)?),
            _ => {}
        }
    }
    Ok(after.map(|a| (a, before)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_text_and_fragments() {
        for t in ["", "a", "ab", "abc", "kind: Pod\nmetadata: {name: 장애}\n"] {
            assert_eq!(decode_text(&encode_text(t)).unwrap(), t);
        }
        let f = encode_fragment("after: 1", Some("before: 1"));
        assert_eq!(decode_fragment(&format!("#{f}")).unwrap(), Some(("after: 1".into(), Some("before: 1".into()))));
        assert_eq!(decode_fragment("#/cases/x").unwrap(), None);
    }

    #[test]
    fn hostile_fragments_are_refused() {
        assert!(decode_fragment("#m=!!!").is_err());
        assert!(decode_fragment("#m=A").is_err());
        assert!(decode_fragment("#m=AAAAAAAA").is_err());
        // A deflate bomb: 64 MB of zeros compresses to a few KB.
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![0u8; 64 * 1024 * 1024], 9);
        let err = decode_text(&b64_encode(&bomb)).unwrap_err();
        assert!(err.contains("too large"), "{err}");
    }
}
