//! From per-person outcomes to the tables of an audit.

use crate::categories::{Category, CategorySet};
use crate::{Audit, Dimension, Measure, Person, Row, Rules, Status, Table, fisher};

/// The four-fifths rule as an exact fraction, so that a ratio of exactly 0.8 is never flagged
/// (or missed) because of floating-point rounding.
const FOUR_FIFTHS: (u128, u128) = (4, 5);

/// Median of the scores: the middle one, or the midpoint of the two middle ones.
pub(crate) fn median(scores: impl Iterator<Item = f64>) -> Option<f64> {
    let mut sorted: Vec<f64> = scores.collect();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    match sorted.len() {
        0 => None,
        n if n % 2 == 1 => Some(sorted[mid]),
        _ => Some(sorted[mid - 1].midpoint(sorted[mid])),
    }
}

/// Counts of one dimension, in the order of its categories.
struct Tally {
    unknown: u32,
    /// (individuals, positives) per category.
    cells: Vec<(u32, u32)>,
}

impl Tally {
    fn new(categories: usize) -> Self {
        Tally {
            unknown: 0,
            cells: vec![(0, 0); categories],
        }
    }

    fn add(&mut self, cell: Option<usize>, positive: bool) {
        match cell.and_then(|i| self.cells.get_mut(i)) {
            Some((count, positives)) => {
                *count = count.saturating_add(1);
                *positives = positives.saturating_add(u32::from(positive));
            }
            None => self.unknown = self.unknown.saturating_add(1),
        }
    }
}

