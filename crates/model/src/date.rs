/// A parsed case timestamp: minutes since 1970-01-01T00:00Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Timestamp {
    /// Minutes since the Unix epoch (UTC).
    pub minutes: i64,
    /// Whether a time of day was given, or only a date.
    pub has_time: bool,
}

/// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MMZ` or `YYYY-MM-DDTHH:MM:SSZ`.
///
/// ```
/// let t = casebook_model::parse_timestamp("1970-01-02T00:01Z").unwrap();
/// assert_eq!(t.minutes, 24 * 60 + 1);
/// assert!(casebook_model::parse_timestamp("2025-02-30").is_err());
/// ```
#[allow(clippy::many_single_char_names)]
pub fn parse_timestamp(s: &str) -> Result<Timestamp, String> {
    let bad = || format!("{s:?} is not YYYY-MM-DD or YYYY-MM-DDTHH:MMZ (UTC)");
    let b = s.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Result<i64, String> {
        let part = s.get(r).ok_or_else(bad)?;
        if part.bytes().all(|c| c.is_ascii_digit()) {
            part.parse::<i64>().map_err(|_| bad())
        } else {
            Err(bad())
        }
    };
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return Err(bad());
    }
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    if !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) {
        return Err(format!("{s:?} is not a real calendar date"));
    }
    let days = days_from_civil(y, m, d);
    let (mut minutes, has_time) = (days * 1440, b.len() > 10);
    if has_time {
        let ok_shape = (b.len() == 17 && b[16] == b'Z') || (b.len() == 20 && b[16] == b':' && b[19] == b'Z');
        if b[10] != b'T' || b[13] != b':' || !ok_shape {
            return Err(bad());
        }
        let (hh, mm) = (num(11..13)?, num(14..16)?);
        if b.len() == 20 && num(17..19)? > 59 {
            return Err(bad());
        }
        if hh > 23 || mm > 59 {
            return Err(format!("{s:?} has an impossible time of day"));
        }
        minutes += hh * 60 + mm;
    }
    Ok(Timestamp { minutes, has_time })
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

// Howard Hinnant's days_from_civil.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_dates_and_times() {
        assert_eq!(parse_timestamp("1970-01-01").unwrap().minutes, 0);
        let t = parse_timestamp("2025-11-05T18:39Z").unwrap();
        assert!(t.has_time);
        assert_eq!(parse_timestamp("2025-11-05T18:39:10Z").unwrap().minutes, t.minutes);
        assert!(parse_timestamp("2024-02-29").is_ok());
    }

    #[test]
    fn rejects_malformed() {
        for s in ["", "2025", "2025-13-01", "2023-02-29", "2025-11-05T25:00Z", "2025-11-05 18:39", "2025-11-05T18:39+01:00", "２０２５-01-01"] {
            assert!(parse_timestamp(s).is_err(), "{s}");
        }
    }
}
