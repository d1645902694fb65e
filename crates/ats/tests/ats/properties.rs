//! Property tests: date-range merging and phone normalisation.

use ats::resume::{Period, merged_months};
use ats::{Region, YearMonth, normalize_phone};
use proptest::prelude::*;

fn period(start: u32, len: u32) -> Period {
    let ym = |n: u32| YearMonth::new((n / 12) as u16, (n % 12) as u8 + 1).unwrap();
    Period {
        start: ym(start),
        end: ym(start + len),
        ongoing: false,
        text: String::new(),
    }
}

fn spans() -> impl Strategy<Value = Vec<(u32, u32)>> {
    prop::collection::vec((2000 * 12..2025 * 12u32, 1..120u32), 0..8)
}

proptest! {
    #[test]
    fn merged_total_is_the_union_of_months(spans in spans()) {
        let periods: Vec<Period> = spans.iter().map(|&(s, l)| period(s, l)).collect();
        let mut months = std::collections::BTreeSet::new();
        for &(s, l) in &spans {
            months.extend(s..s + l);
        }
        prop_assert_eq!(merged_months(&periods) as usize, months.len());
    }

    #[test]
    fn merging_ignores_order_and_duplicates(spans in spans()) {
        let periods: Vec<Period> = spans.iter().map(|&(s, l)| period(s, l)).collect();
        let mut shuffled: Vec<Period> = periods.iter().rev().cloned().collect();
        shuffled.extend(periods.iter().cloned());
        prop_assert_eq!(merged_months(&periods), merged_months(&shuffled));
        let longest = spans.iter().map(|&(_, l)| l).max().unwrap_or(0);
        let sum: u32 = spans.iter().map(|&(_, l)| l).sum();
        prop_assert!(merged_months(&periods) >= longest && merged_months(&periods) <= sum);
    }

    #[test]
    fn any_layout_of_an_indian_mobile_gives_one_e164(
        first in 6..=9u8,
        rest in 0..1_000_000_000u64,
        layout in 0..6usize,
    ) {
        let n = format!("{first}{rest:09}");
        let written = match layout {
            0 => format!("+91 {} {}", &n[..5], &n[5..]),
            1 => format!("+91-{n}"),
            2 => format!("0{n}"),
            3 => format!("{}-{}", &n[..5], &n[5..]),
            4 => format!("(+91) {} {} {}", &n[..3], &n[3..6], &n[6..]),
            _ => format!("0091 {n}"),
        };
        let got = normalize_phone(&written, Region::new("IN"));
        if matches!(layout, 2 | 3) {
            // National layouts need a number valid in India (libphonenumber's ranges); one that
            // is not stays as written rather than get a guessed country.
            prop_assert!(got.is_none() || got == Some(format!("+91{n}")), "{:?}", got);
        } else {
            prop_assert_eq!(got, Some(format!("+91{n}")));
        }
    }

    #[test]
    fn output_is_always_e164_shaped(raw in "[ +()0-9.-]{0,24}") {
        if let Some(p) = normalize_phone(&raw, Region::new("IN")) {
            prop_assert!(p.starts_with('+'));
            let digits = &p[1..];
            prop_assert!(digits.chars().all(|c| c.is_ascii_digit()));
            prop_assert!((8..=15).contains(&digits.len()), "{}", p);
        }
    }
}
