import { describe, expect, it } from 'vitest';

import { UPLOAD_MESSAGES, formatKb, validateUploadFile } from './upload-validation';

const resume = { resumeRequired: true };
const csv = { resumeRequired: false };
const file = (name: string, size = 2048) => ({ name, size });

describe('validateUploadFile', () => {
  it('accepts pdf and docx for resume JDs, case-insensitively', () => {
    expect(validateUploadFile(file('cv.pdf'), resume)).toBeNull();
    expect(validateUploadFile(file('Priya Sharma.DOCX'), resume)).toBeNull();
    expect(validateUploadFile(file('list.csv'), resume)).toBe(UPLOAD_MESSAGES.resumeFormat);
    expect(validateUploadFile(file('cv.doc'), resume)).toBe(UPLOAD_MESSAGES.resumeFormat);
  });

  it('accepts only csv when the JD does not require resumes', () => {
    expect(validateUploadFile(file('candidates.CSV'), csv)).toBeNull();
    expect(validateUploadFile(file('cv.pdf'), csv)).toBe(UPLOAD_MESSAGES.csvFormat);
  });

  it('refuses names without a proper extension or base name', () => {
    for (const name of ['', '   ', 'resume', '.pdf', 'resume.', ' .pdf']) {
      expect(validateUploadFile(file(name), resume), name).toBe(UPLOAD_MESSAGES.invalidName);
    }
  });

  it('refuses the forbidden characters and control characters', () => {
    for (const name of ['a<b.pdf', 'a>b.pdf', 'a:b.pdf', 'a"b.pdf', 'a|b.pdf', 'a?b.pdf', 'a*b.pdf', 'a\u0001b.pdf', 'a\nb.pdf']) {
      expect(validateUploadFile(file(name), resume), JSON.stringify(name)).toBe(UPLOAD_MESSAGES.invalidCharacters);
    }
  });

  it('refuses files over 10 MB', () => {
    expect(validateUploadFile(file('big.pdf', 10 * 1024 * 1024), resume)).toBeNull();
    expect(validateUploadFile(file('big.pdf', 10 * 1024 * 1024 + 1), resume)).toBe(UPLOAD_MESSAGES.tooLarge);
  });
});

describe('formatKb', () => {
  it('shows whole kilobytes', () => {
    expect(formatKb(0)).toBe('0 KB');
    expect(formatKb(100)).toBe('1 KB');
    expect(formatKb(2048)).toBe('2 KB');
    expect(formatKb(5 * 1024 * 1024)).toBe('5,120 KB');
  });
});
