//! Work periods from date ranges, and the total they cover once overlaps are merged.

use std::sync::OnceLock;

use regex::Regex;
use serde::Serialize;

/// A calendar month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct YearMonth {
    /// Four-digit year.
    pub year: u16,
    /// 1-12.
    pub month: u8,
}

impl YearMonth {
    /// A month, if `month` is 1-12.
    pub fn new(year: u16, month: u8) -> Option<YearMonth> {
        (1..=12)
            .contains(&month)
            .then_some(YearMonth { year, month })
    }

    /// Months since year 0, for arithmetic.
    pub fn ordinal(self) -> u32 {
        u32::from(self.year) * 12 + u32::from(self.month) - 1
    }

    fn from_ordinal(n: u32) -> YearMonth {
        YearMonth {
            year: (n / 12) as u16,
            month: (n % 12) as u8 + 1,
        }
    }

    /// The current month in UTC, from the system clock.
    pub fn now_utc() -> YearMonth {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let days = (secs / 86_400) as i64;
        // Civil-from-days (H. Hinnant): days since 1970-01-01 → year and month.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        YearMonth {
            year: year.clamp(0, 9999) as u16,
            month: month as u8,
        }
    }
}

/// One date range found in a resume, as a half-open month interval `[start, end)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Period {
    /// First month.
    pub start: YearMonth,
    /// Month after the last one.
    pub end: YearMonth,
    /// True for "Present", "Current", "till date".
    pub ongoing: bool,
    /// The range as written.
    pub text: String,
}

impl Period {
    /// Length in months.
    pub fn months(&self) -> u32 {
        self.end.ordinal().saturating_sub(self.start.ordinal())
    }
}

const MONTH: &str = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

fn range_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    static PATTERN: OnceLock<String> = OnceLock::new();
    let date = format!(
        r"(?:{MONTH}\.?,?\s*'?\d{{2}}(?:\d{{2}})?|\d{{1,2}}\s*[/.\-]\s*(?:19|20)\d{{2}}|(?:19|20)\d{{2}}\s*[/.\-]\s*\d{{1,2}}\b|(?:19|20)\d{{2}})"
    );
    let pattern = PATTERN.get_or_init(|| {
        format!(
            r"(?i)\b(?P<start>{date})\s*(?:â€\S|[-–—‒―−~→>?�|/]{{1,3}}|\bto\b|\btill\b|\buntil\b|\bthrough\b|\bthru\b)\s*(?P<end>{date}|present|current(?:ly)?|now|ongoing|today|till\s+date|to\s+date|date)\b"
        )
    });
    crate::text::regex(&RE, pattern)
}

/// Parses one side of a range into a month and whether the month was written. A bare year
/// reads as January; the caller decides what that means at each end of the range (a start
/// year counts from January, an end year up to January, so "2019-2021" is two years).
fn parse_date(s: &str) -> Option<(YearMonth, bool)> {
    let lower = s.trim().to_ascii_lowercase();
    let digits: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_digit())
        .filter(|g| !g.is_empty())
        .collect();
    if let Some(month) = month_number(&lower) {
        let y = digits.last()?;
        let year: u16 = match y.len() {
            2 => 2000 + y.parse::<u16>().ok()?,
            _ => y.parse().ok()?,
        };
        let year = if year > 2000 + 60 && y.len() == 2 {
            year - 100
        } else {
            year
        };
        return Some((YearMonth::new(year, month)?, true));
    }
    match digits.as_slice() {
        [a, b] if a.len() == 4 => Some((YearMonth::new(a.parse().ok()?, b.parse().ok()?)?, true)),
        [a, b] => Some((YearMonth::new(b.parse().ok()?, a.parse().ok()?)?, true)),
        [y] => {
            let year: u16 = y.parse().ok()?;
            Some((YearMonth::new(year, 1)?, false))
        }
        _ => None,
    }
}

fn month_number(s: &str) -> Option<u8> {
    const NAMES: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let word: String = s.chars().take_while(char::is_ascii_alphabetic).collect();
    if word.len() < 3 {
        return None;
    }
    NAMES
        .iter()
        .position(|m| word.starts_with(m))
        .map(|i| i as u8 + 1)
}

