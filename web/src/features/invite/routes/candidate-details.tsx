import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { Card, CandidatePage, Notice } from '@/components/candidate-page/candidate-page';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, describedBy, inputClass } from '@/components/ui/field';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { parseInstant } from '@/lib/date-time';
import { customKey, questionLabel, specQuestion } from '@/lib/details-form';
import type { CustomKey, DetailsFormSettings, SpecFieldName } from '@/lib/details-form';

import { useAddCandidateDetails } from '../api/add-candidate-details';
import { useDetailsForm } from '../api/details-form';
import { useNextStep } from '../api/next-step';
import type { NextStep, YesNo } from '../api/types';
import { CustomQuestions, customControlId } from '../components/custom-questions';
import { LoadErrorView, NoDataView } from '../components/status-views';
import { EMPTY_DETAILS, asksLeavingDetails, firstInvalidField, toDetailsPayload, validateDetails } from '../lib/candidate-details';
import type { CustomValues, DetailsErrors, DetailsField, DetailsValues, NumberField } from '../lib/candidate-details';
import { bookedTime } from '../lib/time-zones';

export const SUBMIT_FAILED = 'Failed to submit details. Please try again.';

/** What the confirmation page reads from the navigation state (SPEC section 2). */
export type ScheduledState = { candidateName: string; interviewDate: string; interviewTime: string };

const units = (form: DetailsFormSettings): Record<NumberField, string> => ({
  totalExp: 'years',
  relevantExp: 'years',
  currentCTC: form.payUnit,
  expectedCTC: form.payUnit,
  noticePeriod: 'days',
  relocateDays: 'days',
});

/** The interview as the candidate chose it, for the confirmation page. */
function scheduledState(nextStep: NextStep): ScheduledState {
  const start = parseInstant(nextStep.interviewDateTime);
  const booked = start && bookedTime(start, nextStep.timeZoneName);
  return { candidateName: nextStep.candidateName, interviewDate: booked?.date ?? '', interviewTime: booked?.time ?? '' };
}

/** `/interview/candidate-details?inviteId=`: the Next Step Details form (SPEC sections 3-5, 8). */
export function CandidateDetailsRoute() {
  const [params] = useSearchParams();
  const inviteId = params.get('inviteId')?.trim() || null;
  const nextStep = useNextStep(inviteId);
  const form = useDetailsForm(inviteId);

  let content: ReactNode;
  if (!inviteId) content = <NoDataView />;
  else if (nextStep.isPending) content = <PageSpinner label="Loading…" />;
  else if (nextStep.isError)
    content =
      isApiError(nextStep.error) && nextStep.error.status === 404 ? (
        <NoDataView />
      ) : (
        <LoadErrorView onRetry={() => void nextStep.refetch()} retrying={nextStep.isFetching} />
      );
  else if (form.isPending) content = <PageSpinner label="Loading…" />;
  else if (form.isError) content = <LoadErrorView onRetry={() => void form.refetch()} retrying={form.isFetching} />;
  else content = <DetailsForm inviteId={inviteId} nextStep={nextStep.data} form={form.data} />;

  return <CandidatePage title="Next Step Details">{content}</CandidatePage>;
}