pub(crate) fn audit(
    set: &CategorySet,
    measure: Measure,
    median: Option<f64>,
    people: &[(Person<'_>, bool)],
    rules: &Rules,
) -> Audit {
    let races = set.race.len();
    let mut sex = Tally::new(set.sex.len());
    let mut race = Tally::new(races);
    let mut both = Tally::new(set.sex.len() * races);
    for (person, positive) in people {
        let s = set.sex_index(person.sex);
        sex.add(s, *positive);
        if set.asks_race() {
            let r = set.race_index(person.race);
            race.add(r, *positive);
            // Sex-major, the order of the rows below.
            both.add(s.zip(r).map(|(s, r)| s * races + r), *positive);
        }
    }
    let mut dimensions = vec![table(Dimension::Sex, sex, names(set.sex), rules)];
    if set.asks_race() {
        dimensions.push(table(Dimension::Race, race, names(set.race), rules));
        let crossed = set
            .sex
            .iter()
            .flat_map(|s| set.race.iter().map(move |r| intersection(s, r)))
            .collect();
        dimensions.push(table(Dimension::Intersection, both, crossed, rules));
    }
    Audit {
        measure,
        individuals: u32::try_from(people.len()).unwrap_or(u32::MAX),
        median,
        dimensions,
    }
}

fn names(categories: &[Category]) -> Vec<(String, String)> {
    categories
        .iter()
        .map(|c| (c.code.to_owned(), c.label.to_owned()))
        .collect()
}

/// Code sex-first (rows are sex-major); label race-first, as the rules phrase it ("Hispanic or
/// Latino male candidates").
fn intersection(sex: &Category, race: &Category) -> (String, String) {
    (
        format!("{}+{}", sex.code, race.code),
        format!("{} · {}", race.label, sex.label),
    )
}

/// Too few individuals is checked first: it says the figures cannot mean anything, which is a
/// stronger statement than the auditor's choice to leave a small category out.
fn status(count: u32, known: u64, rules: &Rules) -> Status {
    if count == 0 || count < rules.min_per_cell {
        Status::NotEnoughData
    } else if f64::from(count) < rules.exclusion_share * known as f64 {
        Status::Excluded
    } else {
        Status::Reported
    }
}

fn rate(count: u32, positives: u32) -> f64 {
    if count == 0 {
        0.0
    } else {
        f64::from(positives) / f64::from(count)
    }
}

fn table(dimension: Dimension, tally: Tally, names: Vec<(String, String)>, rules: &Rules) -> Table {
    let known: u64 = tally.cells.iter().map(|&(count, _)| u64::from(count)).sum();
    let statuses: Vec<Status> = tally
        .cells
        .iter()
        .map(|&(count, _)| status(count, known, rules))
        .collect();
    // The highest rate among reported categories; the first in set order wins a tie, so the
    // reference does not depend on the input order.
    let mut reference: Option<(usize, u32, u32)> = None;
    for (i, (&(count, positives), status)) in tally.cells.iter().zip(&statuses).enumerate() {
        let higher = reference.is_none_or(|(_, c, p)| rate(count, positives) > rate(c, p));
        if *status == Status::Reported && higher {
            reference = Some((i, count, positives));
        }
    }
    // A reference rate of 0 would divide by zero: nobody is selected, there is nothing to
    // compare.
    let reference = reference.filter(|&(_, _, positives)| positives > 0);
    let rows = tally
        .cells
        .iter()
        .zip(statuses)
        .zip(names)
        .enumerate()
        .map(|(i, ((&(count, positives), status), (category, label)))| {
            let compared = reference.filter(|_| status == Status::Reported);
            let impact_ratio = compared.map(|(_, ref_count, ref_positives)| {
                ratio(count, positives, ref_count, ref_positives)
            });
            let p_value =
                compared
                    .filter(|&(r, _, _)| r != i)
                    .map(|(_, ref_count, ref_positives)| {
                        fisher::two_sided(
                            positives,
                            count - positives,
                            ref_positives,
                            ref_count - ref_positives,
                        )
                    });
            let adverse = compared.is_some_and(|(_, ref_count, ref_positives)| {
                below_four_fifths(count, positives, ref_count, ref_positives)
            });
            Row {
                category,
                label,
                count,
                positives,
                rate: rate(count, positives),
                impact_ratio,
                p_value,
                status,
                adverse,
            }
        })
        .collect();
    Table {
        dimension,
        unknown: tally.unknown,
        rows,
    }
}

/// (positives / count) / (ref_positives / ref_count), from the integers so it is rounded once.
fn ratio(count: u32, positives: u32, ref_count: u32, ref_positives: u32) -> f64 {
    let numerator = u128::from(positives) * u128::from(ref_count);
    let denominator = u128::from(count) * u128::from(ref_positives);
    numerator as f64 / denominator as f64
}

/// positives/count < 4/5 · ref_positives/ref_count, in exact integer arithmetic.
fn below_four_fifths(count: u32, positives: u32, ref_count: u32, ref_positives: u32) -> bool {
    let (num, den) = FOUR_FIFTHS;
    u128::from(positives) * u128::from(ref_count) * den
        < num * u128::from(ref_positives) * u128::from(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median([3.0, 1.0, 2.0].into_iter()), Some(2.0));
        assert_eq!(median([4.0, 1.0, 3.0, 2.0].into_iter()), Some(2.5));
        assert_eq!(median([7.0].into_iter()), Some(7.0));
        assert_eq!(median(std::iter::empty()), None);
        assert_eq!(median([2.0, 2.0, 2.0, 5.0].into_iter()), Some(2.0));
        assert_eq!(median([f64::MAX, f64::MAX].into_iter()), Some(f64::MAX));
    }

    #[test]
    fn four_fifths_is_exact_at_the_boundary() {
        // 40 % against 50 %: exactly 0.8, not adverse.
        assert!(!below_four_fifths(10, 4, 10, 5));
        assert!(below_four_fifths(1000, 399, 10, 5));
        // 0.8 from fractions whose floating-point quotient is not exactly 0.8.
        assert!(!below_four_fifths(15, 8, 3, 2));
        assert!(below_four_fifths(15_000_000, 7_999_999, 3, 2));
    }

    #[test]
    fn ratio_of_equal_rates_is_one() {
        assert_eq!(ratio(10, 5, 20, 10), 1.0);
        assert_eq!(ratio(3, 1, 6, 2), 1.0);
    }

    #[test]
    fn zero_individuals_is_never_enough_data() {
        let lenient = Rules {
            min_per_cell: 0,
            exclusion_share: 0.0,
        };
        assert_eq!(status(0, 0, &lenient), Status::NotEnoughData);
        assert_eq!(status(0, 100, &lenient), Status::NotEnoughData);
        assert_eq!(status(1, 100, &lenient), Status::Reported);
    }
}
