import '../components/rich-text.css';

import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';

import { AlertIcon } from '@/components/ui/icons';
import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/date-time';
import { toast } from '@/lib/toast';
import { useGoBack } from '@/lib/use-go-back';

import { useDeleteJd } from '../api/delete-jd';
import { useJd } from '../api/get-jd';
import type { JdDetail, JdNavigationState } from '../api/types';
import { AutopilotDialog } from '../components/autopilot-dialog';
import { DeleteJdDialog } from '../components/delete-jd-dialog';
import { FairnessFlagBanner } from '../components/fairness-flag-banner';
import { JdActions } from '../components/jd-actions';
import { JobPageDialog } from '../components/job-page-dialog';
import { JobPageSummary } from '../components/job-page-summary';
import { descriptionForDisplay, hasRichContent, splitLines, splitSkills } from '../lib/jd-rules';

export const DELETE_SUCCESS = 'JD deleted successfully.';
export const DELETE_FAILURE = 'Failed to delete JD.';
const INVALID_ID = 'Invalid JD ID.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  );
}

function Bullets({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5 marker:text-brand-500">
      {items.map((item, index) => (
        <li key={`${index}-${item}`} className="break-words">
          {item}
        </li>
      ))}
    </ul>
  );
}

export type JdDetailRouteProps = {
  /**
   * The upload area and live analysis progress, composed in by the app layer
   * (they belong to the candidates feature, which this feature cannot import).
   */
  renderUpload?: (detail: JdDetail) => ReactNode;
};

/** The id of the upload area's chooser button (see the candidates feature's UploadArea). */
const UPLOAD_CHOOSER_ID = 'jd-upload-choose';

/**
 * JD detail (/jd/{jdid}, SPEC section 2): name from navigation state or the
 * fetch, actions, the upload area, the job page and autopilot (a JD that asks
 * for resumes; their actions open dialogs) and the non-empty sections.
 */
export function JdDetailRoute({ renderUpload }: JdDetailRouteProps = {}) {
  const { jdid = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const navState = (location.state ?? null) as JdNavigationState | null;
  const jd = useJd(jdid);
  const deleteJd = useDeleteJd();
  const [deleting, setDeleting] = useState(false);
  const [careersDialog, setCareersDialog] = useState<'jobPage' | 'autopilot' | null>(null);

  const invalid = isApiError(jd.error) && (jd.error.status === 404 || jd.error.status === 400);
  // Other fetch failures are only logged (SPEC section 8).
  useEffect(() => {
    if (jd.error && !invalid) console.error('Failed to load JD', jd.error);
  }, [jd.error, invalid]);

  const name = jd.data?.jdname ?? navState?.jdname ?? '';
  const back = useGoBack(paths.folders);
  const breadcrumbs = [{ label: 'JD Folders', to: paths.folders }, { label: name || 'Job Description' }];

  if (invalid) {
    return (
      <PageFrame title="Job Description" onBack={back} breadcrumbs={breadcrumbs}>
        <title>Invalid JD · Hirelane</title>
        <div role="alert" className="mt-6 flex items-start gap-3 rounded-xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
          <AlertIcon className="shrink-0" />
          <div>
            <p className="font-medium">{INVALID_ID}</p>
            <Link to={paths.folders} className="mt-2 inline-block text-sm font-semibold text-red-900 underline">
              Back to JD Folders
            </Link>
          </div>
        </div>
      </PageFrame>
    );
  }

  const detail = jd.data;
  const confirmDelete = async (reason: string) => {
    if (!detail) return;
    try {
      await deleteJd.mutateAsync({ id: detail.jobDescId, reason });
      setDeleting(false);
      toast.success(DELETE_SUCCESS, { keepOnNavigation: true });
      await navigate(paths.folders);
    } catch {
      toast.error(DELETE_FAILURE);
    }
  };

  const skills = splitSkills(detail?.keySkills);
  const experience = splitLines(detail?.experience);
  const notes = splitLines(detail?.additionalNotes);

  return (
    <PageFrame
      title={name || 'Job Description'}
      onBack={back}
      breadcrumbs={breadcrumbs}
      description={
        detail
          ? `Created ${formatDate(detail.createdOn)}${detail.applyLastDate ? ` · Apply by ${formatDate(detail.applyLastDate)}` : ''}`
          : undefined
      }
    >
      <title>{`${name || 'Job Description'} · Hirelane`}</title>
      {detail && <FairnessFlagBanner jobDescId={detail.jobDescId} />}
      {detail && (
        <div className="mt-4 flex justify-end sm:justify-start">
          <JdActions
            resumeRequired={detail.resumeRequired}
            onUpload={
              renderUpload
                ? () => {
                    const chooser = document.getElementById(UPLOAD_CHOOSER_ID);
                    chooser?.scrollIntoView({ block: 'center' });
                    chooser?.click();
                  }
                : undefined
            }
            onEdit={() => {
              const state: JdNavigationState = {
                jdname: detail.jdname,
                jobDescId: detail.jobDescId,
                jddescription: detail.jddescription,
                keySkills: detail.keySkills,
                additionalNotes: detail.additionalNotes,
                experience: detail.experience,
                resumeRequired: detail.resumeRequired,
              };
              void navigate(paths.editJd(String(detail.jobDescId)), { state });
            }}
            onDelete={() => setDeleting(true)}
            onViewResumes={() =>
              void navigate(paths.candidateDetails(detail.jdid), { state: { jobDescId: detail.jobDescId, jdname: detail.jdname } })
            }
            onBoard={() => void navigate(paths.jdBoard(detail.jdid), { state: { jdname: detail.jdname } })}
            onJobPage={() => setCareersDialog('jobPage')}
            onAutopilot={detail.resumeRequired ? () => setCareersDialog('autopilot') : undefined}
          />
        </div>
      )}

      {jd.isPending ? (
        <PageSpinner label="Loading JD…" />
      ) : detail ? (
        <div className="mt-6 space-y-5">
          {renderUpload?.(detail)}
          {/* A CSV JD cannot be published (its Job page action says why), so it has nothing to show here. */}
          {detail.resumeRequired && (
            <Section title="Job page">
              <JobPageSummary detail={detail} />
            </Section>
          )}
          {hasRichContent(detail.jddescription) && (
            <Section title="Job Description">
              {/* Sanitised on the server: only Quill's own formats survive. */}
              <div
                className="rich-text"
                data-testid="jd-description"
                dangerouslySetInnerHTML={{ __html: descriptionForDisplay(detail.jddescription) }}
              />
            </Section>
          )}
          {skills.length > 0 && (
            <Section title="Key Skills">
              <Bullets items={skills} />
            </Section>
          )}
          {experience.length > 0 && (
            <Section title="Experience">
              <Bullets items={experience} />
            </Section>
          )}
          {notes.length > 0 && (
            <Section title="Additional Notes">
              <Bullets items={notes} />
            </Section>
          )}
        </div>
      ) : null}

      {detail && (
        <>
          <JobPageDialog open={careersDialog === 'jobPage'} detail={detail} onClose={() => setCareersDialog(null)} />
          <AutopilotDialog open={careersDialog === 'autopilot'} detail={detail} onClose={() => setCareersDialog(null)} />
        </>
      )}
      {detail && (
        <DeleteJdDialog
          open={deleting}
          jdname={detail.jdname}
          deleting={deleteJd.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={(reason) => void confirmDelete(reason)}
        />
      )}
    </PageFrame>
  );
}

export { JdDetailRoute as Component };
