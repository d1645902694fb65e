/**
 * The job page dialog's rules: the choices it offers, its form from the saved page and back,
 * and the checks the server makes (the same words), so a mistake shows at its field at once.
 */
import type { EmploymentType, Posting, PostingInput, WorkType } from '../api/types';
import { countryName } from './countries';

export const WORK_TYPES: ReadonlyArray<{ value: WorkType; label: string }> = [
  { value: 'onsite', label: 'On-site' },
  { value: 'hybrid', label: 'Hybrid' },
  { value: 'remote', label: 'Remote' },
];

export const EMPLOYMENT_TYPES: ReadonlyArray<{ value: EmploymentType; label: string }> = [
  { value: 'fullTime', label: 'Full-time' },
  { value: 'partTime', label: 'Part-time' },
  { value: 'contract', label: 'Contract' },
  { value: 'temporary', label: 'Temporary' },
  { value: 'internship', label: 'Internship' },
];

/** The server's caps. */
export const SLUG_MIN = 3;
export const SLUG_MAX = 80;
export const LOCATION_MAX = 120;

export const SLUG_RULE = 'The address may use lower-case letters, digits and single hyphens (3 to 80 characters).';
export const SLUG_REQUIRED = 'Please enter the page’s address.';
export const LOCATION_REQUIRED = 'Please enter the job’s location.';
export const LOCATION_TOO_LONG = `The location cannot exceed ${LOCATION_MAX} characters.`;
export const COUNTRY_REQUIRED = 'Please choose the country.';

/** Why a CSV JD has no job page (the server refuses to publish one). */
export const CSV_CANNOT_PUBLISH =
  'This JD takes a CSV list of candidates instead of resumes, so it cannot have a job page: people apply with a resume. To take applications, create a JD with Resume Required ticked.';

export type JobPageForm = {
  published: boolean;
  slug: string;
  location: string;
  /** An ISO 3166-1 alpha-2 code, '' until chosen. */
  country: string;
  workType: WorkType;
  employmentType: EmploymentType;
};

export type JobPageErrors = Partial<Record<'slug' | 'location' | 'country', string>>;

/** The form of a saved page (a never-published JD comes with the server's suggested address). */
export function jobPageForm(posting: Posting): JobPageForm {
  const { published, slug, location, country, workType, employmentType } = posting;
  return { published, slug, location, country: country.toUpperCase(), workType, employmentType };
}

/** The address as it is typed: lower case, spaces as hyphens (the only forms the server takes). */
export function typedSlug(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '-');
}

/** The server's rule for an address: lower-case letters and digits in words joined by single hyphens. */
export function isValidSlug(slug: string): boolean {
  return slug.length >= SLUG_MIN && slug.length <= SLUG_MAX && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug);
}

/**
 * The form's mistakes by field. A country is always needed; a location only to publish a job
 * that is not remote (where applicants may live is the country then).
 */
export function checkJobPage(form: JobPageForm): JobPageErrors {
  const errors: JobPageErrors = {};
  const slug = form.slug.trim();
  if (!slug) errors.slug = SLUG_REQUIRED;
  else if (!isValidSlug(slug)) errors.slug = SLUG_RULE;
  const location = form.location.trim();
  if ([...location].length > LOCATION_MAX) errors.location = LOCATION_TOO_LONG;
  else if (form.published && form.workType !== 'remote' && !location) errors.location = LOCATION_REQUIRED;
  if (!form.country) errors.country = COUNTRY_REQUIRED;
  return errors;
}

export function postingInput(jobDescId: number, form: JobPageForm): PostingInput {
  return {
    jobDescId,
    published: form.published,
    slug: form.slug.trim(),
    location: form.location.trim(),
    country: form.country,
    workType: form.workType,
    employmentType: form.employmentType,
  };
}

const labelOf = <T extends string>(options: ReadonlyArray<{ value: T; label: string }>, value: T) =>
  options.find((option) => option.value === value)?.label ?? value;

/** Where the job is, as the job page says it: "Pune, India · Hybrid · Full-time", "Remote (India) · Contract". */
export function placeLine({
  location,
  country,
  workType,
  employmentType,
}: Pick<Posting, 'location' | 'country' | 'workType' | 'employmentType'>) {
  const where = country ? countryName(country.toUpperCase()) : '';
  const place = workType === 'remote' ? `Remote${where ? ` (${where})` : ''}` : [location.trim(), where].filter(Boolean).join(', ');
  return [place, workType === 'hybrid' ? labelOf(WORK_TYPES, workType) : '', labelOf(EMPLOYMENT_TYPES, employmentType)]
    .filter(Boolean)
    .join(' · ');
}

/** "1 application", "12 applications". */
export function applicationCount(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'application' : 'applications'}`;
}

/** What a save did, in the toast's words. */
export function savedMessage(wasPublished: boolean, published: boolean): string {
  if (published && !wasPublished) return 'The job page is published.';
  if (!published && wasPublished) return 'The job page is unpublished.';
  return 'Job page saved.';
}
