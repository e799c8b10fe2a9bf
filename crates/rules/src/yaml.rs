//! A small YAML tree with positions, built from saphyr-parser events, with
//! hard limits so that hostile input is refused quickly and clearly.

use saphyr_parser::{Event, Parser, ScalarStyle};
use crate::rule::Msg;
use crate::msg;
use std::collections::HashMap;

/// Largest input accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;
/// Deepest nesting accepted.
pub const MAX_DEPTH: usize = 100;
/// Most nodes a document may expand to (guards alias bombs).
pub(crate) const MAX_NODES: usize = 2_000_000;

/// A scalar's text, and whether it was written in quotes. Most Kubernetes
/// scalars are short (keys, names, ports), so up to 22 bytes are kept inline,
/// without an allocation of their own; longer text is one exact-size
/// allocation. The quoting is kept inside (in the length byte, or beside the
/// pointer) so that a whole node is 32 bytes.
///
/// Equality compares the text only; ask [`Text::quoted`] where the quoting
/// matters.
#[derive(Clone)]
pub struct Text(Repr);

const QUOTED: u8 = 0x80;

#[derive(Clone)]
enum Repr {
    /// `meta` is the length (at most 22), with [`QUOTED`] set when quoted.
    Inline { meta: u8, buf: [u8; 22] },
    Heap { text: Box<str>, quoted: bool },
}

impl Text {
    /// Text as written, quoted or not.
    pub fn new(s: &str, quoted: bool) -> Self {
        if s.len() <= 22 {
            let mut buf = [0u8; 22];
            buf[..s.len()].copy_from_slice(s.as_bytes());
            Text(Repr::Inline { meta: s.len() as u8 | if quoted { QUOTED } else { 0 }, buf })
        } else {
            Text(Repr::Heap { text: s.into(), quoted })
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // SAFETY: `buf[..len]` is only ever filled by `Text::new`, which
            // copies a whole `str` (all of it, so no character is cut), so it
            // is valid UTF-8. Checking it again on every read cost 10% of a review.
            Repr::Inline { meta, buf } => unsafe { std::str::from_utf8_unchecked(&buf[..usize::from(meta & !QUOTED)]) },
            Repr::Heap { text, .. } => text,
        }
    }

    /// Whether it was written in quotes (so `"1"` stays a string).
    pub fn quoted(&self) -> bool {
        match &self.0 {
            Repr::Inline { meta, .. } => meta & QUOTED != 0,
            Repr::Heap { quoted, .. } => *quoted,
        }
    }
}

impl From<&str> for Text {
    /// Plain (unquoted) text.
    fn from(s: &str) -> Self {
        Text::new(s, false)
    }
}

impl From<String> for Text {
    fn from(s: String) -> Self {
        Text::from(s.as_str())
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

/// A YAML node with the position where it starts (1-based line and column);
/// 32 bytes, so that the tree of a 5 MB manifest (about 460,000 nodes) stays
/// near three times its text.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The value.
    pub value: Value,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
}

/// A YAML value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`, `~` or nothing.
    Null,
    /// Any scalar, as text; [`Text::quoted`] says whether it was written in quotes.
    Scalar(Text),
    /// A sequence. Boxed slices, not vectors: the tree lives for the whole
    /// review and never grows, so it keeps no capacity field and no spare room.
    Seq(Box<[Node]>),
    /// A mapping, in document order; keys keep their positions.
    Map(Box<[(Node, Node)]>),
}

/// A parse error at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// What is wrong, in each language.
    pub message: Msg,
}

