/**
 * The Next Step Details form (SPEC sections 3, 4 and 5): its fields, the rules of each and the
 * payload of POST /Interview/AddCandidateDetails.
 */
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
export type DetailsErrors = Partial<Record<DetailsField, string>>;

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

/** Every problem of the form, by field; empty when it can be sent. */
export function validateDetails(values: DetailsValues): DetailsErrors {
  const errors: DetailsErrors = {};
  for (const field of NUMBER_FIELDS) {
    const raw = values[field].trim();
    if (!raw) errors[field] = `${FIELD_LABELS[field]} is required.`;
    else if (!Number.isFinite(Number(raw))) errors[field] = 'Please enter a number.';
    else if (Number(raw) < 0) errors[field] = 'Please enter 0 or more.';
  }
  const requiredText: TextField[] = ['organization', 'currentLocation', 'hometown', 'skills'];
  if (asksLeavingDetails(values)) requiredText.push('reasonForLeaving', 'lastWorkingDate');
  for (const field of requiredText) {
    if (!values[field].trim()) errors[field] = `${FIELD_LABELS[field]} is required.`;
  }
  if (asksLeavingDetails(values) && values.lastWorkingDate && !/^\d{4}-\d{2}-\d{2}$/.test(values.lastWorkingDate)) {
    errors.lastWorkingDate = 'Please enter a date.';
  }
  if (values.faridabadOffice !== 'Yes' && values.faridabadOffice !== 'No') errors.faridabadOffice = 'Please choose Yes or No.';
  return errors;
}

/** The first field with an error, in form order. */
export function firstInvalidField(errors: DetailsErrors): DetailsField | undefined {
  return FIELD_ORDER.find((field) => errors[field]);
}

/** The payload; the leaving details are sent empty while serving notice (they were hidden). */
export function toDetailsPayload(inviteId: string, values: DetailsValues): CandidateDetailsInput {
  const leaving = asksLeavingDetails(values);
  return {
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
}
