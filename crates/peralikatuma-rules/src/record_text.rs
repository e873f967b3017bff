//! The text of game records (N4) that every game's records share: header
//! lines, numbered turns wrapped at 80 columns, and the tokens of the
//! turns read back, comments (`{...}`) left out.

use std::fmt;

use crate::side::Side;

/// The value of the tag `key` among `tags`.
pub(super) fn tag<'a>(tags: &'a [(String, String)], key: &str) -> Option<&'a str> {
    tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// Sets the tag `key` among `tags` to `value`, in its place if it is
/// there, else at the end.
pub(super) fn set_tag(tags: &mut Vec<(String, String)>, key: &str, value: &str) {
    match tags.iter_mut().find(|(k, _)| k == key) {
        Some(entry) => entry.1 = value.to_owned(),
        None => tags.push((key.to_owned(), value.to_owned())),
    }
}

/// The tags of a new record: unknown players.
pub(super) fn unknown_players() -> Vec<(String, String)> {
    vec![("White".into(), "?".into()), ("Black".into(), "?".into())]
}

/// Records' lines are wrapped at this width.
const LINE_WIDTH: usize = 80;

/// Writes one header line; a line break in the value becomes a space, so
/// that the header stays on one line.
pub(super) fn write_tag(f: &mut fmt::Formatter<'_>, key: &str, value: &str) -> fmt::Result {
    let escaped = value
        .replace(['\n', '\r'], " ")
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    writeln!(f, "[{key} \"{escaped}\"]")
}

/// Whether `key` can be a header's key: letters, digits and `_`.
pub(super) fn is_tag_key(key: &str) -> bool {
    !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Turn numbers in the record: `n.` before White's turn, `n...` before a
/// Black turn that starts the record.
fn numbers(start: Side, plies: usize) -> impl Iterator<Item = Option<String>> {
    let offset = usize::from(start == Side::Black);
    (0..plies).map(move |ply| {
        let n = (ply + offset) / 2 + 1;
        match (ply, (ply + offset) % 2) {
            (0, 1) => Some(format!("{n}...")),
            (_, 0) => Some(format!("{n}.")),
            _ => None,
        }
    })
}

/// Writes the turns, numbered from a position with `start` to move, then
/// `result`, after the blank line that ends the header.
pub(super) fn write_movetext(
    f: &mut fmt::Formatter<'_>,
    start: Side,
    turns: impl ExactSizeIterator<Item = String>,
    result: &str,
) -> fmt::Result {
    writeln!(f)?;
    let mut words: Vec<String> = numbers(start, turns.len())
        .zip(turns)
        .map(|(number, text)| match number {
            Some(n) => format!("{n} {text}"),
            None => text,
        })
        .collect();
    words.push(result.to_owned());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > LINE_WIDTH {
            writeln!(f, "{line}")?;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    writeln!(f, "{line}")
}

/// Parses `[Key "Value"]`.
fn parse_tag(text: &str) -> Option<(String, String)> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    if !is_tag_key(key) {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((key.to_owned(), value))
}

/// A record's header tags, in order.
pub(super) type Tags = Vec<(String, String)>;

/// The lines after a record's header, each with its 1-based number.
pub(super) type Body<'a> = Vec<(usize, &'a str)>;

/// The header's tags and the lines after it; or the 1-based number and
/// text of a header line that is not `[Key "Value"]`.
pub(super) fn read_header(text: &str) -> Result<(Tags, Body<'_>), (usize, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tags = Vec::new();
    let mut lines = text
        .lines()
        .enumerate()
        .skip_while(|(_, l)| l.trim().is_empty())
        .peekable();
    while let Some((i, line)) = lines.peek().copied() {
        let line = line.trim();
        if !line.starts_with('[') {
            break;
        }
        tags.push(parse_tag(line).ok_or_else(|| (i + 1, line.to_owned()))?);
        lines.next();
    }
    Ok((tags, lines.map(|(i, line)| (i + 1, line)).collect()))
}

/// The words of the turns in `body`, comments left out: the text between
/// `{` and the next `}`, over several lines if need be (PDN's comments,
/// which annotated records hold). With a `{` that no `}` closes, the words
/// before it and the 1-based number of its line.
pub(super) fn words<'a>(body: &[(usize, &'a str)]) -> (Vec<&'a str>, Option<usize>) {
    let mut words = Vec::new();
    // The line of the `{` of the comment the text is in, if it is in one.
    let mut open: Option<usize> = None;
    for &(number, line) in body {
        let mut rest = line;
        loop {
            if open.is_some() {
                match rest.find('}') {
                    Some(end) => {
                        open = None;
                        rest = &rest[end + 1..];
                    }
                    None => break,
                }
            } else {
                match rest.find('{') {
                    Some(start) => {
                        words.extend(rest[..start].split_whitespace());
                        open = Some(number);
                        rest = &rest[start + 1..];
                    }
                    None => {
                        words.extend(rest.split_whitespace());
                        break;
                    }
                }
            }
        }
    }
    (words, open)
}

/// What a word of the turns is.
pub(super) enum TokenKind {
    /// A result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result,
    /// A move number alone (`12.`, `12...`).
    Number,
    /// A turn, its number taken off; a claim or huff written apart from
    /// its move (`!d4 c3-c4`) is joined to it.
    Turn(String),
}

/// A word of the turns, as written, and what it is.
pub(super) struct Token<'a> {
    pub raw: &'a str,
    pub kind: TokenKind,
}

/// The words of the turns read as tokens.
pub(super) fn tokens<'a>(words: &'a [&'a str]) -> impl Iterator<Item = Token<'a>> {
    let mut words = words.iter().copied();
    std::iter::from_fn(move || {
        let raw = words.next()?;
        if matches!(raw, "1-0" | "0-1" | "1/2-1/2" | "*") {
            return Some(Token {
                raw,
                kind: TokenKind::Result,
            });
        }
        let rest = split_number(raw);
        if rest.is_empty() {
            return Some(Token {
                raw,
                kind: TokenKind::Number,
            });
        }
        // A claim with no move after it is refused as a turn like any
        // other bad text.
        let turn = match rest.starts_with('!').then(|| words.next()).flatten() {
            Some(after) => format!("{rest} {after}"),
            None => rest.to_owned(),
        };
        Some(Token {
            raw,
            kind: TokenKind::Turn(turn),
        })
    })
}

/// A word without its leading move number (`12.`, `12...`).
fn split_number(token: &str) -> &str {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
    if digits > 0 && dots > 0 {
        &token[digits + dots..]
    } else {
        token
    }
}