impl Node {
    /// Looks up a key in a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The key node of `key` in a mapping (for pointing at the field name).
    pub fn key(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(k, _)| k),
            _ => None,
        }
    }

    /// Follows a path of keys.
    pub fn path(&self, keys: &[&str]) -> Option<&Node> {
        keys.iter().try_fold(self, |n, k| n.get(k))
    }

    /// The scalar text, if this is a scalar.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar(text) => Some(text.as_str()),
            _ => None,
        }
    }

    /// The scalar as an integer.
    pub fn as_i64(&self) -> Option<i64> {
        self.as_str().and_then(|s| s.trim().parse().ok())
    }

    /// The scalar as a YAML boolean.
    pub fn as_bool(&self) -> Option<bool> {
        match self.as_str()? {
            "true" | "True" | "TRUE" => Some(true),
            "false" | "False" | "FALSE" => Some(false),
            _ => None,
        }
    }

    /// Sequence items (empty for non-sequences).
    pub fn items(&self) -> &[Node] {
        match &self.value {
            Value::Seq(items) => items,
            _ => &[],
        }
    }

    /// Mapping entries (empty for non-mappings).
    pub fn entries(&self) -> &[(Node, Node)] {
        match &self.value {
            Value::Map(e) => e,
            _ => &[],
        }
    }

    /// A mapping of strings (labels, annotations, selectors), borrowed from
    /// the tree: scalar keys only, and a value that is not a scalar reads `""`.
    pub fn str_map(&self) -> Vec<(&str, &str)> {
        // Sized for every entry at once: the review's lookup keeps one of
        // these per object, and collecting through the filter would start at
        // room for four and double from there.
        let entries = self.entries();
        let mut out = Vec::with_capacity(entries.len());
        out.extend(entries.iter().filter_map(|(k, v)| Some((k.as_str()?, v.as_str().unwrap_or_default()))));
        out
    }

    /// [`Node::str_map`], copied out of the tree.
    pub fn string_map(&self) -> Vec<(String, String)> {
        self.str_map().into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn count(&self) -> usize {
        1 + match &self.value {
            Value::Seq(items) => items.iter().map(Node::count).sum(),
            Value::Map(e) => e.iter().map(|(k, v)| k.count() + v.count()).sum(),
            _ => 0,
        }
    }
}

/// One document of a multi-document input.
#[derive(Debug, Clone)]
pub struct Document {
    /// The parsed root, or why it could not be parsed.
    pub root: Result<Node, YamlError>,
    /// 1-based line where the document starts.
    pub line: u32,
}

/// Splits input into documents at `---` lines and parses each on its own, so
/// one broken document does not stop the others being checked.
pub fn parse_documents(text: &str) -> Result<Vec<Document>, YamlError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(YamlError {
            line: 1,
            col: 1,
            message: msg!(
                "the input is {:.1} MB; Casebook checks at most {} MB at a time. Split the file and check the parts.",
                "입력이 {:.1} MB다. Casebook은 한 번에 최대 {} MB까지 검사한다. 파일을 나누어 부분별로 검사하라.",
                text.len() as f64 / 1_048_576.0,
                MAX_INPUT_BYTES / 1_048_576
            ),
        });
    }
    if let Some(pos) = text.find(|c: char| c == '\0' || (c.is_control() && !matches!(c, '\n' | '\r' | '\t'))) {
        let line = 1 + text[..pos].matches('\n').count();
        return Err(YamlError { line: line as u32, col: 1, message: msg!("the input contains binary data (control characters); paste YAML text", "입력에 바이너리 데이터(제어 문자)가 들어 있다. YAML 텍스트를 붙여 넣어라") });
    }
    let mut docs = Vec::new();
    let mut start = 0usize;
    let mut start_line = 1u32;
    let mut offset = 0usize;
    for (line_no, line) in (1u32..).zip(text.split_inclusive('\n')) {
        let is_sep = line.starts_with("---") && line[3..].chars().next().is_none_or(char::is_whitespace);
        if is_sep && offset > start {
            push_doc(&mut docs, &text[start..offset], start_line);
        }
        if is_sep {
            start = offset;
            start_line = line_no;
        }
        offset += line.len();
    }
    push_doc(&mut docs, &text[start..], start_line);
    Ok(docs)
}

fn push_doc(docs: &mut Vec<Document>, chunk: &str, first_line: u32) {
    let meaningful = chunk.lines().any(|l| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#') && t != "---" && t != "..."
    });
    if !meaningful {
        return;
    }
    let root = parse_one(chunk).map_err(|mut e| {
        e.line += first_line - 1;
        e
    });
    let root = root.map(|mut n| {
        shift(&mut n, first_line - 1);
        n
    });
    docs.push(Document { root, line: first_line });
}

