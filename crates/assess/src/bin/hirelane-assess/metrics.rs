//! Agreement of scores with human grades: Pearson r, Spearman rho and quadratic weighted kappa.

/// Pearson's correlation; 0 when either side is constant.
pub fn pearson(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len().min(y.len()) as f64;
    if n < 2.0 {
        return 0.0;
    }
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        sxy += (a - mx) * (b - my);
        sxx += (a - mx) * (a - mx);
        syy += (b - my) * (b - my);
    }
    if sxx == 0.0 || syy == 0.0 {
        0.0
    } else {
        sxy / (sxx * syy).sqrt()
    }
}

/// Ranks from 1, ties sharing their mean rank.
fn ranks(x: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..x.len()).collect();
    order.sort_by(|&a, &b| x[a].total_cmp(&x[b]));
    let mut out = vec![0.0; x.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && x[order[j + 1]] == x[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = rank;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rank correlation (Pearson's on ranks with ties averaged).
pub fn spearman(x: &[f64], y: &[f64]) -> f64 {
    pearson(&ranks(x), &ranks(y))
}

/// Quadratic weighted kappa of two ratings on categories `0..k`.
pub fn qwk(a: &[usize], b: &[usize], k: usize) -> f64 {
    if k < 2 || a.is_empty() {
        return 0.0;
    }
    let n = a.len().min(b.len()) as f64;
    let mut observed = vec![vec![0.0; k]; k];
    let (mut ha, mut hb) = (vec![0.0; k], vec![0.0; k]);
    for (&i, &j) in a.iter().zip(b) {
        observed[i][j] += 1.0;
        ha[i] += 1.0;
        hb[j] += 1.0;
    }
    let (mut num, mut den) = (0.0, 0.0);
    for i in 0..k {
        for j in 0..k {
            let w = ((i as f64 - j as f64) / (k as f64 - 1.0)).powi(2);
            num += w * observed[i][j];
            den += w * ha[i] * hb[j] / n;
        }
    }
    if den == 0.0 { 0.0 } else { 1.0 - num / den }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        let x = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert!((pearson(&x, &[2.0, 4.0, 6.0, 8.0, 10.0]) - 1.0).abs() < 1e-12);
        assert!((pearson(&x, &[5.0, 4.0, 3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
        assert!((spearman(&x, &[1.0, 4.0, 9.0, 16.0, 25.0]) - 1.0).abs() < 1e-12);
        assert_eq!(ranks(&[3.0, 1.0, 3.0]), [2.5, 1.0, 2.5]);
        assert!((qwk(&[0, 1, 2], &[0, 1, 2], 3) - 1.0).abs() < 1e-12);
        // Worked example: ratings 0,0,1,1 against 0,1,1,1 on two categories gives 0.5.
        assert!((qwk(&[0, 0, 1, 1], &[0, 1, 1, 1], 2) - 0.5).abs() < 1e-12);
    }
}
