//! Makes a scanned resume for tests: renders a PDF's first page to a JPEG with poppler's
//! `pdftoppm` and wraps the picture, alone, in a new PDF, as a scanner or a phone app would.
//! Shared by the `ats` and `hirelane` tests (`#[path]`).

use std::path::Path;
use std::process::Command;

/// Width and height of the picture: A4 at 150 dpi.
const PIXELS: (u32, u32) = (1240, 1754);

/// An image-only PDF of the first page of `pdf`. Panics when poppler is missing: the tests that
/// need it run where `scripts/system-deps.sh` installed it.
pub fn scanned_copy(pdf: &Path) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!(
        "hirelane-scan-{}-{}",
        std::process::id(),
        pdf.file_stem().and_then(|s| s.to_str()).unwrap_or("file")
    ));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let out = dir.join("page");
    let status = Command::new("pdftoppm")
        .args(["-jpeg", "-singlefile", "-f", "1", "-l", "1"])
        .args([
            "-scale-to-x",
            &PIXELS.0.to_string(),
            "-scale-to-y",
            &PIXELS.1.to_string(),
        ])
        .arg(pdf)
        .arg(&out)
        .status()
        .expect("pdftoppm (poppler-utils) is needed: run scripts/system-deps.sh");
    assert!(status.success(), "pdftoppm failed on {}", pdf.display());
    let jpeg = std::fs::read(out.with_extension("jpg")).expect("the rendered page");
    std::fs::remove_dir_all(&dir).expect("the scratch directory is removed");
    image_only_pdf(&jpeg, PIXELS)
}

/// A one-page A4 PDF showing `jpeg` over the whole page, with a correct cross-reference table.
fn image_only_pdf(jpeg: &[u8], (width, height): (u32, u32)) -> Vec<u8> {
    let content = b"q 595 0 0 842 0 0 cm /Scan Do Q";
    let image_head = format!(
        "<< /Type /XObject /Subtype /Image /Width {width} /Height {height} \
         /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length {} >>\nstream\n",
        jpeg.len()
    );
    let objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] \
           /Resources << /XObject << /Scan 5 0 R >> >> /Contents 4 0 R >>"
            .to_vec(),
        [
            format!("<< /Length {} >>\nstream\n", content.len()).as_bytes(),
            content,
            b"\nendstream",
        ]
        .concat(),
        [image_head.as_bytes(), jpeg, b"\nendstream"].concat(),
    ];
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        pdf.extend_from_slice(body);
        pdf.extend_from_slice(b"\nendobj\n");
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}
