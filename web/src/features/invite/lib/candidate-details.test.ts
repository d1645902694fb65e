import { describe, expect, it } from 'vitest';

import { EMPTY_DETAILS, firstInvalidField, toDetailsPayload, validateDetails } from './candidate-details';
import type { DetailsValues } from './candidate-details';

const filled: DetailsValues = {
  ...EMPTY_DETAILS,
  totalExp: '4.5',
  relevantExp: '0',
  currentCTC: '10',
  expectedCTC: '14',
  noticePeriod: '60',
  organization: 'Acme',
  reasonForLeaving: 'Growth',
  lastWorkingDate: '2026-12-31',
  currentLocation: 'Pune',
  hometown: 'Agra',
  faridabadOffice: 'Yes',
  relocateDays: '0',
  skills: 'Rust',
};

describe('details rules', () => {
  it('accepts a complete form, zero included, with additional info optional', () => {
    expect(validateDetails(filled)).toEqual({});
  });

  it('requires the leaving details only when not serving notice', () => {
    const notServing = validateDetails({ ...filled, reasonForLeaving: '', lastWorkingDate: '' });
    expect(Object.keys(notServing).sort()).toEqual(['lastWorkingDate', 'reasonForLeaving']);
    expect(validateDetails({ ...filled, servingNotice: 'Yes', reasonForLeaving: '', lastWorkingDate: '' })).toEqual({});
  });

  it('refuses negative and non-numeric numbers and an unanswered Faridabad question', () => {
    const errors = validateDetails({ ...filled, currentCTC: '-1', noticePeriod: 'abc', faridabadOffice: '' });
    expect(errors).toEqual({
      currentCTC: 'Please enter 0 or more.',
      noticePeriod: 'Please enter a number.',
      faridabadOffice: 'Please choose Yes or No.',
    });
    expect(firstInvalidField(errors)).toBe('currentCTC');
  });

  it('sends numbers as numbers and blanks the hidden leaving details', () => {
    const payload = toDetailsPayload('abc', { ...filled, servingNotice: 'Yes' });
    expect(payload).toMatchObject({
      inviteId: 'abc',
      totalExp: 4.5,
      relevantExp: 0,
      relocateDays: 0,
      servingNotice: 'Yes',
      reasonForLeaving: '',
      lastWorkingDate: '',
    });
  });
});
