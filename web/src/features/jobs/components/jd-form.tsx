import { lazy, Suspense, useCallback, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, describedBy, inputClass } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { JD_NOTES_MAX_CHARS } from '@/config/constants';

import { clearFixedErrors, todayIso, validateCreate, validateCreateField, validateEdit } from '../lib/jd-rules';
import type { JdErrors, JdField, JdFormValues } from '../lib/jd-rules';

// Quill is heavy: it loads only when a form is shown.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

export type JdFormProps = {
  /** create: the full rules of SPEC section 5; edit: name only, Resume Required fixed. */
  mode: 'create' | 'edit';
  initialValues: JdFormValues;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
  /** Called with valid values; may answer field errors from the server. */
  onSubmit: (values: JdFormValues) => void | Promise<JdErrors | void>;
  /** Extra content under the buttons' row (e.g. a dialog). */
  children?: ReactNode;
};

/** The create and edit form: title, rich-text description, skills, experience, notes, date, Resume Required. */
export function JdForm({ mode, initialValues, busy, submitLabel, busyLabel, onCancel, onSubmit, children }: JdFormProps) {
  const id = useId();
  const ids = {
    jdname: `${id}-jdname`,
    description: `${id}-description`,
    descriptionLabel: `${id}-description-label`,
    keySkills: `${id}-skills`,
    experience: `${id}-experience`,
    additionalNotes: `${id}-notes`,
    applyLastDate: `${id}-date`,
    resumeRequired: `${id}-resume`,
  };
  const [values, setValues] = useState<JdFormValues>(initialValues);
  const [errors, setErrors] = useState<JdErrors>({});
  const isCreate = mode === 'create';

  const validateField = useCallback(
    (field: JdField, current: JdFormValues) =>
      isCreate ? validateCreateField(field, current) : field === 'jdname' ? validateEdit(current).jdname : undefined,
    [isCreate],
  );

  const update = <K extends keyof JdFormValues>(field: K, value: JdFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Messages from the last submit go away as their fields are fixed.
    setErrors((shown) => clearFixedErrors(shown, (name) => validateField(name, next)));
  };

  // Save stays disabled while the title is blank, so the reason shows once the field is left blank.
  const onTitleBlur = () => {
    const message = validateField('jdname', values);
    if (message) setErrors((shown) => ({ ...shown, jdname: message }));
  };

  const onDescriptionChange = useCallback((html: string) => {
    setValues((previous) => ({ ...previous, jddescription: html }));
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = isCreate ? validateCreate(values) : validateEdit(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0] as JdField;
      document.getElementById(ids[first])?.focus();
      return;
    }
    const serverErrors = await onSubmit(values);
    if (serverErrors) setErrors(serverErrors);
  };

  const notesLength = values.additionalNotes.trim().length;
  const notesOver = notesLength > JD_NOTES_MAX_CHARS;
  const control = (field: JdField, hint?: string) => ({
    id: ids[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(ids[field], { hint, error: errors[field] }),
    className: inputClass(Boolean(errors[field])),
    disabled: busy,
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-6">
      <Field id={ids.jdname} label={isCreate ? 'Title' : 'JD Name'} required error={errors.jdname}>
        <input
          {...control('jdname')}
          type="text"
          autoComplete="off"
          value={values.jdname}
          onChange={(event) => update('jdname', event.target.value)}
          onBlur={onTitleBlur}
          placeholder="e.g. Senior Backend Engineer"
        />
      </Field>

      <Field id={ids.description} labelId={ids.descriptionLabel} label="Job Description">
        <Suspense
          fallback={
            <div className="flex h-60 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white text-sm text-slate-500">
              <Spinner className="size-4 text-brand-600" /> Loading editor…
            </div>
          }
        >
          <RichTextEditor
            labelledBy={ids.descriptionLabel}
            defaultValue={initialValues.jddescription}
            onChange={onDescriptionChange}
            placeholder="Describe the role, responsibilities and what success looks like…"
          />
        </Suspense>
      </Field>

      <Field
        id={ids.keySkills}
        label="Key Skills"
        required={isCreate}
        hint="Comma-separated, at least 3 (e.g. Rust, PostgreSQL, Kubernetes)."
        error={errors.keySkills}
      >
        <input
          {...control('keySkills', 'hint')}
          type="text"
          autoComplete="off"
          value={values.keySkills}
          onChange={(event) => update('keySkills', event.target.value)}
          placeholder="Rust, PostgreSQL, Kubernetes"
        />
      </Field>

      <Field id={ids.experience} label="Experience" required={isCreate} hint="One point per line." error={errors.experience}>
        <textarea
          {...control('experience', 'hint')}
          rows={3}
          value={values.experience}
          onChange={(event) => update('experience', event.target.value)}
          placeholder={'5+ years building web services\nExperience leading a small team'}
        />
      </Field>

      <Field
        id={ids.additionalNotes}
        label="Additional Notes"
        hint="One point per line."
        error={errors.additionalNotes}
        aside={
          <span className={cn('text-xs tabular-nums', notesOver ? 'font-medium text-red-700' : 'text-slate-500')} aria-live="polite">
            {notesLength}/{JD_NOTES_MAX_CHARS}
          </span>
        }
      >
        <textarea
          {...control('additionalNotes', 'hint')}
          rows={3}
          value={values.additionalNotes}
          onChange={(event) => update('additionalNotes', event.target.value)}
        />
      </Field>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field id={ids.applyLastDate} label="Application Last Date" hint="Optional." error={errors.applyLastDate}>
          <input
            {...control('applyLastDate', 'hint')}
            type="date"
            min={isCreate ? todayIso() : undefined}
            value={values.applyLastDate}
            onChange={(event) => update('applyLastDate', event.target.value)}
          />
        </Field>
        <div className="flex items-center gap-3 sm:pt-7">
          <input
            id={ids.resumeRequired}
            type="checkbox"
            checked={values.resumeRequired}
            disabled={!isCreate || busy}
            onChange={(event) => update('resumeRequired', event.target.checked)}
            aria-describedby={isCreate ? undefined : `${ids.resumeRequired}-hint`}
            className="size-4 rounded border-slate-300 accent-brand-600 disabled:cursor-not-allowed"
          />
          <label htmlFor={ids.resumeRequired} className="text-sm font-medium text-slate-700">
            Resume Required
          </label>
          {!isCreate && (
            <span id={`${ids.resumeRequired}-hint`} className="text-xs text-slate-500">
              (cannot be changed)
            </span>
          )}
        </div>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={isCreate && !values.jdname.trim()}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
      {children}
    </form>
  );
}