/// The month "Present" means on a resume: `as_of`, unless the newest date the resume mentions is
/// more than [`STALE_YEARS`] years older, in which case the resume was written long ago and
/// "Present" is read as the year after that date (a 2015 resume read in 2026 must not give its
/// current job eleven more years).
pub fn present_for(text: &str, as_of: YearMonth) -> YearMonth {
    let newest = dates_in(text).filter(|d| *d <= as_of).max();
    match newest {
        Some(d) if as_of.ordinal() > d.ordinal() + STALE_YEARS * 12 => {
            YearMonth::from_ordinal(d.ordinal() + 12).min(as_of)
        }
        _ => as_of,
    }
}

/// How old a resume's newest date may be before "Present" stops meaning today. Long: a
/// resume that dates nothing after the start of a long current job is the cost of a short one.
pub const STALE_YEARS: u32 = 10;

/// Every month or year written in `text` (a bare year reads as its January).
fn dates_in(text: &str) -> impl Iterator<Item = YearMonth> + '_ {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = crate::text::regex(
        &RE,
        r"(?i)\b(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s*'?\d{2}(?:\d{2})?|\d{1,2}\s*[/.\-]\s*(?:19|20)\d{2}|(?:19|20)\d{2})\b",
    );
    re.find_iter(text)
        .filter_map(|m| parse_date(m.as_str()).map(|(d, _)| d))
        .filter(|d| d.year >= 1950)
}

/// Words that mark a line as education, whose dates are never work experience.
fn is_education_line(line: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = crate::text::regex(
        &RE,
        r"(?i)\b(?:b\.?\s?tech|m\.?\s?tech|b\.?\s?e|m\.?\s?e|b\.?\s?sc|m\.?\s?sc|b\.?\s?com|m\.?\s?com|b\.?\s?a|m\.?\s?a|bca|mca|mba|pgdm|ph\.?\s?d|bachelor|master'?s?|degree|diploma|university|college|school|institute|academy|hsc|ssc|cbse|gpa|cgpa|graduat\w*|coursework)\b",
    );
    re.is_match(line)
}

/// Work periods in `text`: [`find_periods`] without the ranges on lines about education.
pub fn find_work_periods(text: &str, as_of: YearMonth) -> Vec<Period> {
    find_periods(text, as_of)
        .into_iter()
        .filter(|p| {
            p.text
                .lines()
                .next()
                .and_then(|first| text.lines().find(|l| l.contains(first)))
                .is_none_or(|line| !is_education_line(line))
        })
        .collect()
}

/// Date ranges in `text`. "Present" means `as_of`; ranges ending in the future are cut at
/// `as_of`, and ranges that are impossible (end before start, before 1950, longer than 50
/// years) are dropped.
pub fn find_periods(text: &str, as_of: YearMonth) -> Vec<Period> {
    let mut out = Vec::new();
    for caps in range_regex().captures_iter(text) {
        let (Some(start_m), Some(end_m)) = (caps.name("start"), caps.name("end")) else {
            continue;
        };
        let Some((start, _)) = parse_date(start_m.as_str()) else {
            continue;
        };
        let end_text = end_m.as_str().to_ascii_lowercase();
        let ongoing = !end_text.chars().any(|c| c.is_ascii_digit());
        let end = if ongoing {
            YearMonth::from_ordinal(as_of.ordinal() + 1)
        } else {
            let Some((end, precise)) = parse_date(&end_text) else {
                continue;
            };
            match (precise, end.year == start.year && end.month == 1) {
                // "Mar 2019 - Jun 2020" includes June.
                (true, _) => YearMonth::from_ordinal(end.ordinal() + 1),
                // "2020 - 2020" is at least that one year.
                (false, true) => YearMonth::from_ordinal(end.ordinal() + 12),
                (false, false) => end,
            }
        };
        let end = end.min(YearMonth::from_ordinal(as_of.ordinal() + 1));
        if start.year < 1950 || end <= start || end.ordinal() - start.ordinal() > 50 * 12 {
            continue;
        }
        out.push(Period {
            start,
            end,
            ongoing,
            text: caps.get(0).map_or("", |m| m.as_str()).to_string(),
        });
    }
    out
}

