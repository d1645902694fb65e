import { describe, expect, it } from 'vitest';

import {
  clearFixedErrors,
  descriptionForDisplay,
  emptyJdForm,
  hasRichContent,
  messages,
  splitLines,
  splitSkills,
  todayIso,
  validateCreate,
  validateCreateField,
  validateEdit,
} from './jd-rules';
import type { JdFormValues } from './jd-rules';

const TODAY = '2026-03-10';
const valid: JdFormValues = {
  ...emptyJdForm,
  jdname: 'Backend Engineer',
  keySkills: 'Rust, SQL, Docker',
  experience: '3 years',
};

describe('splitSkills', () => {
  it('splits on commas, trims and drops empty entries', () => {
    expect(splitSkills(' Rust ,SQL,, Docker , ')).toEqual(['Rust', 'SQL', 'Docker']);
    expect(splitSkills('')).toEqual([]);
    expect(splitSkills(null)).toEqual([]);
    expect(splitSkills(',,')).toEqual([]);
  });
});

describe('splitLines', () => {
  it('gives one entry per non-blank line (LF or CRLF)', () => {
    expect(splitLines('5 years\r\n\n  Led a team  \n')).toEqual(['5 years', 'Led a team']);
    expect(splitLines(undefined)).toEqual([]);
    expect(splitLines('   ')).toEqual([]);
  });
});

describe('validateCreate', () => {
  it('passes a complete form', () => {
    expect(validateCreate(valid, TODAY)).toEqual({});
  });

  it('reports every failing rule with the spec texts', () => {
    expect(validateCreate({ ...emptyJdForm, additionalNotes: 'x'.repeat(301) }, TODAY)).toEqual({
      jdname: 'Title is required.',
      keySkills: 'Please enter at least 3 comma-separated skills.',
      experience: 'Experience is required.',
      additionalNotes: 'Additional notes cannot exceed 300 characters.',
    });
  });

  it('treats whitespace as blank and needs three non-empty skills', () => {
    expect(validateCreateField('jdname', { ...valid, jdname: '   ' }, TODAY)).toBe(messages.titleRequired);
    expect(validateCreateField('keySkills', { ...valid, keySkills: 'Rust, , SQL,' }, TODAY)).toBe(messages.skills);
    expect(validateCreateField('keySkills', { ...valid, keySkills: 'a,b,c' }, TODAY)).toBeUndefined();
    expect(validateCreateField('experience', { ...valid, experience: '\n ' }, TODAY)).toBe(messages.experienceRequired);
  });

  it('allows exactly 300 characters of notes', () => {
    expect(validateCreateField('additionalNotes', { ...valid, additionalNotes: 'x'.repeat(300) }, TODAY)).toBeUndefined();
    expect(validateCreateField('additionalNotes', { ...valid, additionalNotes: 'x'.repeat(301) }, TODAY)).toBe(messages.notesTooLong);
  });

  it('keeps the application last date optional, not in the past, and real', () => {
    expect(validateCreateField('applyLastDate', { ...valid, applyLastDate: '' }, TODAY)).toBeUndefined();
    expect(validateCreateField('applyLastDate', { ...valid, applyLastDate: TODAY }, TODAY)).toBeUndefined();
    expect(validateCreateField('applyLastDate', { ...valid, applyLastDate: '2026-03-09' }, TODAY)).toBe(messages.datePast);
    expect(validateCreateField('applyLastDate', { ...valid, applyLastDate: '2026-02-30' }, TODAY)).toBe(messages.dateInvalid);
    expect(validateCreateField('applyLastDate', { ...valid, applyLastDate: 'soon' }, TODAY)).toBe(messages.dateInvalid);
  });
});

describe('validateEdit', () => {
  it('only needs the JD name', () => {
    expect(validateEdit({ jdname: ' ' })).toEqual({ jdname: 'JD Name is required.' });
    expect(validateEdit({ jdname: 'QA' })).toEqual({});
  });
});

describe('clearFixedErrors', () => {
  it('drops the messages of fixed fields and adds none', () => {
    const shown = { jdname: messages.titleRequired, keySkills: messages.skills };
    const next = { ...emptyJdForm, jdname: 'Fixed', keySkills: 'a, b' };
    expect(clearFixedErrors(shown, (field) => validateCreateField(field, next, TODAY))).toEqual({ keySkills: messages.skills });
  });
});

describe('todayIso', () => {
  it('formats the local date', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('rich content', () => {
  it('sees text, images and videos, not empty markup', () => {
    expect(hasRichContent('')).toBe(false);
    expect(hasRichContent('<p><br></p>')).toBe(false);
    expect(hasRichContent('<p>&nbsp;</p>')).toBe(false);
    expect(hasRichContent('<p>Hi</p>')).toBe(true);
    expect(hasRichContent('<p><img src="data:image/png;base64,AA=="></p>')).toBe(true);
    expect(hasRichContent('<iframe class="ql-video" src="https://www.youtube.com/embed/x"></iframe>')).toBe(true);
  });

  it('gives images without a text alternative an empty one', () => {
    expect(descriptionForDisplay('<p><img src="a"><img alt="logo" src="b"></p>')).toBe(
      '<p><img alt="" src="a"><img alt="logo" src="b"></p>',
    );
  });
});
