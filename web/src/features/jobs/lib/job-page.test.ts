import { describe, expect, it } from 'vitest';

import type { Posting } from '../api/types';
import {
  COUNTRY_REQUIRED,
  applicationCount,
  LOCATION_REQUIRED,
  LOCATION_TOO_LONG,
  SLUG_REQUIRED,
  SLUG_RULE,
  checkJobPage,
  isValidSlug,
  jobPageForm,
  placeLine,
  postingInput,
  savedMessage,
  typedSlug,
} from './job-page';
import type { JobPageForm } from './job-page';

const POSTING: Posting = {
  jobDescId: 7,
  jdid: 'jd-7',
  published: false,
  slug: 'senior-rust-engineer',
  url: null,
  location: '',
  country: '',
  workType: 'onsite',
  employmentType: 'fullTime',
  publishedAt: null,
  open: true,
  applications: 0,
};

const FORM: JobPageForm = { ...jobPageForm(POSTING), published: true, location: 'Pune', country: 'IN' };

describe('job page form', () => {
  it('starts from the saved page, with the suggested address of a JD never published', () => {
    expect(jobPageForm({ ...POSTING, country: 'in' })).toEqual({
      published: false,
      slug: 'senior-rust-engineer',
      location: '',
      country: 'IN',
      workType: 'onsite',
      employmentType: 'fullTime',
    });
  });

  it('takes addresses as the server does', () => {
    for (const good of ['rust', 'rust-engineer-2', 'a1b', 'x'.repeat(80)]) expect(isValidSlug(good), good).toBe(true);
    for (const bad of ['ab', 'Rust', 'rust--eng', '-rust', 'rust-', 'rust eng', 'rüst', 'x'.repeat(81)])
      expect(isValidSlug(bad), bad).toBe(false);
    expect(typedSlug('Senior  Rust Engineer')).toBe('senior-rust-engineer');
  });

  it('needs an address and a country, and a location to publish a job that is not remote', () => {
    expect(checkJobPage(FORM)).toEqual({});
    expect(checkJobPage({ ...FORM, slug: ' ', location: '', country: '' })).toEqual({
      slug: SLUG_REQUIRED,
      location: LOCATION_REQUIRED,
      country: COUNTRY_REQUIRED,
    });
    expect(checkJobPage({ ...FORM, slug: 'Rust Dev' }).slug).toBe(SLUG_RULE);
    expect(checkJobPage({ ...FORM, location: '', workType: 'remote' })).toEqual({});
    // Unpublished, the place may wait; the country is stored either way.
    expect(checkJobPage({ ...FORM, published: false, location: '' })).toEqual({});
    expect(checkJobPage({ ...FORM, location: 'x'.repeat(121) }).location).toBe(LOCATION_TOO_LONG);
  });

  it('sends the form trimmed', () => {
    expect(postingInput(7, { ...FORM, slug: ' rust-dev ', location: ' Pune ' })).toEqual({
      jobDescId: 7,
      published: true,
      slug: 'rust-dev',
      location: 'Pune',
      country: 'IN',
      workType: 'onsite',
      employmentType: 'fullTime',
    });
  });

  it('says where the job is as the job page does', () => {
    expect(placeLine({ location: 'Pune', country: 'IN', workType: 'hybrid', employmentType: 'fullTime' })).toBe(
      'Pune, India · Hybrid · Full-time',
    );
    expect(placeLine({ location: '', country: 'DE', workType: 'remote', employmentType: 'contract' })).toBe('Remote (Germany) · Contract');
    expect(placeLine({ location: 'Austin', country: 'US', workType: 'onsite', employmentType: 'partTime' })).toBe(
      'Austin, United States · Part-time',
    );
  });

  it('counts applications', () => {
    expect(applicationCount(1)).toBe('1 application');
    expect(applicationCount(0)).toBe('0 applications');
  });

  it('says what a save did', () => {
    expect(savedMessage(false, true)).toBe('The job page is published.');
    expect(savedMessage(true, false)).toBe('The job page is unpublished.');
    expect(savedMessage(true, true)).toBe('Job page saved.');
  });
});