fn shift(n: &mut Node, by: u32) {
    // Iterative to avoid deep recursion on hostile input.
    let mut stack = vec![n];
    while let Some(n) = stack.pop() {
        n.line += by;
        match &mut n.value {
            Value::Seq(items) => stack.extend(items.iter_mut()),
            Value::Map(e) => {
                for (k, v) in e.iter_mut() {
                    stack.push(k);
                    stack.push(v);
                }
            }
            _ => {}
        }
    }
}

/// The YAML parser's reason, in each language. The parser writes English; its
/// reasons that pasted manifests commonly hit have a Korean wording here, and
/// any other keeps the parser's English words after a Korean lead-in.
fn malformed(info: &str) -> Msg {
    const KO: &[(&str, &str)] = &[
        ("mapping values are not allowed in this context", "이 위치에는 매핑 값(`:`)이 올 수 없다"),
        ("block sequence entries are not allowed in this context", "이 위치에는 블록 시퀀스 항목(`-`)이 올 수 없다"),
        ("mapping keys are not allowed in this context", "이 위치에는 매핑 키가 올 수 없다"),
        ("while parsing a block mapping, did not find expected key", "블록 매핑을 읽는 중 기대한 키를 찾지 못했다"),
        ("while parsing a block collection, did not find expected '-' indicator", "블록 컬렉션을 읽는 중 기대한 '-' 표시를 찾지 못했다"),
        ("while parsing a flow mapping, did not find expected ',' or '}'", "흐름 매핑을 읽는 중 기대한 ',' 또는 '}'를 찾지 못했다"),
        ("while parsing a flow sequence, expected ',' or ']'", "흐름 시퀀스를 읽는 중 ',' 또는 ']'가 와야 한다"),
        ("while parsing a node, did not find expected node content", "노드를 읽는 중 기대한 노드 내용을 찾지 못했다"),
        ("while scanning a quoted scalar, found unexpected end of stream", "따옴표로 묶인 스칼라를 읽는 중 입력이 끝났다(닫는 따옴표가 없다)"),
        ("while scanning a quoted scalar, found unexpected document indicator", "따옴표로 묶인 스칼라를 읽는 중 문서 구분자를 만났다(닫는 따옴표가 없다)"),
        ("while parsing a quoted scalar, found unknown escape character", "따옴표로 묶인 스칼라에 알 수 없는 이스케이프 문자가 있다"),
        ("while scanning a plain scalar, found a tab", "따옴표 없는 스칼라를 읽는 중 탭 문자를 만났다"),
        ("while parsing anchor, found duplicated anchor", "앵커를 읽는 중 중복된 앵커를 만났다"),
        ("while parsing node, found unknown anchor", "노드를 읽는 중 알 수 없는 앵커를 만났다"),
        ("tab cannot be used as indentation", "들여쓰기에는 탭을 쓸 수 없다"),
        ("tabs disallowed within this context (block indentation)", "이 위치(블록 들여쓰기)에는 탭을 쓸 수 없다"),
        ("tabs disallowed in this context", "이 위치에는 탭을 쓸 수 없다"),
        ("invalid indentation", "들여쓰기가 잘못되었다"),
        ("wrongly indented line in block scalar", "블록 스칼라 안의 줄이 잘못 들여쓰여 있다"),
        ("did not find expected <document start>", "기대한 문서 시작(`---`)을 찾지 못했다"),
        ("invalid trailing content after double-quoted scalar", "큰따옴표 스칼라 뒤에 잘못된 내용이 붙어 있다"),
        ("unexpected end of plain scalar", "따옴표 없는 스칼라가 예기치 않게 끝났다"),
        ("':' must be followed by a valid YAML whitespace", "':' 뒤에는 YAML 공백이 와야 한다"),
        ("'-' must be followed by a valid YAML whitespace", "'-' 뒤에는 YAML 공백이 와야 한다"),
        ("simple key expected", "단순 키가 와야 한다"),
        ("simple key expect ':'", "단순 키 뒤에 ':'가 와야 한다"),
        ("misplaced bracket", "괄호의 위치가 잘못되었다"),
        ("illegal placement of ':' indicator", "':' 표시의 위치가 잘못되었다"),
        ("unexpected eof", "입력이 예기치 않게 끝났다"),
        ("found unprintable character", "출력할 수 없는 문자가 있다"),
    ];
    Msg::new(
        || format!("malformed YAML: {info}"),
        || match KO.iter().find(|(en, _)| *en == info) {
            Some((_, ko)) => format!("YAML 형식이 잘못되었다: {ko}"),
            None => format!("YAML 형식이 잘못되었다(파서의 설명: {info})"),
        },
    )
}

