import { UPLOAD_MAX_BYTES } from '@/config/constants';

/** The client-side upload messages of SPEC sections 5 and 8. */
export const UPLOAD_MESSAGES = {
  invalidName: 'Invalid file name.',
  invalidCharacters: 'File name contains invalid characters.',
  resumeFormat: 'Invalid file format. Please upload a PDF or DOCX file.',
  csvFormat: 'Invalid file format. Please upload a CSV file.',
  tooLarge: 'The file is too large. The limit is 10 MB.',
  jdRequired: 'Job Description ID is required',
  resumeSuccess: 'Resume uploaded successfully!',
  csvSuccess: 'CSV uploaded successfully!',
  failedPrefix: 'Upload failed: ',
} as const;

// Characters the spec refuses: < > : " | ? * and control characters.
// eslint-disable-next-line no-control-regex
const INVALID_CHARACTERS = /[<>:"|?*\u0000-\u001f\u007f]/;

/**
 * Checks a chosen file's name (and size) against SPEC section 5; returns the
 * message to show, or null when the file may be sent. Dropped files skip this.
 */
export function validateUploadFile(
  { name, size }: { name: string; size: number },
  { resumeRequired }: { resumeRequired: boolean },
): string | null {
  if (!name || !name.trim()) return UPLOAD_MESSAGES.invalidName;
  if (INVALID_CHARACTERS.test(name)) return UPLOAD_MESSAGES.invalidCharacters;
  const dot = name.lastIndexOf('.');
  // An extension is needed, neither at the very start nor at the very end.
  if (dot <= 0 || dot === name.length - 1) return UPLOAD_MESSAGES.invalidName;
  if (!name.slice(0, dot).trim()) return UPLOAD_MESSAGES.invalidName;
  const extension = name.slice(dot + 1).toLowerCase();
  if (resumeRequired && extension !== 'pdf' && extension !== 'docx') return UPLOAD_MESSAGES.resumeFormat;
  if (!resumeRequired && extension !== 'csv') return UPLOAD_MESSAGES.csvFormat;
  if (size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/** A file's size as the upload area shows it: whole KB, at least 1 for a non-empty file. */
export function formatKb(bytes: number): string {
  const kb = bytes / 1024;
  return `${bytes > 0 && kb < 1 ? 1 : Math.round(kb).toLocaleString('en-US')} KB`;
}
