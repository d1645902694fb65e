//! `ats-eval`: prints contact-field accuracy and ranking quality on the labelled set.
//! `cargo run -p ats --release --bin ats-eval [-- --verbose] [--lexical]`; exits 1 when a
//! target is missed. Job fit includes semantic fit when the embedding model is installed
//! (`scripts/models.sh`), unless `--lexical`.

mod data_root;
mod metrics;
mod ranking;
mod real;

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let verbose = std::env::args().any(|a| a == "--verbose" || a == "-v");
    let model = if std::env::args().any(|a| a == "--lexical") {
        None
    } else {
        ats::semantic::Model::locate()
            .inspect_err(|e| println!("embedding model not used, scores are lexical: {e}"))
            .ok()
    };
    let scorer = ranking::Scorer {
        model: model.as_ref(),
        config: ats::ScoringConfig::default(),
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (eval_dir, fixtures) = (root.join("eval"), root.join("tests/fixtures"));
    let contacts = match metrics::contacts(&eval_dir, &fixtures) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let ranking = match metrics::ranking(&eval_dir, &scorer) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };

    println!(
        "scoring version {}",
        if model.is_some() {
            ats::SEMANTIC_VERSION
        } else {
            ats::VERSION
        }
    );
    println!(
        "\nContacts ({} resumes: 80 evaluation texts + fixtures through extraction)",
        contacts.total
    );
    for (field, n) in [
        ("name", contacts.name),
        ("email", contacts.email),
        ("phone", contacts.phone),
        ("all three", contacts.all),
    ] {
        println!(
            "  {field:<10} {n:>3}/{:<3} {:>6.1}%",
            contacts.total,
            100.0 * contacts.rate(n)
        );
    }
    if verbose {
        for m in &contacts.misses {
            println!("  miss {m}");
        }
    }

    if !real_contacts(&eval_dir, verbose) {
        return ExitCode::from(1);
    }

    let layouts = match metrics::layouts(&eval_dir) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    println!("\nLayouts (eval/layouts: reportlab, Chromium and python-docx files), exact matches");
    println!(
        "  {:<14} {:>5} {:>7} {:>7} {:>7} {:>14}",
        "layout", "files", "name", "email", "phone", "check name*"
    );
    let (mut files, mut names) = (0, 0);
    for l in &layouts {
        let pct = |n: usize| 100.0 * n as f64 / l.total.max(1) as f64;
        println!(
            "  {:<14} {:>5} {:>6.1}% {:>6.1}% {:>6.1}% {:>7} / {:<5}",
            l.layout,
            l.total,
            pct(l.name),
            pct(l.email),
            pct(l.phone),
            l.flagged_wrong,
            l.flagged_right
        );
        files += l.total;
        names += l.name;
        if verbose {
            for m in &l.misses {
                println!("      miss {m}");
            }
        }
    }
    let layout_names = names as f64 / files.max(1) as f64;
    println!("  * names flagged \"check name\" that were wrong / right");

    println!("\nRanking (labels good > partial > poor)");
    println!("  {:<6} {:>9} {:>7}", "JD", "pairwise", "NDCG@5");
    let (mut pw, mut nd) = (0.0, 0.0);
    for r in &ranking {
        println!("  {:<6} {:>9.3} {:>7.3}", r.jd, r.pairwise, r.ndcg5);
        pw += r.pairwise;
        nd += r.ndcg5;
        if verbose {
            for (file, label, persona, score, rec) in &r.rows {
                println!("      {score:>3} {rec:?}\t{label:<7} {persona:<20} {file}");
            }
        }
    }
    let n = ranking.len().max(1) as f64;
    let (pw, nd) = (pw / n, nd / n);
    println!("  {:<6} {:>9.3} {:>7.3}", "mean", pw, nd);

    let pass_rate = |label: &str| {
        let rows: Vec<_> = ranking
            .iter()
            .flat_map(|r| r.rows.iter())
            .filter(|r| r.1 == label)
            .collect();
        let pass = rows
            .iter()
            .filter(|r| r.4 == ats::Recommendation::Pass)
            .count();
        (pass, rows.len())
    };
    println!("\nRecommendation Pass by label");
    for label in ["good", "partial", "poor"] {
        let (p, t) = pass_rate(label);
        println!("  {label:<8} {p:>2}/{t}");
    }

    let synthetic = ranking::Summary {
        professions: ranking
            .iter()
            .map(|r| {
                let scored = r
                    .rows
                    .iter()
                    .map(|row| (row.3, row.1 == "good", row.0.clone(), String::new()))
                    .collect();
                ranking::measure(r.jd.clone(), scored)
            })
            .collect(),
    };
    let real = match ranking::real_set_dir() {
        Some(dir) => {
            match ranking::real(
                &eval_dir.join("real/ranking/jds"),
                &dir,
                metrics::AS_OF,
                &scorer,
            ) {
                Ok(s) => Some(s),
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(1);
                }
            }
        }
        None => {
            println!("\nReal ranking set not found (eval/real/ranking/SOURCES.md): synthetic only");
            None
        }
    };
    print_by_profession(&synthetic, real.as_ref(), verbose);

    let contact_rate = [contacts.name, contacts.email, contacts.phone]
        .into_iter()
        .map(|n| contacts.rate(n))
        .fold(1.0, f64::min);
    let ok = contact_rate >= 0.95 && pw >= 0.9 && layout_names >= 0.97;
    let met = |ok: bool| if ok { "met" } else { "MISSED" };
    println!(
        "\nTargets: contacts >= 95% exact per field ({}), names on layouts >= 97% ({}), \
         pairwise >= 0.9 ({})",
        met(contact_rate >= 0.95),
        met(layout_names >= 0.97),
        met(pw >= 0.9)
    );
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Synthetic (own JD's "good" resumes vs the rest) and real (a profession's resumes vs all
/// others) side by side.
fn print_by_profession(
    synthetic: &ranking::Summary,
    real: Option<&ranking::Summary>,
    verbose: bool,
) {
    println!("\nRanking by profession: ROC AUC and precision@10 (top min(10, own))");
    let mut sets = vec![("synthetic (good vs rest)", synthetic)];
    sets.extend(real.map(|r| ("real (profession vs others)", r)));
    for (label, set) in sets {
        println!("  {label}");
        println!("    {:<22} {:>4} {:>6} {:>6}", "JD", "own", "AUC", "P@10");
        for p in &set.professions {
            println!(
                "    {:<22} {:>4} {:>6.3} {:>6.2}",
                p.name, p.own, p.auc, p.precision_at_10
            );
            if verbose {
                for (score, own, file, summary) in p.ranked.iter().take(12) {
                    let mark = if *own { '*' } else { ' ' };
                    println!("        {score:>3} {mark} {file:<28} {summary}");
                }
            }
        }
        println!(
            "    {:<22} {:>4} {:>6.3} {:>6.2}\n    {:<22} {:>4} {:>6.3} {:>6.2}",
            "mean",
            "",
            set.mean_auc(),
            set.mean_precision(),
            "min",
            "",
            set.min_auc(),
            set.min_precision()
        );
    }
}

/// Prints the real-world corpus's figures beside the synthetic ones; false on an error.
fn real_contacts(eval_dir: &Path, verbose: bool) -> bool {
    let Some(corpus) = real::corpus_dir() else {
        println!("\n{}", real::skip_line());
        return true;
    };
    let options = ats::ParseOptions {
        as_of: metrics::AS_OF,
        ..ats::ParseOptions::default()
    };
    let c = match real::contacts(eval_dir, &corpus, &options) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return false;
        }
    };
    println!(
        "\nContacts, real-world corpus ({} files people published; eval/real/contacts)",
        c.total
    );
    for (field, n) in [
        ("name", c.name),
        ("email", c.email),
        ("phone", c.phone),
        ("all three", c.all),
    ] {
        println!(
            "  {field:<10} {n:>3}/{:<3} {:>6.1}%",
            c.total,
            100.0 * c.rate(n)
        );
    }
    println!(
        "  \"check name\" shown on {} wrong and {} right names",
        c.flagged_wrong, c.flagged_right
    );
    if verbose {
        for m in &c.misses {
            println!("  miss {m}");
        }
    }
    true
}
