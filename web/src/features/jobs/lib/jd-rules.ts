/**
 * The create and edit forms' rules (SPEC section 5), and how the detail page
 * splits the plain-text fields into bullets. Pure functions, so tests and
 * components share them.
 */
import { JD_MIN_KEY_SKILLS, JD_NOTES_MAX_CHARS } from '@/config/constants';

export type JdFormValues = {
  jdname: string;
  /** Editor HTML; '' when the editor is empty. */
  jddescription: string;
  keySkills: string;
  experience: string;
  additionalNotes: string;
  /** `YYYY-MM-DD`, or '' for none. */
  applyLastDate: string;
  resumeRequired: boolean;
};

export type JdField = 'jdname' | 'keySkills' | 'experience' | 'additionalNotes' | 'applyLastDate';
export type JdErrors = Partial<Record<JdField, string>>;

export const messages = {
  titleRequired: 'Title is required.',
  jdNameRequired: 'JD Name is required.',
  skills: 'Please enter at least 3 comma-separated skills.',
  experienceRequired: 'Experience is required.',
  notesTooLong: 'Additional notes cannot exceed 300 characters.',
  datePast: 'Application last date cannot be in the past.',
  dateInvalid: 'Invalid application last date.',
} as const;

export const emptyJdForm: JdFormValues = {
  jdname: '',
  jddescription: '',
  keySkills: '',
  experience: '',
  additionalNotes: '',
  applyLastDate: '',
  resumeRequired: true,
};

/** The non-empty, trimmed entries of a comma-separated skills list. */
export function splitSkills(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);
}

/** One entry per non-blank line (Experience and Additional Notes bullets). */
export function splitLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Today's date as `YYYY-MM-DD` in the browser's time zone. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The create form's message for one field, or undefined when it is valid. */
export function validateCreateField(field: JdField, values: JdFormValues, today: string = todayIso()): string | undefined {
  switch (field) {
    case 'jdname':
      return values.jdname.trim() ? undefined : messages.titleRequired;
    case 'keySkills':
      return splitSkills(values.keySkills).length >= JD_MIN_KEY_SKILLS ? undefined : messages.skills;
    case 'experience':
      return values.experience.trim() ? undefined : messages.experienceRequired;
    case 'additionalNotes':
      return values.additionalNotes.trim().length > JD_NOTES_MAX_CHARS ? messages.notesTooLong : undefined;
    case 'applyLastDate': {
      const date = values.applyLastDate.trim();
      if (!date) return undefined;
      if (!isRealDate(date)) return messages.dateInvalid;
      return date < today ? messages.datePast : undefined;
    }
  }
}

const CREATE_FIELDS: JdField[] = ['jdname', 'keySkills', 'experience', 'additionalNotes', 'applyLastDate'];

/** Every failing rule of the create form, keyed by field (empty when valid). */
export function validateCreate(values: JdFormValues, today: string = todayIso()): JdErrors {
  const errors: JdErrors = {};
  for (const field of CREATE_FIELDS) {
    const message = validateCreateField(field, values, today);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The edit form's rules: only the name is required (SPEC section 5). */
export function validateEdit(values: Pick<JdFormValues, 'jdname'>): JdErrors {
  return values.jdname.trim() ? {} : { jdname: messages.jdNameRequired };
}

/**
 * After a change, keep only the errors that still apply: a message shown on
 * submit disappears as soon as its field is fixed, and no new ones appear
 * while typing.
 */
export function clearFixedErrors(errors: JdErrors, validate: (field: JdField) => string | undefined): JdErrors {
  const next: JdErrors = {};
  for (const field of Object.keys(errors) as JdField[]) {
    const current = validate(field);
    if (current) next[field] = current;
  }
  return next;
}

/** Whether editor HTML holds anything to show (text, an image or a video). */
export function hasRichContent(html: string | null | undefined): boolean {
  if (!html) return false;
  if (/<(img|iframe)\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text.length > 0;
}

/**
 * The stored description ready to render: images without a text alternative
 * get an empty one (they are decoration the recruiter pasted in).
 */
export function descriptionForDisplay(html: string): string {
  return html.replace(/<img\b(?![^>]*\balt=)/gi, '<img alt=""');
}
