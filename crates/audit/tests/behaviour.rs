//! What an audit does with the data the rules' examples never show: unknown answers, small
//! categories, ties at the median, empty categories, input order.

use audit::{
    Audit, Dimension, EEO1, Measure, Person, Row, Rules, SEX_ONLY, Status, Table, VERSION,
};

fn person<'a>(sex: Option<&'a str>, race: Option<&'a str>) -> Person<'a> {
    Person { sex, race }
}

/// `count` people with these answers, of whom the first `positives` were selected.
fn group<'a>(
    sex: Option<&'a str>,
    race: Option<&'a str>,
    count: u32,
    positives: u32,
) -> impl Iterator<Item = (Person<'a>, bool)> {
    (0..count).map(move |i| (person(sex, race), i < positives))
}

fn table(audit: &Audit, dimension: Dimension) -> &Table {
    audit.table(dimension).expect("dimension present")
}

fn row<'t>(table: &'t Table, code: &str) -> &'t Row {
    table
        .rows
        .iter()
        .find(|r| r.category == code)
        .expect("category listed")
}

#[test]
fn unknown_answers_are_counted_apart_and_left_out_of_rates() {
    let people: Vec<_> = group(Some("female"), Some("white"), 10, 5)
        .chain(group(Some("male"), Some("white"), 10, 8))
        // Unanswered, declined, and a code outside the set: all unknown.
        .chain(group(None, Some("white"), 3, 3))
        .chain(group(Some("declined"), Some("asian"), 2, 2))
        .chain(group(Some("female"), Some("declined"), 4, 0))
        .chain(group(Some("male"), None, 1, 1))
        .chain(group(Some("other"), Some("martian"), 1, 0))
        .collect();
    let audit = audit::selection(&EEO1, &people, &Rules::default());
    assert_eq!(audit.individuals, 31);

    let sex = table(&audit, Dimension::Sex);
    assert_eq!(sex.unknown, 3 + 2 + 1);
    assert_eq!(
        (row(sex, "female").count, row(sex, "female").positives),
        (14, 5)
    );
    assert_eq!(
        (row(sex, "male").count, row(sex, "male").positives),
        (11, 9)
    );

    let race = table(&audit, Dimension::Race);
    assert_eq!(race.unknown, 4 + 1 + 1);
    assert_eq!(
        (row(race, "white").count, row(race, "white").positives),
        (23, 16)
    );
    assert_eq!(row(race, "asian").count, 2);

    // Unknown on either side is unknown for the intersection.
    let both = table(&audit, Dimension::Intersection);
    assert_eq!(both.unknown, 3 + 2 + 4 + 1 + 1);
    assert_eq!(row(both, "female+white").count, 10);
    assert_eq!(row(both, "male+white").rate, 0.8);
    let counted: u32 = both.rows.iter().map(|r| r.count).sum();
    assert_eq!(counted + both.unknown, audit.individuals);
}

#[test]
fn a_category_under_the_exclusion_share_keeps_its_rate_and_is_not_the_reference() {
    // Asian: 1 of 101 known individuals (under 2 %), selected, so the highest rate (100 %).
    let people: Vec<_> = group(None, Some("white"), 50, 25)
        .chain(group(None, Some("black"), 50, 15))
        .chain(group(None, Some("asian"), 1, 1))
        .collect();
    let rules = Rules {
        min_per_cell: 1,
        ..Rules::default()
    };
    let audit = audit::selection(&EEO1, &people, &rules);
    let race = table(&audit, Dimension::Race);
    let asian = row(race, "asian");
    assert_eq!(asian.status, Status::Excluded);
    assert_eq!(asian.rate, 1.0);
    assert_eq!(
        (asian.impact_ratio, asian.p_value, asian.adverse),
        (None, None, false)
    );

    let white = row(race, "white");
    assert_eq!((white.impact_ratio, white.p_value), (Some(1.0), None));
    let black = row(race, "black");
    assert_eq!(black.status, Status::Reported);
    assert_eq!(black.impact_ratio, Some(0.6));
    assert!(black.adverse);
    let p = black.p_value.expect("compared with the reference");
    assert!(p > 0.0 && p < 0.1, "{p}");

    // With no exclusion, the single selected Asian applicant becomes the reference.
    let none = Rules {
        exclusion_share: 0.0,
        ..rules
    };
    let audit = audit::selection(&EEO1, &people, &none);
    let race = table(&audit, Dimension::Race);
    assert_eq!(row(race, "asian").impact_ratio, Some(1.0));
    assert_eq!(row(race, "white").impact_ratio, Some(0.5));
}

#[test]
fn the_exclusion_share_is_of_the_known_individuals_of_the_dimension() {
    // 2 of 100 known is exactly 2 %: not under it. Unknowns do not dilute the share.
    let people: Vec<_> = group(None, Some("white"), 98, 40)
        .chain(group(None, Some("asian"), 2, 1))
        .chain(group(None, None, 1000, 0))
        .collect();
    let rules = Rules {
        min_per_cell: 1,
        exclusion_share: 0.02,
    };
    let audit = audit::selection(&EEO1, &people, &rules);
    assert_eq!(
        row(table(&audit, Dimension::Race), "asian").status,
        Status::Reported
    );
}

