//! The demo set built into the binary, so that `hirelane demo` works from any directory: the
//! JDs (`demo/jobs.json`) and every resume under `demo/resumes/<key>/`. A unit test checks the
//! list against the folder, so a file added there and not here fails the build's tests.

/// A resume of the set: the JD's key, the file's name and its bytes.
pub(super) type Resume = (&'static str, &'static str, &'static [u8]);

/// `demo/resumes/<key>/<name>`, read at compile time.
macro_rules! resume {
    ($key:literal, $name:literal) => {
        (
            $key,
            $name,
            include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../demo/resumes/",
                $key,
                "/",
                $name
            )),
        )
    };
}

pub(super) const JOBS: &str =
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/jobs.json"));

pub(super) const RESUMES: &[Resume] = &[
    resume!("backend", "01-aditi.pdf"),
    resume!("backend", "02-rohan.docx"),
    resume!("backend", "03-meera.pdf"),
    resume!("backend", "04-karthik.docx"),
    resume!("backend", "05-sara.pdf"),
    resume!("backend", "06-liam.docx"),
    resume!("backend", "07-fatima.pdf"),
    resume!("backend", "08-jonas.docx"),
    resume!("backend", "09-yuki.pdf"),
    resume!("backend", "10-carlos.docx"),
    resume!("data", "01-noah.pdf"),
    resume!("data", "02-ananya.docx"),
    resume!("data", "03-mateo.pdf"),
    resume!("data", "04-leila.docx"),
    resume!("data", "05-daniel.pdf"),
    resume!("data", "06-isha.docx"),
    resume!("data", "07-olga.pdf"),
    resume!("data", "08-kofi.docx"),
    resume!("data", "09-priyanka.pdf"),
    resume!("data", "10-lucas.docx"),
    resume!("frontend", "01-ngozi.pdf"),
    resume!("frontend", "02-arjun.docx"),
    resume!("frontend", "03-elena.pdf"),
    resume!("frontend", "04-tomás.docx"),
    resume!("frontend", "05-hana.pdf"),
    resume!("frontend", "06-vikram.docx"),
    resume!("frontend", "07-chloé.pdf"),
    resume!("frontend", "08-ibrahim.docx"),
    resume!("frontend", "09-sofia.pdf"),
    resume!("frontend", "10-wei.docx"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_folder_is_built_in() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../demo/resumes");
        let mut on_disk = Vec::new();
        for key in std::fs::read_dir(&root).expect("demo/resumes") {
            let key = key.expect("entry").path();
            for file in std::fs::read_dir(&key).expect("a JD's folder") {
                let file = file.expect("entry").path();
                let name =
                    |p: &std::path::Path| p.file_name().and_then(|n| n.to_str()).map(str::to_owned);
                on_disk.push((name(&key).expect("key"), name(&file).expect("name")));
            }
        }
        on_disk.sort();
        let built_in: Vec<(String, String)> = RESUMES
            .iter()
            .map(|(key, name, _)| ((*key).to_owned(), (*name).to_owned()))
            .collect();
        assert_eq!(built_in, on_disk);
    }
}
