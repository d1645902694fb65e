//! Two-sided Fisher's exact test on a 2×2 table, computed the way R's `fisher.test` does so
//! that an auditor can check our figures with a tool they already trust.
//!
//! Probabilities are handled as logarithms of factorials: a direct product of binomial
//! coefficients overflows `f64` from a few hundred individuals, and audits count thousands.

/// ln(2π)/2, the constant term of Stirling's series.
const HALF_LN_2PI: f64 = 0.918_938_533_204_672_8;

/// Tables whose probability is within this relative margin of the observed one count as "as
/// extreme": without it, rounding in the logarithms would drop tables that are exactly as
/// likely (R uses the same 1e-7).
const RELATIVE_TOLERANCE: f64 = 1e-7;

/// Below this, ln k! is summed directly; above, Stirling's series is already exact to the last
/// bits of an `f64` (its first omitted term is under 1e-13 at k = 16).
const STIRLING_FROM: u64 = 16;

/// ln(k!) for any k an audit can count, without overflow.
fn ln_factorial(k: u64) -> f64 {
    if k < STIRLING_FROM {
        return (2..=k).map(|i| (i as f64).ln()).sum();
    }
    // ln Γ(z) with z = k + 1.
    let z = k as f64 + 1.0;
    let z2 = z * z;
    let series = 1.0 / (12.0 * z) - 1.0 / (360.0 * z * z2) + 1.0 / (1260.0 * z * z2 * z2)
        - 1.0 / (1680.0 * z * z2 * z2 * z2);
    (z - 0.5) * z.ln() - z + HALF_LN_2PI + series
}

fn ln_choose(n: u64, k: u64) -> f64 {
    ln_factorial(n) - ln_factorial(k) - ln_factorial(n - k)
}

/// Two-sided p-value of Fisher's exact test for the table `[[a, b], [c, d]]`: the probability,
/// given the margins, of every table at most as probable as the observed one.
///
/// In an audit the rows are two categories and the columns positives and negatives.
pub fn two_sided(a: u32, b: u32, c: u32, d: u32) -> f64 {
    let (a, b, c, d) = (u64::from(a), u64::from(b), u64::from(c), u64::from(d));
    let row1 = a + b;
    let row2 = c + d;
    let col1 = a + c;
    // x is the top-left cell; the margins fix every other cell.
    let low = col1.saturating_sub(row2);
    let high = row1.min(col1);
    // Unnormalised log-probabilities: the shared ln C(n, col1) cancels in the ratio below,
    // which keeps its rounding error out of the result.
    let ln_density = |x: u64| ln_choose(row1, x) + ln_choose(row2, col1 - x);
    let observed = ln_density(a);
    let peak = (low..=high)
        .map(ln_density)
        .fold(f64::NEG_INFINITY, f64::max);
    let threshold = (observed - peak).exp() * (1.0 + RELATIVE_TOLERANCE);
    let mut total = 0.0;
    let mut extreme = 0.0;
    for x in low..=high {
        let density = (ln_density(x) - peak).exp();
        total += density;
        if density <= threshold {
            extreme += density;
        }
    }
    // Summation order can put the ratio a hair above 1 when every table counts.
    (extreme / total).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn ln_factorial_matches_direct_sums_across_the_switch_to_stirling() {
        let mut direct = 0.0;
        for k in 1..=200u64 {
            direct += (k as f64).ln();
            let got = ln_factorial(k);
            assert!(
                close(got, direct, 1e-9 * direct.max(1.0)),
                "k={k}: {got} vs {direct}"
            );
        }
        assert_eq!(ln_factorial(0), 0.0);
        assert_eq!(ln_factorial(1), 0.0);
    }

    #[test]
    fn tea_tasting() {
        // Fisher's lady tasting tea; R: fisher.test(matrix(c(3,1,1,3),2))$p.value = 0.4857
        let p = two_sided(3, 1, 1, 3);
        assert!(close(p, 0.485_714_285_714, 1e-9), "{p}");
    }

    #[test]
    fn known_small_table() {
        // R: fisher.test(matrix(c(1,11,9,3),2))$p.value = 0.002759456
        let p = two_sided(1, 9, 11, 3);
        assert!(close(p, 0.002_759_456, 1e-8), "{p}");
    }

    #[test]
    fn extreme_tables_sum_both_tails_exactly() {
        // Only the two all-or-nothing tables, each 1/C(10,5) = 1/252, are as extreme.
        let p = two_sided(0, 5, 5, 0);
        assert!(close(p, 2.0 / 252.0, 1e-12), "{p}");
    }

    #[test]
    fn identical_rows_are_not_significant() {
        assert_eq!(two_sided(10, 10, 10, 10), 1.0);
        assert_eq!(two_sided(0, 7, 0, 9), 1.0);
        assert_eq!(two_sided(0, 0, 0, 0), 1.0);
    }

    #[test]
    fn the_test_is_symmetric_in_rows_and_columns() {
        let p = two_sided(12, 30, 25, 18);
        assert!(close(p, two_sided(25, 18, 12, 30), 1e-12));
        assert!(close(p, two_sided(12, 25, 30, 18), 1e-12));
        assert!(close(p, two_sided(30, 12, 18, 25), 1e-12));
    }

    #[test]
    fn large_tables_neither_overflow_nor_lose_the_answer() {
        // Tens of thousands per row: a direct binomial product would be infinite.
        let p = two_sided(20_000, 20_000, 20_000, 20_000);
        assert_eq!(p, 1.0);
        let p = two_sided(21_000, 19_000, 20_000, 20_000);
        assert!(p.is_finite() && p > 0.0 && p < 1e-6, "{p}");
        let p = two_sided(20_050, 19_950, 20_000, 20_000);
        assert!(p.is_finite() && p > 0.5 && p < 1.0, "{p}");
        let p = two_sided(60_000, 0, 0, 60_000);
        assert!((0.0..1e-300).contains(&p), "{p}");
    }

    #[test]
    fn thousands_match_exact_rational_arithmetic() {
        // References computed with exact integers (Python fractions, same 1e-7 rule).
        // The rules' sex example, 667/1390 against 555/1181.
        assert!(close(
            two_sided(667, 723, 555, 626),
            0.634_486_189_660,
            1e-9
        ));
        // The rules' race example, Black (170/390) against White (412/797).
        assert!(close(
            two_sided(170, 220, 412, 385),
            0.009_430_110_452,
            1e-11
        ));
        assert!(close(
            two_sided(2100, 1900, 2000, 2000),
            0.026_795_112_302,
            1e-10
        ));
        assert!(close(two_sided(12, 30, 25, 18), 0.008_542_952_119, 1e-11));
    }
}
