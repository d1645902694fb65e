/**
 * The Next Step Details form (SPEC sections 3, 4 and 5): its fields, the rules of each and the
 * payload of POST /Interview/AddCandidateDetails. Each function takes the form as configured
 * (Settings › Details form) and defaults to the spec's, which it treats exactly as the spec says.
 */
import { SPEC_FORM, customKey, questionLabel, specQuestion } from '@/lib/details-form';
import type { CustomKey, CustomQuestion, DetailsFormSettings } from '@/lib/details-form';

import type { CandidateDetailsInput, YesNo } from '../api/types';

export const NUMBER_FIELDS = ['totalExp', 'relevantExp', 'currentCTC', 'expectedCTC', 'noticePeriod', 'relocateDays'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

export const TEXT_FIELDS = [
  'organization',
  'reasonForLeaving',
  'lastWorkingDate',
  'currentLocation',
  'hometown',
  'skills',
  'additionalInfo',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The form as typed: numbers stay strings until submitted, `faridabadOffice` has no default. */
export type DetailsValues = Record<NumberField | TextField, string> & {
  servingNotice: YesNo;
  faridabadOffice: YesNo | '';
};

export type DetailsField = keyof DetailsValues;
export type DetailsErrors = Partial<Record<DetailsField | CustomKey, string>>;

/** The answers to the custom questions as typed, by question id ('' when blank). */
export type CustomValues = Record<string, string>;

export const EMPTY_DETAILS: DetailsValues = {
  totalExp: '',
  relevantExp: '',
  currentCTC: '',
  expectedCTC: '',
  noticePeriod: '',
  servingNotice: 'No',
  organization: '',
  reasonForLeaving: '',
  lastWorkingDate: '',
  currentLocation: '',
  hometown: '',
  faridabadOffice: '',
  relocateDays: '',
  skills: '',
  additionalInfo: '',
};

/** Labels as the form shows them (units included), also used in error messages. */
export const FIELD_LABELS: Record<DetailsField, string> = {
  totalExp: 'Total experience (years)',
  relevantExp: 'Relevant experience (years)',
  currentCTC: 'Current CTC (LPA)',
  expectedCTC: 'Expected CTC (LPA)',
  noticePeriod: 'Notice period (days)',
  servingNotice: 'Are you currently serving your notice period?',
  organization: 'Current organization',
  reasonForLeaving: 'Reason for leaving',
  lastWorkingDate: 'Last working date',
  currentLocation: 'Current location',
  hometown: 'Hometown',
  faridabadOffice: 'Are you willing to work from our Faridabad office?',
  relocateDays: 'Days needed to relocate',
  skills: 'Key skills',
  additionalInfo: 'Additional information',
};

/** The order fields appear in, so the first error can take the focus. */
export const FIELD_ORDER: readonly DetailsField[] = [
  'totalExp',
  'relevantExp',
  'organization',
  'currentCTC',
  'expectedCTC',
  'noticePeriod',
  'servingNotice',
  'reasonForLeaving',
  'lastWorkingDate',
  'currentLocation',
  'hometown',
  'faridabadOffice',
  'relocateDays',
  'skills',
  'additionalInfo',
];

/** Reason and last working date are asked (and required) only when not serving notice (SPEC section 4). */
export function asksLeavingDetails(values: Pick<DetailsValues, 'servingNotice'>): boolean {
  return values.servingNotice === 'No';
}

/** Every problem of the form, by field; empty when it can be sent. Questions the form does not ask are not checked. */
export function validateDetails(values: DetailsValues, form: DetailsFormSettings = SPEC_FORM, custom: CustomValues = {}): DetailsErrors {
  const errors: DetailsErrors = {};
  const asked = (field: DetailsField) => specQuestion(form, field).enabled;
  const required = (field: DetailsField) => specQuestion(form, field).required;
  const label = (field: DetailsField) => questionLabel(form, field);
  for (const field of NUMBER_FIELDS) {
    if (!asked(field)) continue;
    const raw = values[field].trim();
    if (!raw) {
      if (required(field)) errors[field] = `${label(field)} is required.`;
    } else if (!Number.isFinite(Number(raw))) errors[field] = 'Please enter a number.';
    else if (Number(raw) < 0) errors[field] = 'Please enter 0 or more.';
  }
  const leaving = asksLeavingDetails(values);
  for (const field of TEXT_FIELDS) {
    const leavingField = field === 'reasonForLeaving' || field === 'lastWorkingDate';
    if (!asked(field) || !required(field) || (leavingField && !leaving)) continue;
    if (!values[field].trim()) errors[field] = `${label(field)} is required.`;
  }
  if (asked('lastWorkingDate') && leaving && values.lastWorkingDate && !/^\d{4}-\d{2}-\d{2}$/.test(values.lastWorkingDate)) {
    errors.lastWorkingDate = 'Please enter a date.';
  }
  const office = values.faridabadOffice;
  if (asked('faridabadOffice') && (required('faridabadOffice') || office) && office !== 'Yes' && office !== 'No') {
    errors.faridabadOffice = 'Please choose Yes or No.';
  }
  for (const question of form.customQuestions) {
    const problem = customProblem(question, custom[question.id] ?? '');
    if (problem) errors[customKey(question.id)] = problem;
  }
  return errors;
}

function customProblem(question: CustomQuestion, value: string): string | undefined {
  const raw = value.trim();
  if (!raw) return question.required ? `${question.label} is required.` : undefined;
  switch (question.kind) {
    case 'number':
      if (!Number.isFinite(Number(raw))) return 'Please enter a number.';
      return Number(raw) < 0 ? 'Please enter 0 or more.' : undefined;
    case 'yesno':
      return raw === 'Yes' || raw === 'No' ? undefined : 'Please choose Yes or No.';
    case 'choice':
      return question.choices?.includes(raw) ? undefined : 'Please choose one of the listed answers.';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? undefined : 'Please enter a date.';
    case 'text':
      return undefined;
  }
}

/** The first field with an error, in form order (the custom questions come last). */
export function firstInvalidField(errors: DetailsErrors, form: DetailsFormSettings = SPEC_FORM): DetailsField | CustomKey | undefined {
  const custom = form.customQuestions.map((question) => customKey(question.id));
  return [...FIELD_ORDER, ...custom].find((field) => errors[field]);
}

/**
 * The payload; the leaving details are sent empty while serving notice (they were hidden). A
 * question the form does not ask is left out, and so is an optional number or Yes/No left blank.
 */
export function toDetailsPayload(
  inviteId: string,
  values: DetailsValues,
  form: DetailsFormSettings = SPEC_FORM,
  custom: CustomValues = {},
): CandidateDetailsInput {
  const leaving = asksLeavingDetails(values);
  const payload: CandidateDetailsInput = {
    inviteId,
    totalExp: Number(values.totalExp),
    relevantExp: Number(values.relevantExp),
    currentCTC: Number(values.currentCTC),
    expectedCTC: Number(values.expectedCTC),
    noticePeriod: Number(values.noticePeriod),
    servingNotice: values.servingNotice,
    organization: values.organization.trim(),
    reasonForLeaving: leaving ? values.reasonForLeaving.trim() : '',
    lastWorkingDate: leaving ? values.lastWorkingDate : '',
    currentLocation: values.currentLocation.trim(),
    hometown: values.hometown.trim(),
    faridabadOffice: values.faridabadOffice === 'Yes' ? 'Yes' : 'No',
    relocateDays: Number(values.relocateDays),
    skills: values.skills.trim(),
    additionalInfo: values.additionalInfo.trim(),
  };
  for (const field of FIELD_ORDER) {
    const question = specQuestion(form, field);
    const blank = !values[field].trim();
    const blankOptional = !question.required && blank && (NUMBER_FIELDS.some((n) => n === field) || field === 'faridabadOffice');
    if (!question.enabled || blankOptional) delete payload[field];
  }
  if (form.customQuestions.length > 0) {
    payload.customAnswers = Object.fromEntries(
      form.customQuestions
        .map((question) => [question, (custom[question.id] ?? '').trim()] as const)
        .filter(([, value]) => value !== '')
        .map(([question, value]): [string, string | number] => [question.id, question.kind === 'number' ? Number(value) : value]),
    );
  }
  return payload;
}