/// An open collection: where it starts, and where its children begin in the
/// shared scratch list of its kind. Children are gathered there and moved
/// into one exact-size allocation when the collection ends, so no list grows
/// by doubling and is then shrunk.
enum Frame {
    Seq { line: u32, col: u32, from: usize },
    Map { line: u32, col: u32, from: usize, pending: Option<Node> },
}

/// Parses one document into a tree.
fn parse_one(text: &str) -> Result<Node, YamlError> {
    let mut stack: Vec<(Frame, usize)> = Vec::new();
    let mut items: Vec<Node> = Vec::new();
    let mut entries: Vec<(Node, Node)> = Vec::new();
    let mut anchors: HashMap<usize, Node> = HashMap::new();
    let mut root: Option<Node> = None;
    let mut nodes = 0usize;
    for ev in Parser::new_from_str(text) {
        let (ev, span) = ev.map_err(|e| YamlError {
            line: e.marker().line() as u32,
            col: e.marker().col() as u32 + 1,
            message: if e.info().contains("recursion limit") {
                msg!("nesting is too deep; this is not a Kubernetes manifest", "중첩이 너무 깊다. Kubernetes 매니페스트가 아니다")
            } else {
                malformed(e.info())
            },
        })?;
        let (line, col) = (span.start.line() as u32, span.start.col() as u32 + 1);
        let err = |message: Msg| YamlError { line, col, message };
        let (node, anchor) = match ev {
            Event::Scalar(text, style, anchor, _tag) => {
                let quoted = !matches!(style, ScalarStyle::Plain);
                let value = if !quoted && matches!(text.as_ref(), "" | "~" | "null" | "Null" | "NULL") {
                    Value::Null
                } else {
                    // Copied: the parser's own string may carry a much larger
                    // buffer (ten times the text, measured).
                    Value::Scalar(Text::new(text.as_ref(), quoted))
                };
                (Node { value, line, col }, anchor)
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(err(msg!(
                        "nesting is deeper than {MAX_DEPTH} levels; this is not a Kubernetes manifest",
                        "중첩이 {MAX_DEPTH}단계보다 깊다. Kubernetes 매니페스트가 아니다"
                    )));
                }
                let frame = if matches!(ev, Event::SequenceStart(..)) {
                    Frame::Seq { line, col, from: items.len() }
                } else {
                    Frame::Map { line, col, from: entries.len(), pending: None }
                };
                stack.push((frame, anchor));
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some((frame, anchor)) = stack.pop() else { continue };
                let node = match frame {
                    Frame::Seq { line, col, from } => Node { value: Value::Seq(items.drain(from..).collect()), line, col },
                    Frame::Map { line, col, from, pending: None } => Node { value: Value::Map(entries.drain(from..).collect()), line, col },
                    Frame::Map { pending: Some(k), .. } => return Err(YamlError { line: k.line, col: k.col, message: msg!("a mapping key has no value", "매핑 키에 값이 없다") }),
                };
                (node, anchor)
            }
            Event::Alias(id) => {
                let target = anchors.get(&id).ok_or_else(|| err(msg!("an alias refers to an unknown anchor", "별칭(alias)이 알 수 없는 앵커를 가리킨다")))?;
                let size = target.count();
                if nodes + size > MAX_NODES {
                    return Err(err(msg!(
                        "aliases expand to more than {MAX_NODES} nodes (an alias bomb, \"billion laughs\"); refusing to expand",
                        "별칭이 {MAX_NODES}개가 넘는 노드로 펼쳐진다(alias bomb, \"billion laughs\"). 펼치기를 거부한다"
                    )));
                }
                let mut copy = target.clone();
                copy.line = line;
                copy.col = col;
                nodes += size - 1;
                (copy, 0)
            }
            _ => continue,
        };
        nodes += 1;
        if nodes > MAX_NODES {
            return Err(err(msg!("the document has more than {MAX_NODES} nodes", "문서의 노드가 {MAX_NODES}개보다 많다")));
        }
        if anchor > 0 {
            anchors.insert(anchor, node.clone());
        }
        match stack.last_mut() {
            None => root = Some(node),
            Some((Frame::Seq { .. }, _)) => items.push(node),
            Some((Frame::Map { pending, .. }, _)) => match pending.take() {
                None => *pending = Some(node),
                Some(key) => entries.push((key, node)),
            },
        }
    }
    Ok(root.unwrap_or(Node { value: Value::Null, line: 1, col: 1 }))
}

