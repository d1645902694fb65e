/**
 * The candidate's next-step details form as admins configure it (Settings › Details form): the
 * spec's questions are its default set (each can be turned off, made optional or relabelled),
 * the office and the pay unit are settings, and the organisation may add questions. The
 * candidate's form, the settings page and the recruiter's view of the answers read it alike.
 */
import type { ApiSchema } from '@/lib/api/types';

/** `GET /Interview/DetailsForm/{inviteId}` and the body of `PUT /Settings/DetailsForm`. */
export type DetailsFormSettings = ApiSchema<'DetailsFormSettings'>;
/** `GET /Settings/DetailsForm`: the form, whether it differs from the spec's, when saved. */
export type DetailsFormAnswer = ApiSchema<'DetailsFormAnswer'>;
export type SpecQuestion = ApiSchema<'SpecQuestion'>;
export type CustomQuestion = ApiSchema<'CustomQuestion'>;
export type QuestionKind = ApiSchema<'QuestionKind'>;
export type CustomAnswer = ApiSchema<'CustomAnswer'>;

/** The spec's questions (SPEC section 3), in the order the server lists them. */
export const SPEC_FIELD_NAMES = [
  'totalExp',
  'relevantExp',
  'currentCTC',
  'expectedCTC',
  'noticePeriod',
  'servingNotice',
  'organization',
  'reasonForLeaving',
  'lastWorkingDate',
  'currentLocation',
  'hometown',
  'faridabadOffice',
  'relocateDays',
  'skills',
  'additionalInfo',
] as const;
export type SpecFieldName = (typeof SPEC_FIELD_NAMES)[number];

export const SPEC_OFFICE = 'Faridabad';
export const SPEC_PAY_UNIT = 'LPA';
export const MAX_CUSTOM_QUESTIONS = 20;
export const MAX_CHOICES = 20;
export const MAX_LABEL = 200;

/** The spec's form: what the server answers while nothing is configured. */
export const SPEC_FORM: DetailsFormSettings = {
  fields: SPEC_FIELD_NAMES.map((name) => ({ name, enabled: true, required: name !== 'additionalInfo', label: null })),
  officeName: SPEC_OFFICE,
  payUnit: SPEC_PAY_UNIT,
  customQuestions: [],
};

/** The spec's labels (units included), with the configured office and pay unit in them. */
export function specLabel(name: SpecFieldName, form: Pick<DetailsFormSettings, 'officeName' | 'payUnit'>): string {
  const office = form.officeName.trim() || SPEC_OFFICE;
  const unit = form.payUnit.trim() || SPEC_PAY_UNIT;
  switch (name) {
    case 'totalExp':
      return 'Total experience (years)';
    case 'relevantExp':
      return 'Relevant experience (years)';
    case 'currentCTC':
      return `Current CTC (${unit})`;
    case 'expectedCTC':
      return `Expected CTC (${unit})`;
    case 'noticePeriod':
      return 'Notice period (days)';
    case 'servingNotice':
      return 'Are you currently serving your notice period?';
    case 'organization':
      return 'Current organization';
    case 'reasonForLeaving':
      return 'Reason for leaving';
    case 'lastWorkingDate':
      return 'Last working date';
    case 'currentLocation':
      return 'Current location';
    case 'hometown':
      return 'Hometown';
    case 'faridabadOffice':
      return `Are you willing to work from our ${office} office?`;
    case 'relocateDays':
      return 'Days needed to relocate';
    case 'skills':
      return 'Key skills';
    case 'additionalInfo':
      return 'Additional information';
  }
}

/** How the form asks one of the spec's questions; a question the server did not list is asked as the spec asks it. */
export function specQuestion(form: DetailsFormSettings, name: SpecFieldName): SpecQuestion {
  return (
    form.fields.find((field) => field.name === name) ?? {
      name,
      enabled: true,
      required: name !== 'additionalInfo',
      label: null,
    }
  );
}

/** The label the candidate reads: the admin's, else the spec's. */
export function questionLabel(form: DetailsFormSettings, name: SpecFieldName): string {
  return specQuestion(form, name).label?.trim() || specLabel(name, form);
}

/** The key of a custom question's answer and error (`customAnswers.{id}`), as the server names it. */
export const customKey = (id: string) => `customAnswers.${id}` as const;
export type CustomKey = ReturnType<typeof customKey>;

export const KIND_LABELS: Record<QuestionKind, string> = {
  text: 'Text',
  number: 'Number',
  yesno: 'Yes / No',
  choice: 'Choice',
  date: 'Date',
};

/** Why some pay questions should be turned off, said beside them in the settings. */
export const PAY_NOTES: Partial<Record<SpecFieldName, string>> = {
  currentCTC:
    'Asking for current or past pay is banned in many US states and cities (California, New York, Illinois and Massachusetts among them). Under the EU Pay Transparency Directive, from June 2026 employers may not ask candidates about their pay history. Turn this question off if you hire there.',
  expectedCTC:
    'Asking what pay a candidate expects is generally allowed where pay history questions are banned, but the EU Pay Transparency Directive and several US states require you to give the pay range for the job first.',
};
