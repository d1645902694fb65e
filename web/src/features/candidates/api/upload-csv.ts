import { api, data, formData } from '@/lib/api-client';

export type CsvLineError = { line: number; reason: string };

export type UploadCsvAnswer = { success: boolean; message: string; imported: number; updated: number; errors: CsvLineError[] };

/** Imports a CSV of candidates into a JD that does not require resumes (multipart `csvFile`). */
export function uploadCandidatesCsv({
  jobDescId,
  file,
  signal,
}: {
  jobDescId: string;
  file: File;
  signal?: AbortSignal;
}): Promise<UploadCsvAnswer> {
  return data(
    api.POST('/Drive/UploadCandidatesCsv', { params: { query: { jobDescId } }, body: { csvFile: file }, bodySerializer: formData, signal }),
  );
}

/** The per-line errors of a refused CSV (the 400 answer carries them next to the message). */
export function csvErrorsOf(body: unknown): CsvLineError[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as CsvLineError[]).filter((item) => typeof item?.line === 'number') : [];
}