function DetailsForm({ inviteId, nextStep, form }: { inviteId: string; nextStep: NextStep; form: DetailsFormSettings }) {
  const navigate = useNavigate();
  const submitDetails = useAddCandidateDetails();
  const [values, setValues] = useState<DetailsValues>(EMPTY_DETAILS);
  const [custom, setCustom] = useState<CustomValues>({});
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [failed, setFailed] = useState(false);
  const leaving = asksLeavingDetails(values);
  const asked = (field: SpecFieldName) => specQuestion(form, field).enabled;
  const required = (field: SpecFieldName) => specQuestion(form, field).required;
  // An optional question says so, as the spec's additional information does.
  const label = (field: SpecFieldName) => `${questionLabel(form, field)}${required(field) ? '' : ' (optional)'}`;
  const unit = units(form);

  const set = <K extends DetailsField>(field: K, value: DetailsValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // A fixed field stops complaining while the candidate types.
    setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  };

  const setAnswer = (id: string, value: string) => {
    setCustom((previous) => ({ ...previous, [id]: value }));
    const key: CustomKey = customKey(id);
    setErrors((previous) => (previous[key] ? { ...previous, [key]: undefined } : previous));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const found = validateDetails(values, form, custom);
    setErrors(found);
    const first = firstInvalidField(found, form);
    if (first) {
      const id = first.startsWith('customAnswers.')
        ? customControlId(form, first.slice('customAnswers.'.length))
        : first === 'servingNotice' || first === 'faridabadOffice'
          ? `${first}-Yes`
          : first;
      document.getElementById(id)?.focus();
      return;
    }
    submitDetails.mutate(toDetailsPayload(inviteId, values, form, custom), {
      onSuccess: () => {
        void navigate(`${paths.scheduleInterview}?inviteId=${encodeURIComponent(inviteId)}`, { state: scheduledState(nextStep) });
      },
      onError: (error) => {
        setFailed(true);
        // The server names the fields it refused (contract: 400 invalid_details).
        const fields = isApiError(error) ? (error.body as { fields?: DetailsErrors } | null)?.fields : undefined;
        if (fields) setErrors(fields);
      },
    });
  };

  const numberField = (field: NumberField) =>
    asked(field) && (
      <Field id={field} label={label(field)} required={required(field)} error={errors[field]}>
        <div className="relative">
          <input
            id={field}
            name={field}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.1}
            value={values[field]}
            onChange={(event) => set(field, event.target.value)}
            aria-invalid={Boolean(errors[field])}
            aria-describedby={describedBy(field, { error: errors[field] })}
            className={cn(inputClass(Boolean(errors[field])), 'pr-14')}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs font-medium text-slate-500"
          >
            {unit[field]}
          </span>
        </div>
      </Field>
    );

  const textField = (field: 'organization' | 'currentLocation' | 'hometown') =>
    asked(field) && (
      <Field id={field} label={label(field)} required={required(field)} error={errors[field]}>
        <input
          id={field}
          name={field}
          type="text"
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
          aria-invalid={Boolean(errors[field])}
          aria-describedby={describedBy(field, { error: errors[field] })}
          className={inputClass(Boolean(errors[field]))}
        />
      </Field>
    );

  // The serving-notice question always has an answer (No by default), so it is always marked required.
  const yesNo = (field: 'servingNotice' | 'faridabadOffice') =>
    asked(field) && (
      <fieldset aria-describedby={describedBy(field, { error: errors[field] })}>
        <legend className="block text-sm font-medium text-slate-700">
          {field === 'servingNotice' || required(field) ? (
            <>
              {questionLabel(form, field)}
              <span className="ml-0.5 text-red-600" aria-hidden="true">
                *
              </span>
            </>
          ) : (
            label(field)
          )}
        </legend>
        <div className="mt-1.5 flex gap-3">
          {(['Yes', 'No'] as const).map((option: YesNo) => (
            <label
              key={option}
              htmlFor={`${field}-${option}`}
              className={cn(
                'flex flex-1 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium sm:flex-none sm:px-5',
                values[field] === option
                  ? 'border-brand-500 bg-brand-50 text-brand-800 ring-1 ring-brand-500'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                errors[field] && values[field] !== option && 'border-red-400',
              )}
            >
              <input
                id={`${field}-${option}`}
                type="radio"
                name={field}
                value={option}
                checked={values[field] === option}
                onChange={() => set(field, option)}
                className="size-4 accent-brand-600"
              />
              {option}
            </label>
          ))}
        </div>
        {errors[field] && (
          <p id={`${field}-error`} className="mt-1.5 text-sm text-red-700">
            {errors[field]}
          </p>
        )}
      </fieldset>
    );

  const name = nextStep.candidateName.trim();

  return (
    <div className="space-y-6" data-testid="candidate-details">
      <header>
        <p className="text-sm font-medium text-brand-700">{nextStep.jdName}</p>
        <h1 id="page-title" className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Next Step Details
        </h1>
        <p className="mt-2 text-slate-600">
          {name ? `${name}, please` : 'Please'} tell us a little about your experience and expectations before the interview. Fields marked{' '}
          <span className="text-red-600">*</span> are required.
        </p>
        {nextStep.detailsSubmitted && (
          <Notice tone="info" className="mt-4">
            You have already shared your details. Sending the form again replaces them.
          </Notice>
        )}
      </header>

      <form noValidate onSubmit={submit} aria-labelledby="page-title" className="space-y-6">
        {(asked('totalExp') || asked('relevantExp') || asked('organization')) && (
          <FormSection title="Experience">
            <div className="grid gap-5 sm:grid-cols-2">
              {numberField('totalExp')}
              {numberField('relevantExp')}
            </div>
            {textField('organization')}
          </FormSection>
        )}

        {(['currentCTC', 'expectedCTC', 'noticePeriod', 'servingNotice', 'reasonForLeaving', 'lastWorkingDate'] as const).some(asked) && (
          <FormSection title="Compensation and notice">
            {(asked('currentCTC') || asked('expectedCTC')) && (
              <div className="grid gap-5 sm:grid-cols-2">
                {numberField('currentCTC')}
                {numberField('expectedCTC')}
              </div>
            )}
            {asked('noticePeriod') && <div className="grid gap-5 sm:grid-cols-2">{numberField('noticePeriod')}</div>}
            {yesNo('servingNotice')}
            {leaving && (asked('reasonForLeaving') || asked('lastWorkingDate')) && (
              <div className="grid gap-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="leaving-details">
                {asked('reasonForLeaving') && (
                  <Field
                    id="reasonForLeaving"
                    label={label('reasonForLeaving')}
                    required={required('reasonForLeaving')}
                    error={errors.reasonForLeaving}
                  >
                    <textarea
                      id="reasonForLeaving"
                      name="reasonForLeaving"
                      rows={3}
                      value={values.reasonForLeaving}
                      onChange={(event) => set('reasonForLeaving', event.target.value)}
                      aria-invalid={Boolean(errors.reasonForLeaving)}
                      aria-describedby={describedBy('reasonForLeaving', { error: errors.reasonForLeaving })}
                      className={inputClass(Boolean(errors.reasonForLeaving))}
                    />
                  </Field>
                )}
                {asked('lastWorkingDate') && (
                  <Field
                    id="lastWorkingDate"
                    label={label('lastWorkingDate')}
                    required={required('lastWorkingDate')}
                    error={errors.lastWorkingDate}
                    className="sm:max-w-xs"
                  >
                    <input
                      id="lastWorkingDate"
                      name="lastWorkingDate"
                      type="date"
                      value={values.lastWorkingDate}
                      onChange={(event) => set('lastWorkingDate', event.target.value)}
                      aria-invalid={Boolean(errors.lastWorkingDate)}
                      aria-describedby={describedBy('lastWorkingDate', { error: errors.lastWorkingDate })}
                      className={inputClass(Boolean(errors.lastWorkingDate))}
                    />
                  </Field>
                )}
              </div>
            )}
          </FormSection>
        )}

        {(asked('currentLocation') || asked('hometown') || asked('faridabadOffice') || asked('relocateDays')) && (
          <FormSection title="Location">
            {(asked('currentLocation') || asked('hometown')) && (
              <div className="grid gap-5 sm:grid-cols-2">
                {textField('currentLocation')}
                {textField('hometown')}
              </div>
            )}
            {yesNo('faridabadOffice')}
            {asked('relocateDays') && <div className="grid gap-5 sm:grid-cols-2">{numberField('relocateDays')}</div>}
          </FormSection>
        )}

        {(asked('skills') || asked('additionalInfo')) && (
          <FormSection title="Skills">
            {asked('skills') && (
              <Field
                id="skills"
                label={label('skills')}
                required={required('skills')}
                error={errors.skills}
                hint="For example: React, TypeScript, SQL"
              >
                <textarea
                  id="skills"
                  name="skills"
                  rows={3}
                  value={values.skills}
                  onChange={(event) => set('skills', event.target.value)}
                  aria-invalid={Boolean(errors.skills)}
                  aria-describedby={describedBy('skills', { hint: true, error: errors.skills })}
                  className={inputClass(Boolean(errors.skills))}
                />
              </Field>
            )}
            {asked('additionalInfo') && (
              <Field
                id="additionalInfo"
                label={label('additionalInfo')}
                required={required('additionalInfo')}
                error={errors.additionalInfo}
              >
                <textarea
                  id="additionalInfo"
                  name="additionalInfo"
                  rows={3}
                  value={values.additionalInfo}
                  onChange={(event) => set('additionalInfo', event.target.value)}
                  aria-invalid={errors.additionalInfo ? true : undefined}
                  aria-describedby={describedBy('additionalInfo', { error: errors.additionalInfo })}
                  className={inputClass(Boolean(errors.additionalInfo))}
                />
              </Field>
            )}
          </FormSection>
        )}

        {form.customQuestions.length > 0 && (
          <FormSection title="More about you">
            <CustomQuestions questions={form.customQuestions} values={custom} errors={errors} onChange={setAnswer} />
          </FormSection>
        )}

        {failed && <Notice tone="error">{SUBMIT_FAILED}</Notice>}

        <div className="flex justify-end">
          <Button type="submit" loading={submitDetails.isPending} className="w-full sm:w-auto sm:min-w-48">
            {submitDetails.isPending ? 'Submitting...' : 'Submit Details'}
          </Button>
        </div>
      </form>
    </div>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card aria-labelledby={id} className="space-y-5">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

export { CandidateDetailsRoute as Component };
