//! Candidate lists uploaded as CSV (for JDs that do not require resumes).

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use crate::resume::{ParseOptions, Region, normalize_typed_phone};

/// One valid candidate row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CsvCandidate {
    /// 1-based line number in the file (the header is line 1).
    pub line: usize,
    /// Candidate's name.
    pub name: String,
    /// E-mail, lower-cased.
    pub email: Option<String>,
    /// Phone in E.164 when its country is known (written in it, or the options' region), else
    /// as written.
    pub phone: Option<String>,
    /// Every other non-empty column, by its header as written.
    pub extra: BTreeMap<String, String>,
}

/// A row that could not be imported, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowError {
    /// 1-based line number (0 when the whole file is unusable).
    pub line: usize,
    /// What is wrong, in words a recruiter understands.
    pub reason: String,
}

/// The result of reading a candidate CSV: valid rows and per-row errors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct CsvImport {
    /// Rows that can be imported.
    pub rows: Vec<CsvCandidate>,
    /// Rows (or the file) that cannot, with reasons.
    pub errors: Vec<RowError>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    FirstName,
    LastName,
    Email,
    Phone,
}

/// Column aliases, compared after lower-casing and dropping spaces, dashes and underscores.
fn field_of(header: &str) -> Option<Field> {
    let key: String = header
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    match key.as_str() {
        "name" | "fullname" | "candidatename" | "candidate" | "applicantname" => Some(Field::Name),
        "firstname" | "givenname" => Some(Field::FirstName),
        "lastname" | "surname" | "familyname" => Some(Field::LastName),
        "email" | "emailaddress" | "mail" | "emailid" | "candidateemail" => Some(Field::Email),
        "phone" | "mobile" | "contactnumber" | "phonenumber" | "mobilenumber" | "contact"
        | "contactno" | "mobileno" | "phoneno" | "candidatephone" | "telephone" | "cell" => {
            Some(Field::Phone)
        }
        _ => None,
    }
}

/// Upper bound on rows read, so one upload cannot exhaust memory.
const MAX_ROWS: usize = 50_000;

/// Parses a candidate CSV. UTF-8 with or without BOM (UTF-16 with BOM and Windows-1252 are
/// decoded too); comma, semicolon or tab separated, guessed from the header line. Never panics:
/// ragged rows, bad e-mails and missing names become [`RowError`]s. Phones written without a
/// country code are kept as written (no default region).
pub fn parse_candidates_csv(bytes: &[u8]) -> CsvImport {
    parse_candidates_csv_with(bytes, &ParseOptions::default())
}

/// [`parse_candidates_csv`] with the deployment's options: national phone numbers valid in
/// `options.default_region` become E.164.
pub fn parse_candidates_csv_with(bytes: &[u8], options: &ParseOptions) -> CsvImport {
    let text = decode(bytes);
    let mut import = CsvImport::default();
    let header_line = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    let delimiter = [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| header_line.bytes().filter(|b| b == d).count())
        .unwrap_or(b',');
    let mut reader = ::csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .has_headers(true)
        .trim(::csv::Trim::All)
        .from_reader(text.as_bytes());

    let headers: Vec<String> = match reader.headers() {
        Ok(h) => h.iter().map(str::to_string).collect(),
        Err(e) => {
            import.errors.push(RowError {
                line: 0,
                reason: format!("the header row cannot be read: {e}"),
            });
            return import;
        }
    };
    let fields: Vec<Option<Field>> = headers.iter().map(|h| field_of(h)).collect();
    let has = |f: Field| fields.contains(&Some(f));
    if !(has(Field::Name) || has(Field::FirstName)) || !(has(Field::Email) || has(Field::Phone)) {
        import.errors.push(RowError {
            line: 1,
            reason: "the header needs a name column and an e-mail or phone column".into(),
        });
        return import;
    }

    let mut seen_emails: HashMap<String, usize> = HashMap::new();
    for (i, record) in reader.records().enumerate() {
        if i >= MAX_ROWS {
            import.errors.push(RowError {
                line: 0,
                reason: format!("only the first {MAX_ROWS} rows are read"),
            });
            break;
        }
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(i + 2, |p| p.line() as usize);
                import.errors.push(RowError {
                    line,
                    reason: format!("unreadable row: {e}"),
                });
                continue;
            }
        };
        let line = record.position().map_or(i + 2, |p| p.line() as usize);
        if record.iter().all(str::is_empty) {
            continue;
        }
        let columns = Columns {
            headers: &headers,
            fields: &fields,
            region: options.default_region,
        };
        match candidate(line, &record, &columns, &mut seen_emails) {
            Ok(c) => import.rows.push(c),
            Err(reason) => import.errors.push(RowError { line, reason }),
        }
    }
    import
}

