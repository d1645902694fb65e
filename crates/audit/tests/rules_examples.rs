//! The worked examples of 6 RCNY § 5-301 (DCWP notice of adoption, April 2023), recomputed
//! from their counts and printed the way the rules print them.
//!
//! Each example table is its own data set here: the rules' tables are not all marginals of one
//! population (the intersectional selection table holds 395 Hispanic or Latino applicants, 172
//! selected, where the race table holds 408, 204 selected), so each is rebuilt from its own
//! counts. The rules print every impact ratio against the highest rate without excluding any
//! category, so these audits use an exclusion share of 0; the last test shows what the default
//! 2 % does to the same data.
//!
//! Provenance: the scoring example (sex and five race rows) and the selection example's
//! Hispanic or Latino, White and Black rows were checked against quoted text of the rules; the
//! other selection rows (sex, the remaining races, the intersections) could not be read from a
//! source here and were written from the published tables as remembered. Every printed rate and
//! ratio follows from its counts, which is what these tests hold; confirm those rows against the
//! notice of adoption before citing them.

use audit::{Audit, Dimension, EEO1, Person, Rules, Status, Table};

/// The rules exclude nothing in their examples.
const AS_PRINTED: Rules = Rules {
    min_per_cell: 5,
    exclusion_share: 0.0,
};

/// `count` people with these answers, of whom the first `positives` were selected.
fn group<'a>(
    sex: Option<&'a str>,
    race: Option<&'a str>,
    count: u32,
    positives: u32,
) -> impl Iterator<Item = (Person<'a>, bool)> {
    (0..count).map(move |i| (Person { sex, race }, i < positives))
}

fn table(audit: &Audit, dimension: Dimension) -> &Table {
    audit
        .table(dimension)
        .expect("an EEO-1 audit has every dimension")
}

/// Asserts one printed row: count, selected, rate and impact ratio as the rules round them.
fn assert_row(
    table: &Table,
    code: &str,
    (count, positives): (u32, u32),
    (rate, rate_decimals): (&str, usize),
    (ratio, ratio_decimals): (&str, usize),
) {
    let row = table
        .rows
        .iter()
        .find(|r| r.category == code)
        .expect("the set lists every category");
    assert_eq!((row.count, row.positives), (count, positives), "{code}");
    assert_eq!(
        format!("{:.*}%", rate_decimals, row.rate * 100.0),
        rate,
        "{code} rate"
    );
    let printed = row.impact_ratio.map(|r| format!("{r:.ratio_decimals$}"));
    assert_eq!(printed.as_deref(), Some(ratio), "{code} impact ratio");
    assert_eq!(row.status, Status::Reported, "{code}");
}

/// Selection example: the intersectional table, with Sex | Ethnicity | Race columns, and its
/// sex margins, which are the rules' sex table.
fn selection_by_sex_and_race() -> Vec<(Person<'static>, bool)> {
    [
        ("male", "hispanic_latino", 205, 90),
        ("male", "white", 412, 215),
        ("male", "black", 226, 95),
        ("male", "pacific_islander", 87, 37),
        ("male", "asian", 321, 167),
        ("male", "native_american", 24, 11),
        ("male", "two_or_more", 115, 52),
        ("female", "hispanic_latino", 190, 82),
        ("female", "white", 385, 197),
        ("female", "black", 164, 75),
        ("female", "pacific_islander", 32, 15),
        ("female", "asian", 295, 135),
        ("female", "native_american", 17, 7),
        ("female", "two_or_more", 98, 44),
    ]
    .into_iter()
    .flat_map(|(sex, race, n, k)| group(Some(sex), Some(race), n, k))
    .collect()
}

#[test]
fn selection_sex_table() {
    let audit = audit::selection(&EEO1, &selection_by_sex_and_race(), &AS_PRINTED);
    let sex = table(&audit, Dimension::Sex);
    assert_row(sex, "male", (1390, 667), ("48%", 0), ("1.00", 2));
    assert_row(sex, "female", (1181, 555), ("47%", 0), ("0.98", 2));
}

#[test]
fn selection_race_table() {
    let people: Vec<_> = [
        ("hispanic_latino", 408, 204),
        ("white", 797, 412),
        ("black", 390, 170),
        ("pacific_islander", 119, 52),
        ("asian", 616, 302),
        ("native_american", 41, 18),
        ("two_or_more", 213, 96),
    ]
    .into_iter()
    .flat_map(|(race, n, k)| group(None, Some(race), n, k))
    .collect();
    let audit = audit::selection(&EEO1, &people, &AS_PRINTED);
    let race = table(&audit, Dimension::Race);
    assert_row(race, "hispanic_latino", (408, 204), ("50%", 0), ("0.97", 2));
    assert_row(race, "white", (797, 412), ("52%", 0), ("1.00", 2));
    assert_row(race, "black", (390, 170), ("44%", 0), ("0.84", 2));
    assert_row(race, "pacific_islander", (119, 52), ("44%", 0), ("0.85", 2));
    assert_row(race, "asian", (616, 302), ("49%", 0), ("0.95", 2));
    assert_row(race, "native_american", (41, 18), ("44%", 0), ("0.85", 2));
    assert_row(race, "two_or_more", (213, 96), ("45%", 0), ("0.87", 2));
    // Nobody answered the sex question in this data set.
    assert_eq!(table(&audit, Dimension::Sex).unknown, 2584);
}