/// Months covered by the periods, counting overlapping or concurrent jobs once.
pub fn merged_months(periods: &[Period]) -> u32 {
    let mut spans: Vec<(u32, u32)> = periods
        .iter()
        .map(|p| (p.start.ordinal(), p.end.ordinal()))
        .collect();
    spans.sort_unstable();
    let mut total = 0;
    let mut current: Option<(u32, u32)> = None;
    for (s, e) in spans {
        current = match current {
            Some((cs, ce)) if s <= ce => Some((cs, ce.max(e))),
            Some((cs, ce)) => {
                total += ce - cs;
                Some((s, e))
            }
            None => Some((s, e)),
        };
    }
    if let Some((cs, ce)) = current {
        total += ce - cs;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    const AS_OF: YearMonth = YearMonth {
        year: 2025,
        month: 6,
    };

    fn months(text: &str) -> Vec<u32> {
        find_periods(text, AS_OF)
            .iter()
            .map(Period::months)
            .collect()
    }

    #[test]
    fn common_formats() {
        assert_eq!(months("Jan 2020 – Present"), [66]);
        assert_eq!(months("2019-2021"), [24]);
        assert_eq!(months("03/2018 - 05/2020"), [27]);
        assert_eq!(months("September 2018 to June 2019"), [10]);
        assert_eq!(months("Sept. 2018 — Current"), [82]);
        assert_eq!(months("2020-01 to 2020-12"), [12]);
        assert_eq!(months("Jan '19 - Dec '19"), [12]);
        assert_eq!(months("2021 - 2021"), [12]);
    }

    #[test]
    fn unusual_separators() {
        assert_eq!(months("Jan 2020 â€“ Dec 2020"), [12]);
        assert_eq!(months("Jan 2020 � Dec 2020"), [12]);
        assert_eq!(months("Jan 2020 -- Dec 2020"), [12]);
        assert_eq!(months("2019 ~ 2021"), [24]);
        assert_eq!(months("03/2018 → 05/2020"), [27]);
        assert_eq!(months("Jan 2020 thru Dec 2020"), [12]);
    }

    #[test]
    fn ranges_split_over_lines() {
        assert_eq!(months("Jan 2020 -\nDec 2020"), [12]);
        assert_eq!(months("Jan 2020\n– Dec 2020"), [12]);
        assert_eq!(months("March\n2019 to\nPresent"), [76]);
    }

    #[test]
    fn present_on_an_old_resume_is_not_today() {
        // A 2015 resume of a 2014 graduate, read in 2025.
        let text = "Analyst, Jan 2012 - Present\nBSc, 2010 - 2014\nUpdated March 2015";
        let present = present_for(text, AS_OF);
        assert_eq!(
            present,
            YearMonth {
                year: 2016,
                month: 3
            }
        );
        let p = find_periods(text, present);
        assert_eq!(p[0].months(), 51);
        // A current resume keeps today.
        let current = "Engineer, Jan 2018 - Present\nBSc, 2014 - 2018";
        assert_eq!(present_for(current, AS_OF), AS_OF);
    }

    #[test]
    fn education_ranges_are_not_work() {
        let text =
            "Acme Ltd, Jan 2020 - Dec 2020\nB.Tech, XYZ University, 2015 - 2019\nMBA 2020 - 2022";
        let p = find_work_periods(text, AS_OF);
        assert_eq!(p.len(), 1);
        assert_eq!(merged_months(&p), 12);
    }

    #[test]
    fn not_ranges() {
        assert!(months("Call 2019 2021").is_empty());
        assert!(months("Dec 2020 - Jan 2019").is_empty());
        assert!(months("Awards 2019, 2021").is_empty());
    }

    #[test]
    fn overlaps_count_once() {
        let p = find_periods(
            "Jan 2020 - Dec 2020\nJun 2020 - Jun 2021\n2023 - 2024",
            AS_OF,
        );
        assert_eq!(merged_months(&p), 18 + 12);
    }
}