#[cfg(test)]
mod tests {

    #[test]
    fn scalar_text_is_whole_inline_and_on_the_heap() {
        for t in ["", "a", "app.kubernetes.io/name", "app.kubernetes.io/names", "한국어 레이블은 여러 바이트입니다", &"x".repeat(500)] {
            let text = Text::from(t);
            assert_eq!(text.as_str(), t);
            assert_eq!(&*text, t);
            assert_eq!(text, Text::from(t.to_string()));
            assert!(!text.quoted());
            let quoted = Text::new(t, true);
            assert!(quoted.quoted());
            assert_eq!(quoted.as_str(), t);
        }
        assert_ne!(Text::from("ab"), Text::from("abc"));
        assert_eq!(std::mem::size_of::<Text>(), 24);
        assert_eq!(std::mem::size_of::<Node>(), 32);
    }

    use super::*;

    #[test]
    fn keeps_positions_of_keys_and_values() {
        let docs = parse_documents("a: 1\nb:\n  c: [x, y]\n").unwrap();
        let root = docs[0].root.as_ref().unwrap();
        let c = root.path(&["b", "c"]).unwrap();
        assert_eq!((c.line, c.col), (3, 6));
        let key = root.get("b").unwrap().key("c").unwrap();
        assert_eq!((key.line, key.col), (3, 3));
    }

    #[test]
    fn documents_are_independent() {
        let docs = parse_documents("a: 1\n---\nb: [\n---\nc: 3\n").unwrap();
        assert_eq!(docs.len(), 3);
        assert!(docs[0].root.is_ok() && docs[1].root.is_err() && docs[2].root.is_ok());
        assert_eq!(docs[2].root.as_ref().unwrap().get("c").unwrap().line, 5);
        assert!(docs[1].root.as_ref().unwrap_err().line >= 3);
    }

    #[test]
    fn refuses_alias_bombs_deep_nesting_binary_and_huge_input() {
        use std::fmt::Write;
        let mut bomb = String::from("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (i, prev) in ["b", "c", "d", "e", "f", "g", "h", "i"].iter().zip(["a", "b", "c", "d", "e", "f", "g", "h"]) {
            let _ = writeln!(bomb, "{i}: &{i} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]");
        }
        let err = parse_documents(&bomb).unwrap()[0].root.clone().unwrap_err();
        assert!(err.message.en.contains("alias bomb"), "{err:?}");

        let deep = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
        let err = parse_documents(&deep).unwrap()[0].root.clone().unwrap_err();
        assert!(err.message.en.contains("deep"), "{err:?}");
        let deep_block = (0..300).fold(String::new(), |mut s, i| {
            let _ = writeln!(s, "{}k{i}:", " ".repeat(i));
            s
        });
        let err = parse_documents(&deep_block).unwrap()[0].root.clone().unwrap_err();
        assert!(err.message.en.contains("deep"), "{err:?}");

        assert!(parse_documents("a: \0\u{1}").unwrap_err().message.en.contains("binary"));
        assert!(parse_documents(&"x".repeat(MAX_INPUT_BYTES + 1)).unwrap_err().message.en.contains("MB"));
    }

    #[test]
    fn quoted_scalars_are_marked() {
        let docs = parse_documents("a: \"1\"\nb: 1\nc: ~\n").unwrap();
        let r = docs[0].root.as_ref().unwrap();
        assert!(matches!(&r.get("a").unwrap().value, Value::Scalar(t) if t.quoted()));
        assert!(matches!(&r.get("b").unwrap().value, Value::Scalar(t) if !t.quoted()));
        assert_eq!(r.get("b").unwrap().as_i64(), Some(1));
        assert_eq!(r.get("c").unwrap().value, Value::Null);
    }
}
