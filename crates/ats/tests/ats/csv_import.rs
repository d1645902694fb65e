//! Candidate CSV import through the public API.

#[test]
fn mixed_file_reports_rows_and_errors() {
    let csv = "\u{feff}candidate name;email;contactNumber\n\
               Ana Lima;ana@x.com;+55 11 91234 5678\n\
               ;nobody@x.com;\n\
               Ольга Смирнова;olga@x.ru;8 912 345 67 89 00 11 22\n\
               Ravi;ravi@x.in;9876543210;extra;columns\n";
    let import = ats::parse_candidates_csv(csv.as_bytes());
    assert_eq!(import.rows.len(), 1);
    assert_eq!(import.rows[0].phone.as_deref(), Some("+5511912345678"));
    let lines: Vec<usize> = import.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [3, 4, 5]);
}

#[test]
fn garbage_bytes_do_not_panic() {
    for bytes in [
        &b""[..],
        b"\xff\xfe\x00",
        b"name,email\n\"unterminated,x\n",
        b"\x00\x01\x02",
    ] {
        let _ = ats::parse_candidates_csv(bytes);
    }
}
