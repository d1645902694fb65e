import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useGoBack } from '@/lib/use-go-back';

import { useEditJd } from '../api/edit-jd';
import type { EditJdPayload } from '../api/edit-jd';
import { useJd } from '../api/get-jd';
import type { JdDetail, JdNavigationState } from '../api/types';
import { JdForm } from '../components/jd-form';
import type { JdFormValues } from '../lib/jd-rules';

export const editMessages = {
  success: 'JD updated successfully!',
  fetchFailed: 'Failed to fetch JD.',
  noId: 'No JD ID provided.',
  invalidId: 'Invalid JD ID.',
  confirmTitle: 'Confirm Update',
  confirmText: 'Are you sure you want to update this JD?',
} as const;

/** The form's starting values: navigation state first, else the fetched JD. The date is never prefilled. */
function initialValues(source: JdNavigationState | JdDetail): JdFormValues {
  return {
    jdname: source.jdname ?? '',
    jddescription: source.jddescription ?? '',
    keySkills: source.keySkills ?? '',
    experience: source.experience ?? '',
    additionalNotes: source.additionalNotes ?? '',
    applyLastDate: '',
    resumeRequired: source.resumeRequired ?? true,
  };
}

function hasPrefill(state: unknown): state is JdNavigationState & { jdname: string; jobDescId: number } {
  const value = state as JdNavigationState | null;
  return typeof value?.jdname === 'string' && typeof value.jobDescId === 'number';
}

/**
 * Edit JD (SPEC section 2 and 4): /editjd/{jdId} and /edit/{id}. Submit asks
 * 'Confirm Update'; success toasts and goes to /folders, failure stays.
 */
export function EditJdRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const id = (params.jdId ?? params.id ?? '').trim();
  const state: unknown = location.state;
  const prefill = hasPrefill(state) ? state : null;
  const jd = useJd(id, { enabled: Boolean(id) && prefill === null });
  const editJd = useEditJd();
  const goBack = useGoBack(paths.folders);
  const [pending, setPending] = useState<JdFormValues | null>(null);
  const left = useRef(false);

  // No id, or the JD cannot be loaded: say so and go to /folders (SPEC section 8).
  const failure = !id
    ? editMessages.noId
    : jd.error
      ? isApiError(jd.error) && (jd.error.status === 404 || jd.error.status === 400)
        ? editMessages.invalidId
        : editMessages.fetchFailed
      : null;
  useEffect(() => {
    if (!failure || left.current) return;
    left.current = true;
    toast.error(failure, { keepOnNavigation: true });
    void navigate(paths.folders, { replace: true });
  }, [failure, navigate]);

  const source = prefill ?? jd.data;
  if (failure || !source) return <PageSpinner label="Loading JD…" />;

  const confirm = async () => {
    if (!pending) return;
    const payload: EditJdPayload = {
      jobDescId: prefill?.jobDescId ?? jd.data?.jobDescId ?? id,
      jdid: jd.data?.jdid ?? (/^\d+$/.test(id) ? '' : id),
      jdname: pending.jdname.trim(),
      jddescription: pending.jddescription,
      keySkills: pending.keySkills.trim(),
      additionalNotes: pending.additionalNotes.trim(),
      experience: pending.experience.trim(),
      applyLastDate: pending.applyLastDate,
    };
    try {
      await editJd.mutateAsync(payload);
      toast.success(editMessages.success, { keepOnNavigation: true });
      setPending(null);
      await navigate(paths.folders);
    } catch (error) {
      setPending(null);
      toast.error(`Update failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const busy = editJd.isPending;
  return (
    <PageFrame
      title="Edit Job Description"
      onBack={goBack}
      breadcrumbs={[
        { label: 'JD Folders', to: paths.folders },
        { label: source.jdname || 'Job Description', to: paths.jd(jd.data?.jdid ?? id), state: { jdname: source.jdname } },
        { label: 'Edit' },
      ]}
      narrow
    >
      <title>Edit Job Description · Hirelane</title>
      <div className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <JdForm
          mode="edit"
          initialValues={initialValues(source)}
          busy={busy}
          submitLabel="Update JD"
          busyLabel="Updating..."
          onCancel={goBack}
          onSubmit={(values) => setPending(values)}
        />
      </div>
      <Dialog open={pending !== null} title={editMessages.confirmTitle} onClose={() => setPending(null)} busy={busy}>
        <p className="mt-2 text-sm text-slate-600">{editMessages.confirmText}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setPending(null)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={busy} data-autofocus>
            {busy ? 'Updating...' : 'Yes, Update'}
          </Button>
        </div>
      </Dialog>
    </PageFrame>
  );
}

export { EditJdRoute as Component };
