import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Field, describedBy, inputClass } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { usePosting } from '../api/get-posting';
import { useSavePosting, useSavingPosting } from '../api/save-posting';
import type { JdDetail, Posting } from '../api/types';
import { COUNTRIES } from '../lib/countries';
import {
  CSV_CANNOT_PUBLISH,
  applicationCount,
  EMPLOYMENT_TYPES,
  LOCATION_MAX,
  SLUG_MAX,
  WORK_TYPES,
  checkJobPage,
  jobPageForm,
  postingInput,
  savedMessage,
  typedSlug,
} from '../lib/job-page';
import type { JobPageErrors, JobPageForm } from '../lib/job-page';
import { PublicLink } from './public-link';
import { QueryDialogBody } from './query-dialog-body';

export const SAVE_FAILED = 'The job page could not be saved.';
export const POSTING_FAILED = 'The job page could not be loaded.';

/** The address's fixed part, as candidates will see it: the saved link's, else this site's. */
function addressPrefix(posting: Posting): string {
  const base = posting.url ? posting.url.slice(0, posting.url.length - posting.slug.length) : '';
  return base.endsWith('/careers/') ? base : `${window.location.origin}/careers/`;
}

/** The saved page's link, applications and whether they are still taken. */
function Published({ posting }: { posting: Posting }) {
  if (!posting.published || !posting.url) return null;
  return (
    <div data-testid="job-page-published" className="mt-5 space-y-2 rounded-lg bg-emerald-50/60 p-4 ring-1 ring-inset ring-emerald-200">
      <p className="text-sm font-semibold text-emerald-900">Published: anyone with the link can apply.</p>
      <PublicLink url={posting.url} slug={posting.slug} />
      <p className="text-sm text-slate-700">
        <span data-testid="job-page-applications">{applicationCount(posting.applications)}</span> so far.
        {!posting.open && ' Applications are closed: the apply-last date has passed.'}
      </p>
    </div>
  );
}

function JobPageFormView({ detail, posting, onClose }: { detail: JdDetail; posting: Posting; onClose: () => void }) {
  const id = useId();
  const save = useSavePosting(detail.jdid);
  const [form, setForm] = useState<JobPageForm>(() => jobPageForm(posting));
  const [errors, setErrors] = useState<JobPageErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = save.isPending;
  const field = (name: string) => `${id}-${name}`;

  const update = <K extends keyof JobPageForm>(key: K, value: JobPageForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    // A fixed field stops being wrong as it is typed; the others wait for the next Save.
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkJobPage(form);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    try {
      const saved = await save.mutateAsync(postingInput(detail.jobDescId, form));
      setForm(jobPageForm(saved));
      toast.success(savedMessage(posting.published, saved.published));
    } catch (error) {
      setFailure(apiErrorMessage(error, SAVE_FAILED));
    }
  };

  const remote = form.workType === 'remote';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-inset ring-slate-200">
        <input
          id={field('published')}
          type="checkbox"
          data-autofocus
          checked={form.published}
          disabled={busy}
          onChange={(event) => update('published', event.target.checked)}
          aria-describedby={`${field('published')}-hint`}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
        />
        <div>
          <label htmlFor={field('published')} className="text-sm font-semibold text-slate-900">
            Publish the job page
          </label>
          <p id={`${field('published')}-hint`} className="text-xs text-slate-600">
            The job is listed on your careers page and anyone with the link can apply with a resume.
          </p>
        </div>
      </div>

      <Field id={field('slug')} label="Address" required hint="Lower-case letters, digits and hyphens." error={errors.slug}>
        <div className="flex min-w-0 items-stretch">
          <span
            aria-hidden="true"
            className="hidden max-w-[55%] items-center truncate rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-2 text-xs text-slate-600 sm:flex"
          >
            {addressPrefix(posting)}
          </span>
          <input
            id={field('slug')}
            value={form.slug}
            maxLength={SLUG_MAX}
            disabled={busy}
            spellCheck={false}
            autoCapitalize="none"
            onChange={(event) => update('slug', typedSlug(event.target.value))}
            aria-invalid={errors.slug ? true : undefined}
            aria-describedby={describedBy(field('slug'), { hint: true, error: errors.slug })}
            className={cn(inputClass(Boolean(errors.slug)), 'min-w-0 sm:rounded-l-none')}
          />
        </div>
      </Field>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Work type</legend>
        <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-2">
          {WORK_TYPES.map((option) => (
            <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={field('workType')}
                value={option.value}
                checked={form.workType === option.value}
                disabled={busy}
                onChange={() => update('workType', option.value)}
                className="size-4 accent-brand-600"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={field('location')}
          label="Location"
          required={form.published && !remote}
          hint={remote ? 'Optional for remote work.' : 'The city or area, e.g. Pune.'}
          error={errors.location}
        >
          <input
            id={field('location')}
            value={form.location}
            maxLength={LOCATION_MAX}
            disabled={busy}
            onChange={(event) => update('location', event.target.value)}
            aria-invalid={errors.location ? true : undefined}
            aria-describedby={describedBy(field('location'), { hint: true, error: errors.location })}
            className={inputClass(Boolean(errors.location))}
          />
        </Field>
        <Field
          id={field('country')}
          label="Country"
          required
          hint={remote ? 'Where applicants may live.' : 'Where the job is.'}
          error={errors.country}
        >
          <select
            id={field('country')}
            value={form.country}
            disabled={busy}
            onChange={(event) => update('country', event.target.value)}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={describedBy(field('country'), { hint: true, error: errors.country })}
            className={inputClass(Boolean(errors.country))}
          >
            <option value="">Choose a country</option>
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {`${country.name} (${country.code})`}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <Field id={field('employmentType')} label="Employment type">
        <select
          id={field('employmentType')}
          value={form.employmentType}
          disabled={busy}
          onChange={(event) =>
            update('employmentType', EMPLOYMENT_TYPES.find((option) => option.value === event.target.value)?.value ?? 'fullTime')
          }
          className={inputClass()}
        >
          {EMPLOYMENT_TYPES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>

      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Published posting={posting} />

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function JobPageBody({ detail, onClose }: { detail: JdDetail; onClose: () => void }) {
  const posting = usePosting(detail.jdid);
  return (
    <QueryDialogBody query={posting} loadingLabel="Loading the job page" failed={POSTING_FAILED} onClose={onClose}>
      {(saved) => <JobPageFormView detail={detail} posting={saved} onClose={onClose} />}
    </QueryDialogBody>
  );
}

export type JobPageDialogProps = { open: boolean; detail: JdDetail; onClose: () => void };

/**
 * The JD's public job page: publish or unpublish it, its address, where the work is and the kind
 * of contract; once published, its link (Copy, View job page) and the applications so far. A JD
 * that takes a CSV list cannot be published, and the dialog says why. The form is mounted only
 * while open, so each opening starts from what is saved.
 */
export function JobPageDialog({ open, detail, onClose }: JobPageDialogProps) {
  const saving = useSavingPosting(detail.jdid);
  return (
    <Dialog open={open} title="Job page" onClose={onClose} busy={saving} className="max-w-xl">
      {open &&
        (detail.resumeRequired ? (
          <JobPageBody detail={detail} onClose={onClose} />
        ) : (
          <>
            <p data-testid="job-page-csv" className="mt-3 text-sm text-slate-700">
              {CSV_CANNOT_PUBLISH}
            </p>
            <div className="mt-6 flex justify-end">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </div>
          </>
        ))}
    </Dialog>
  );
}