#[test]
fn selection_intersectional_table() {
    let audit = audit::selection(&EEO1, &selection_by_sex_and_race(), &AS_PRINTED);
    let both = table(&audit, Dimension::Intersection);
    let printed = [
        ("male+hispanic_latino", 205, 90, "43.9%", "0.841"),
        ("female+hispanic_latino", 190, 82, "43.2%", "0.827"),
        ("male+white", 412, 215, "52.2%", "1.000"),
        ("male+black", 226, 95, "42.0%", "0.806"),
        ("male+pacific_islander", 87, 37, "42.5%", "0.815"),
        ("male+asian", 321, 167, "52.0%", "0.997"),
        ("male+native_american", 24, 11, "45.8%", "0.878"),
        ("male+two_or_more", 115, 52, "45.2%", "0.866"),
        ("female+white", 385, 197, "51.2%", "0.981"),
        ("female+black", 164, 75, "45.7%", "0.876"),
        ("female+pacific_islander", 32, 15, "46.9%", "0.898"),
        ("female+asian", 295, 135, "45.8%", "0.877"),
        ("female+native_american", 17, 7, "41.2%", "0.789"),
        ("female+two_or_more", 98, 44, "44.9%", "0.860"),
    ];
    for (code, n, k, rate, ratio) in printed {
        assert_row(both, code, (n, k), (rate, 1), (ratio, 3));
    }
    assert_eq!(both.unknown, 0);
    // The one row under four-fifths in the rules' example.
    let adverse: Vec<&str> = both
        .rows
        .iter()
        .filter(|r| r.adverse)
        .map(|r| r.category.as_str())
        .collect();
    assert_eq!(adverse, ["female+native_american"]);
}

/// Scores for a scoring example: 2 for the individuals the rules count above the median, 1
/// for the others. As long as at most half score 2, the median is 1 or 1.5, so exactly the
/// 2s are above it — and those at 1, on the median, are not.
fn scored<'a>(
    sex: Option<&'a str>,
    race: Option<&'a str>,
    count: u32,
    above: u32,
) -> impl Iterator<Item = (Person<'a>, f64)> {
    group(sex, race, count, above).map(|(p, is_above)| (p, if is_above { 2.0 } else { 1.0 }))
}

#[test]
fn scoring_sex_table() {
    // "Culture fit" example: Male 92 applicants, 54.3 %, 1.00; Female 76, 44.7 %, 0.82.
    let people: Vec<_> = scored(Some("male"), None, 92, 50)
        .chain(scored(Some("female"), None, 76, 34))
        .collect();
    let audit = audit::scoring(&EEO1, &people, &AS_PRINTED);
    assert_eq!(audit.median, Some(1.5));
    let sex = table(&audit, Dimension::Sex);
    assert_row(sex, "male", (92, 50), ("54.3%", 1), ("1.00", 2));
    assert_row(sex, "female", (76, 34), ("44.7%", 1), ("0.82", 2));
}

#[test]
fn scoring_race_table() {
    // The five rows of the rules' race/ethnicity scoring table that we could read; its
    // American Indian or Alaska Native and Two or More Races rows are not reproduced.
    let people: Vec<_> = [
        ("hispanic_latino", 28, 18),
        ("white", 40, 15),
        ("black", 32, 16),
        ("pacific_islander", 8, 5),
        ("asian", 24, 10),
    ]
    .into_iter()
    .flat_map(|(race, n, k)| scored(None, Some(race), n, k))
    .collect();
    let audit = audit::scoring(&EEO1, &people, &AS_PRINTED);
    assert_eq!(audit.median, Some(1.0));
    let race = table(&audit, Dimension::Race);
    // The rules print 64.2 % for Hispanic or Latino; 18 of 28 is 64.29 %, which rounds to
    // 64.3 % (no count out of 28 rounds to 64.2 %), and every impact ratio in the table is
    // computed from 18/28, so the print is truncated there and rounded everywhere else.
    let hispanic = &race.rows[0];
    assert_eq!((hispanic.count, hispanic.positives), (28, 18));
    assert_eq!(format!("{:.1}%", hispanic.rate * 100.0), "64.3%");
    assert_eq!(
        format!("{:.1}%", (hispanic.rate * 1000.0).trunc() / 10.0),
        "64.2%"
    );
    assert_eq!(hispanic.impact_ratio, Some(1.0));
    assert_row(race, "white", (40, 15), ("37.5%", 1), ("0.58", 2));
    assert_row(race, "black", (32, 16), ("50.0%", 1), ("0.78", 2));
    assert_row(race, "pacific_islander", (8, 5), ("62.5%", 1), ("0.97", 2));
    assert_row(race, "asian", (24, 10), ("41.7%", 1), ("0.65", 2));
}

#[test]
fn the_default_two_percent_exclusion_on_the_rules_example() {
    // The rules' tables list every category with a ratio, which § 5-301(d) permits; under the
    // default 2 % the intersection's three smallest cells (under 2 % of 2,571) are excluded,
    // keep their count and rate, and lose their ratio.
    let audit = audit::selection(&EEO1, &selection_by_sex_and_race(), &Rules::default());
    let both = table(&audit, Dimension::Intersection);
    let excluded: Vec<(&str, u32)> = both
        .rows
        .iter()
        .filter(|r| r.status == Status::Excluded)
        .map(|r| (r.category.as_str(), r.count))
        .collect();
    assert_eq!(
        excluded,
        [
            ("female+pacific_islander", 32),
            ("female+native_american", 17),
            ("male+native_american", 24),
        ]
    );
    for row in both.rows.iter().filter(|r| r.status == Status::Excluded) {
        assert!(row.impact_ratio.is_none() && row.p_value.is_none() && !row.adverse);
        assert!(row.rate > 0.0);
    }
    // The reference is unchanged: Male · White at 52.2 %.
    let reference = both
        .rows
        .iter()
        .find(|r| r.impact_ratio == Some(1.0))
        .expect("a reference");
    assert_eq!(reference.category, "male+white");
    assert_eq!(reference.p_value, None);
}
