import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { AssistantSelect, useAssistantPicker } from '@/components/assistants/assistant-select';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { describedBy, inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useAutopilot } from '../api/get-autopilot';
import { usePosting } from '../api/get-posting';
import { useSaveAutopilot, useSavingAutopilot } from '../api/save-autopilot';
import type { Autopilot, JdDetail } from '../api/types';
import { applicantCount, autopilotForm, autopilotInput, checkAutopilot } from '../lib/autopilot';
import type { AutopilotErrors, AutopilotForm } from '../lib/autopilot';
import { QueryDialogBody } from './query-dialog-body';

export const AUTOPILOT_SAVE_FAILED = 'The autopilot could not be saved.';
export const AUTOPILOT_FAILED = 'The autopilot could not be loaded.';
export const NEVER_REJECTS =
  'The autopilot only sends interview invitations. It never rejects anyone: applicants it does not invite stay in the candidate list for you to decide on.';

const check = 'size-4 shrink-0 rounded border-slate-300 accent-brand-600';

function AutopilotFormView({ detail, autopilot, onClose }: { detail: JdDetail; autopilot: Autopilot; onClose: () => void }) {
  const id = useId();
  const save = useSaveAutopilot(detail.jdid);
  const posting = usePosting(detail.jdid);
  const picker = useAssistantPicker(autopilot.assistantId ?? '');
  const [form, setForm] = useState<AutopilotForm>(() => autopilotForm(autopilot));
  const [errors, setErrors] = useState<AutopilotErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = save.isPending;
  const field = (name: string) => `${id}-${name}`;

  const update = <K extends keyof AutopilotForm>(key: K, value: AutopilotForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (key === 'minScore' || key === 'rule') setErrors((current) => ({ ...current, minScore: undefined }));
    if (key === 'enabled') setErrors((current) => ({ ...current, assistant: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkAutopilot(form, picker.value);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    try {
      const saved = await save.mutateAsync(autopilotInput(detail.jobDescId, form, picker.value));
      toast.success(saved.enabled ? 'The autopilot is on.' : 'The autopilot is off.');
      onClose();
    } catch (error) {
      setFailure(apiErrorMessage(error, AUTOPILOT_SAVE_FAILED));
    }
  };

  const scoreId = field('minScore');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      <p className="text-sm text-slate-600">
        When an application is analysed and qualifies, the autopilot e-mails the applicant an interview invitation at once, with the
        assistant you choose.
      </p>
      <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-inset ring-slate-200">
        <input
          id={field('enabled')}
          type="checkbox"
          data-autofocus
          checked={form.enabled}
          disabled={busy}
          onChange={(event) => update('enabled', event.target.checked)}
          className={`mt-0.5 ${check}`}
        />
        <label htmlFor={field('enabled')} className="text-sm font-semibold text-slate-900">
          Invite qualifying applicants automatically
        </label>
      </div>

      <AssistantSelect
        id={field('assistant')}
        picker={picker}
        hint="The AI interviewer that runs their interviews."
        error={errors.assistant}
        disabled={busy}
        testId="autopilot-assistant"
      />

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Whom to invite</legend>
        <div className="mt-1.5 space-y-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={field('rule')}
              checked={form.rule === 'pass'}
              disabled={busy}
              onChange={() => update('rule', 'pass')}
              className="size-4 accent-brand-600"
            />
            Invite on Pass: applicants the ATS marks Pass
          </label>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={field('rule')}
                checked={form.rule === 'score'}
                disabled={busy}
                onChange={() => update('rule', 'score')}
                className="size-4 accent-brand-600"
              />
              Invite from an ATS score of
            </label>
            {/* The input fills its box (inputClass is full width): the box sets its width. */}
            <span className="w-20">
              <input
                id={scoreId}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                aria-label="Minimum ATS score"
                value={form.minScore}
                disabled={busy || form.rule !== 'score'}
                onChange={(event) => update('minScore', event.target.value)}
                aria-invalid={errors.minScore ? true : undefined}
                aria-describedby={describedBy(scoreId, { error: errors.minScore })}
                className={inputClass(Boolean(errors.minScore))}
              />
            </span>
            <span>or more</span>
          </div>
          {errors.minScore && (
            <p id={`${scoreId}-error`} className="text-sm text-red-700">
              {errors.minScore}
            </p>
          )}
        </div>
      </fieldset>

      <div className="flex items-start gap-3">
        <input
          id={field('digest')}
          type="checkbox"
          checked={form.digest}
          disabled={busy}
          onChange={(event) => update('digest', event.target.checked)}
          aria-describedby={`${field('digest')}-hint`}
          className={`mt-0.5 ${check}`}
        />
        <div>
          <label htmlFor={field('digest')} className="text-sm font-medium text-slate-800">
            Daily digest
          </label>
          <p id={`${field('digest')}-hint`} className="text-xs text-slate-600">
            Once a day, the JD’s recruiter gets an e-mail with new applicants, interviews completed and candidates needing review.
          </p>
        </div>
      </div>

      <div
        data-testid="autopilot-never-rejects"
        className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 ring-1 ring-inset ring-brand-200"
      >
        {NEVER_REJECTS} It acts on applications analysed from now on.
      </div>
      {posting.data && !posting.data.published && (
        <p className="text-sm text-amber-900">The job page is not published yet, so no one can apply.</p>
      )}
      <p className="text-sm text-slate-700">
        Invited by the autopilot so far: <span data-testid="autopilot-invited">{applicantCount(autopilot.invited)}</span>
      </p>

      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function AutopilotBody({ detail, onClose }: { detail: JdDetail; onClose: () => void }) {
  const autopilot = useAutopilot(detail.jdid);
  return (
    <QueryDialogBody query={autopilot} loadingLabel="Loading the autopilot" failed={AUTOPILOT_FAILED} onClose={onClose}>
      {(saved) => <AutopilotFormView detail={detail} autopilot={saved} onClose={onClose} />}
    </QueryDialogBody>
  );
}

export type AutopilotDialogProps = { open: boolean; detail: JdDetail; onClose: () => void };

/**
 * The JD's autopilot: on or off, the assistant that interviews, whom it invites (the ATS's Pass
 * or a score from N up), the daily digest, and how many it invited. It never rejects anyone.
 * Mounted only while open, so each opening starts from what is saved.
 */
export function AutopilotDialog({ open, detail, onClose }: AutopilotDialogProps) {
  const saving = useSavingAutopilot(detail.jdid);
  return (
    <Dialog open={open} title="Autopilot" onClose={onClose} busy={saving} className="max-w-xl">
      {open && <AutopilotBody detail={detail} onClose={onClose} />}
    </Dialog>
  );
}