/// What the header says about each column, and the region for national phone numbers.
struct Columns<'a> {
    headers: &'a [String],
    fields: &'a [Option<Field>],
    region: Option<Region>,
}

fn candidate(
    line: usize,
    record: &::csv::StringRecord,
    columns: &Columns<'_>,
    seen_emails: &mut HashMap<String, usize>,
) -> Result<CsvCandidate, String> {
    let (headers, fields) = (columns.headers, columns.fields);
    if record.len() > headers.len() {
        return Err(format!(
            "{} columns, but the header has {}",
            record.len(),
            headers.len()
        ));
    }
    let (mut name, mut first, mut last, mut email, mut phone) = (None, None, None, None, None);
    let mut extra = BTreeMap::new();
    for (i, value) in record.iter().enumerate() {
        if value.is_empty() {
            continue;
        }
        let slot = match fields.get(i).copied().flatten() {
            Some(Field::Name) => &mut name,
            Some(Field::FirstName) => &mut first,
            Some(Field::LastName) => &mut last,
            Some(Field::Email) => &mut email,
            Some(Field::Phone) => &mut phone,
            None => {
                if let Some(h) = headers.get(i) {
                    extra.insert(h.clone(), value.to_string());
                }
                continue;
            }
        };
        slot.get_or_insert_with(|| value.to_string());
    }
    let name = name
        .or_else(|| match (first, last) {
            (Some(f), Some(l)) => Some(format!("{f} {l}")),
            (f, l) => f.or(l),
        })
        .ok_or("name is missing")?;
    let email = match email {
        Some(e) => {
            let e = e.to_lowercase();
            if !valid_email(&e) {
                return Err(format!("'{e}' is not a valid e-mail address"));
            }
            if let Some(first_line) = seen_emails.get(&e) {
                return Err(format!("duplicate e-mail {e} (first on line {first_line})"));
            }
            seen_emails.insert(e.clone(), line);
            Some(e)
        }
        None => None,
    };
    let phone = match phone {
        Some(p) => {
            let digits = p.chars().filter(char::is_ascii_digit).count();
            if !(7..=15).contains(&digits) {
                return Err(format!("'{p}' is not a valid phone number"));
            }
            Some(normalize_typed_phone(&p, columns.region))
        }
        None => None,
    };
    if email.is_none() && phone.is_none() {
        return Err("needs an e-mail or a phone number".into());
    }
    Ok(CsvCandidate {
        line,
        name,
        email,
        phone,
        extra,
    })
}

fn valid_email(e: &str) -> bool {
    let Some((local, domain)) = e.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !e.contains(char::is_whitespace)
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains('@')
}

fn decode(bytes: &[u8]) -> String {
    if let Some((enc, _)) = encoding_rs::Encoding::for_bom(bytes) {
        return enc.decode_with_bom_removal(bytes).0.into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        // Excel on Windows still writes "CSV" in the ANSI code page.
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_bom_and_semicolons() {
        let csv =
            "\u{feff}Full Name;E-mail;Mobile;City\nJosé Ruiz;JOSE@x.es;+34 612 345 678;Madrid\n";
        let import = parse_candidates_csv(csv.as_bytes());
        assert_eq!(import.errors, []);
        let row = &import.rows[0];
        assert_eq!((row.line, row.name.as_str()), (2, "José Ruiz"));
        assert_eq!(row.email.as_deref(), Some("jose@x.es"));
        assert_eq!(row.phone.as_deref(), Some("+34612345678"));
        assert_eq!(row.extra.get("City").map(String::as_str), Some("Madrid"));
    }

    #[test]
    fn row_errors_carry_line_numbers() {
        let csv = "name,email,phone\nA One,a@x.com,9876543210\n,b@x.com,\nC,not-an-email,\nD,a@x.com,\nE,e@x.com,1,extra\n";
        let import = parse_candidates_csv(csv.as_bytes());
        assert_eq!(import.rows.len(), 1);
        let lines: Vec<usize> = import.errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [3, 4, 5, 6]);
        assert!(import.errors[2].reason.contains("duplicate"));
    }

    #[test]
    fn windows_1252_and_missing_columns() {
        let import = parse_candidates_csv(b"candidate name,contactNumber\nJos\xe9,98765 43210\n");
        assert_eq!(import.rows[0].name, "José");
        assert_eq!(import.rows[0].phone.as_deref(), Some("98765 43210"));
        let india = ParseOptions {
            default_region: Region::new("IN"),
            ..ParseOptions::default()
        };
        let import = parse_candidates_csv_with(
            b"candidate name,contactNumber\nJos\xe9,98765 43210\n",
            &india,
        );
        assert_eq!(import.rows[0].phone.as_deref(), Some("+919876543210"));
        let bad = parse_candidates_csv(b"foo,bar\n1,2\n");
        assert_eq!(bad.errors.len(), 1);
    }
}