#[test]
fn cells_under_min_per_cell_show_count_and_rate_only() {
    let people: Vec<_> = group(Some("female"), None, 4, 4)
        .chain(group(Some("male"), None, 40, 10))
        .collect();
    let audit = audit::selection(&EEO1, &people, &Rules::default());
    let sex = table(&audit, Dimension::Sex);
    let female = row(sex, "female");
    assert_eq!(female.status, Status::NotEnoughData);
    assert_eq!((female.count, female.rate), (4, 1.0));
    assert_eq!(
        (female.impact_ratio, female.p_value, female.adverse),
        (None, None, false)
    );
    // Male is the reference, by default of anyone else to compare with.
    assert_eq!(row(sex, "male").impact_ratio, Some(1.0));

    let rules = Rules {
        min_per_cell: 4,
        ..Rules::default()
    };
    let audit = audit::selection(&EEO1, &people, &rules);
    let sex = table(&audit, Dimension::Sex);
    assert_eq!(row(sex, "female").status, Status::Reported);
    assert_eq!(row(sex, "male").impact_ratio, Some(0.25));
    assert!(row(sex, "male").adverse);
    assert!(row(sex, "male").p_value.is_some());
}

#[test]
fn every_category_is_listed_even_when_empty() {
    let people: Vec<_> = group(Some("male"), Some("asian"), 10, 3).collect();
    let audit = audit::selection(&EEO1, &people, &Rules::default());
    let codes = |t: &Table| {
        t.rows
            .iter()
            .map(|r| r.category.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(codes(table(&audit, Dimension::Sex)), ["female", "male"]);
    let race = table(&audit, Dimension::Race);
    assert_eq!(
        codes(race),
        [
            "hispanic_latino",
            "white",
            "black",
            "pacific_islander",
            "asian",
            "native_american",
            "two_or_more"
        ]
    );
    let both = table(&audit, Dimension::Intersection);
    assert_eq!(both.rows.len(), 14);
    // Sex-major.
    assert_eq!(both.rows[0].category, "female+hispanic_latino");
    assert_eq!(both.rows[0].label, "Hispanic or Latino · Female");
    assert_eq!(both.rows[7].category, "male+hispanic_latino");
    assert_eq!(both.rows[13].category, "male+two_or_more");
    let white = row(race, "white");
    assert_eq!(
        (white.count, white.rate, white.status),
        (0, 0.0, Status::NotEnoughData)
    );
    assert_eq!(white.impact_ratio, None);
}

#[test]
fn nobody_selected_means_no_ratios() {
    let people: Vec<_> = group(Some("female"), None, 30, 0)
        .chain(group(Some("male"), None, 30, 0))
        .collect();
    let audit = audit::selection(&EEO1, &people, &Rules::default());
    for r in &table(&audit, Dimension::Sex).rows {
        assert_eq!(r.status, Status::Reported);
        assert_eq!(
            (r.rate, r.impact_ratio, r.p_value, r.adverse),
            (0.0, None, None, false)
        );
    }
}

#[test]
fn an_empty_audit_lists_empty_tables() {
    let audit = audit::scoring(&EEO1, &[], &Rules::default());
    assert_eq!((audit.individuals, audit.median), (0, None));
    assert_eq!(audit.dimensions.len(), 3);
    for t in &audit.dimensions {
        assert_eq!(t.unknown, 0);
        assert!(t.rows.iter().all(|r| r.status == Status::NotEnoughData));
    }
}

fn scores(values: &[(Option<&'static str>, f64)]) -> Vec<(Person<'static>, f64)> {
    values
        .iter()
        .map(|&(sex, score)| (person(sex, None), score))
        .collect()
}

#[test]
fn scoring_counts_strictly_above_the_median_with_ties() {
    // Odd count: the median is the middle score, 2; the three 2s are on it, not above.
    let f = Some("female");
    let m = Some("male");
    let people = scores(&[(f, 1.0), (f, 2.0), (m, 2.0), (m, 2.0), (m, 3.0)]);
    let audit = audit::scoring(&EEO1, &people, &Rules::default());
    assert_eq!(audit.median, Some(2.0));
    let sex = table(&audit, Dimension::Sex);
    assert_eq!(row(sex, "female").positives, 0);
    assert_eq!(row(sex, "male").positives, 1);

    // Even count: the midpoint of the two middle scores, 2.5.
    let people = scores(&[(f, 4.0), (f, 1.0), (m, 3.0), (m, 2.0)]);
    let audit = audit::scoring(&EEO1, &people, &Rules::default());
    assert_eq!(audit.median, Some(2.5));
    let sex = table(&audit, Dimension::Sex);
    assert_eq!(row(sex, "female").positives, 1);
    assert_eq!(row(sex, "male").positives, 1);

    // Even count whose two middle scores tie: the median is that score.
    let people = scores(&[(f, 1.0), (f, 2.0), (m, 2.0), (m, 9.0)]);
    let audit = audit::scoring(&EEO1, &people, &Rules::default());
    assert_eq!(audit.median, Some(2.0));
    assert_eq!(row(table(&audit, Dimension::Sex), "male").positives, 1);
}

#[test]
fn the_median_is_that_of_the_whole_sample_unknowns_included() {
    let f = Some("female");
    let m = Some("male");
    // Known: 1, 2, 3, 4 (median 2.5, so 3 and 4 above it). Three unknowns scoring 10 lift
    // the sample median to 4, which no known individual is above.
    let mut values = vec![(f, 1.0), (f, 3.0), (m, 2.0), (m, 4.0)];
    values.extend([(None, 10.0); 3]);
    let audit = audit::scoring(&EEO1, &scores(&values), &Rules::default());
    assert_eq!(audit.median, Some(4.0));
    assert_eq!(audit.individuals, 7);
    let sex = table(&audit, Dimension::Sex);
    assert_eq!(sex.unknown, 3);
    assert_eq!(row(sex, "female").positives + row(sex, "male").positives, 0);
}

#[test]
fn scores_that_are_not_numbers_are_not_scores() {
    let f = Some("female");
    let values = [(f, 1.0), (f, f64::NAN), (f, 3.0), (f, f64::INFINITY)];
    let audit = audit::scoring(&EEO1, &scores(&values), &Rules::default());
    assert_eq!((audit.individuals, audit.median), (2, Some(2.0)));
    assert_eq!(row(table(&audit, Dimension::Sex), "female").count, 2);
}

#[test]
fn the_input_order_changes_nothing() {
    let people: Vec<_> = group(Some("female"), Some("black"), 30, 9)
        .chain(group(Some("male"), Some("white"), 40, 20))
        .chain(group(Some("female"), Some("white"), 25, 10))
        .chain(group(None, Some("asian"), 12, 6))
        .chain(group(Some("male"), Some("hispanic_latino"), 20, 4))
        .collect();
    let mut reversed = people.clone();
    reversed.reverse();
    // A deterministic interleaving: every 7th element first.
    let mut strided: Vec<_> = people.iter().copied().step_by(7).collect();
    strided.extend(
        people
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 7 != 0)
            .map(|(_, p)| *p),
    );
    let rules = Rules::default();
    let audit = audit::selection(&EEO1, &people, &rules);
    assert_eq!(audit, audit::selection(&EEO1, &reversed, &rules));
    assert_eq!(audit, audit::selection(&EEO1, &strided, &rules));
    assert_eq!(audit, audit::selection(&EEO1, &people, &rules));
}

#[test]
fn a_tie_for_the_highest_rate_goes_to_the_first_category_of_the_set() {
    let people: Vec<_> = group(Some("male"), None, 10, 5)
        .chain(group(Some("female"), None, 20, 10))
        .collect();
    let audit = audit::selection(&EEO1, &people, &Rules::default());
    let sex = table(&audit, Dimension::Sex);
    assert_eq!(row(sex, "female").p_value, None);
    assert_eq!(row(sex, "male").p_value, Some(1.0));
    assert_eq!(row(sex, "male").impact_ratio, Some(1.0));
}

#[test]
fn a_sex_only_set_has_only_the_sex_table() {
    let people: Vec<_> = group(Some("non_binary"), None, 6, 3)
        .chain(group(Some("female"), Some("white"), 10, 6))
        .chain(group(Some("male"), None, 10, 2))
        .collect();
    let audit = audit::selection(&SEX_ONLY, &people, &Rules::default());
    assert_eq!(audit.dimensions.len(), 1);
    assert!(audit.table(Dimension::Race).is_none());
    let sex = table(&audit, Dimension::Sex);
    let labels: Vec<&str> = sex.rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["Woman", "Man", "Non-binary"]);
    assert_eq!(row(sex, "female").impact_ratio, Some(1.0));
    assert_eq!(row(sex, "non_binary").impact_ratio, Some(0.5 / 0.6));
    assert!(!row(sex, "non_binary").adverse);
    assert!(row(sex, "male").adverse);
}

#[test]
fn names_for_storage() {
    assert_eq!(VERSION, "audit-1.0.0");
    assert_eq!(Measure::Selection.as_str(), "selection");
    assert_eq!(Measure::Scoring.as_str(), "scoring");
    let dimensions = [Dimension::Sex, Dimension::Race, Dimension::Intersection];
    assert_eq!(
        dimensions.map(Dimension::as_str),
        ["sex", "race", "intersection"]
    );
    let statuses = [Status::Reported, Status::Excluded, Status::NotEnoughData];
    assert_eq!(
        statuses.map(Status::as_str),
        ["reported", "excluded", "not_enough_data"]
    );
    let rules = Rules::default();
    assert_eq!((rules.min_per_cell, rules.exclusion_share), (5, 0.02));
}
