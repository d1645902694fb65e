//! `hirelane demo`: a populated product in the first minute. Loads the committed demo set
//! (`demo/jobs.json` and `demo/resumes/<key>/`, made by `demo/resumegen.py` with reportlab and
//! python-docx) through the normal intake and analysis pipeline. The set is built into the
//! binary, so the command works from any directory; `--dir` loads another set from a folder.

mod embedded;

use std::borrow::Cow;
use std::path::Path;

use anyhow::{Context, bail};
use serde::Deserialize;

use crate::activity::log::Actor;
use crate::auth::recruiters;
use crate::candidates::intake::accept::{Sender, accept_resume};
use crate::candidates::intake::checks::check_file_name;
use crate::candidates::worker;
use crate::jobs::create::create;
use crate::jobs::repo::{self as job_repo, JobKey};
use crate::jobs::rules::JobInput;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoJob {
    key: String,
    jdname: String,
    jddescription: String,
    key_skills: String,
    experience: String,
    #[serde(default)]
    additional_notes: String,
    #[serde(default = "yes")]
    resume_required: bool,
}

fn yes() -> bool {
    true
}

/// What the demo loaded.
#[derive(Debug, Default)]
pub struct Loaded {
    pub jobs: usize,
    pub resumes: usize,
}

/// A resume of a demo set.
struct DemoResume {
    /// The key of its JD in `jobs.json`.
    key: String,
    name: String,
    bytes: Cow<'static, [u8]>,
}

/// A demo set: its JDs (`jobs.json`) and their resumes, each JD's in file-name order.
pub struct DemoSet {
    jobs: Cow<'static, str>,
    resumes: Vec<DemoResume>,
}

impl DemoSet {
    /// The set built into the binary.
    pub fn built_in() -> DemoSet {
        DemoSet {
            jobs: Cow::Borrowed(embedded::JOBS),
            resumes: embedded::RESUMES
                .iter()
                .map(|(key, name, bytes)| DemoResume {
                    key: (*key).to_owned(),
                    name: (*name).to_owned(),
                    bytes: Cow::Borrowed(*bytes),
                })
                .collect(),
        }
    }

    /// A set in a folder laid out as `demo/` is: `jobs.json` and `resumes/<key>/`.
    pub fn from_dir(dir: &Path) -> anyhow::Result<DemoSet> {
        let spec = dir.join("jobs.json");
        let jobs = std::fs::read_to_string(&spec)
            .with_context(|| format!("reading {}", spec.display()))?;
        let keys: Vec<DemoJob> =
            serde_json::from_str(&jobs).with_context(|| format!("parsing {}", spec.display()))?;
        let mut resumes = Vec::new();
        for job in keys {
            let folder = dir.join("resumes").join(&job.key);
            let mut files: Vec<_> = std::fs::read_dir(&folder)
                .with_context(|| format!("demo resumes for '{}'", job.key))?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .collect();
            files.sort();
            for path in files {
                let name = path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("resume.pdf")
                    .to_owned();
                let bytes =
                    std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
                resumes.push(DemoResume {
                    key: job.key.clone(),
                    name,
                    bytes: Cow::Owned(bytes),
                });
            }
        }
        Ok(DemoSet {
            jobs: Cow::Owned(jobs),
            resumes,
        })
    }
}

/// Loads a demo set and analyses it. Refuses a database that already holds JDs or candidates
/// unless `force`.
pub async fn load(state: &AppState, set: &DemoSet, force: bool) -> anyhow::Result<Loaded> {
    let job_count = job_repo::count(&state.db).await?;
    let candidate_count = crate::candidates::repo::count(&state.db).await?;
    if (job_count > 0 || candidate_count > 0) && !force {
        bail!(
            "the database already holds {job_count} JD(s) and {candidate_count} candidate(s); \
             run with --force to add the demo anyway"
        );
    }
    let jobs: Vec<DemoJob> = serde_json::from_str(&set.jobs).context("parsing the demo's jobs")?;
    let recruiter = match recruiters::list(&state.db).await?.into_iter().next() {
        Some(r) => r,
        None => {
            let (email, name) = crate::auth::first_run::BUILT_IN;
            recruiters::add(
                &state.db,
                email,
                name,
                recruiters::Role::Admin,
                state.clock.now(),
            )
            .await?
        }
    };
    let mut loaded = Loaded::default();
    for demo in jobs {
        let input = JobInput {
            jdname: demo.jdname,
            jddescription: demo.jddescription,
            key_skills: demo.key_skills,
            experience: demo.experience,
            additional_notes: demo.additional_notes,
            apply_last_date: None,
        };
        let (id, _) = create(state, &input, demo.resume_required, recruiter.id, "").await?;
        let job = job_repo::find(&state.db, &JobKey::Id(id))
            .await?
            .context("the demo JD just created is missing")?;
        loaded.jobs += 1;
        for resume in set.resumes.iter().filter(|r| r.key == demo.key) {
            let extension = check_file_name(&resume.name)?;
            let uploader = Actor::Recruiter {
                id: recruiter.id,
                name: recruiter.full_name.clone(),
            };
            accept_resume(
                state,
                &job,
                &resume.name,
                &extension,
                resume.bytes.to_vec(),
                Sender::Upload(&uploader),
            )
            .await?;
            loaded.resumes += 1;
        }
    }
    while worker::analyse_next(state).await? {}
    Ok(loaded)
}
