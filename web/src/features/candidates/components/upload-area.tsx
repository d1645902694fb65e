import { useReducer, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { cn } from '@/components/ui/cn';
import { UploadIcon, XIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { candidateKeys } from '../api/types';
import type { JdCandidatesState } from '../api/types';
import { csvErrorsOf, uploadCandidatesCsv } from '../api/upload-csv';
import type { CsvLineError } from '../api/upload-csv';
import { uploadResume } from '../api/upload-resume';
import { uploadReducer, uploadSummary } from '../lib/upload-queue';
import type { UploadRow } from '../lib/upload-queue';
import { UPLOAD_MESSAGES, formatKb, validateUploadFile } from '../lib/upload-validation';

/** How many resumes go up at the same time. */
const CONCURRENCY = 3;
/** The id of the "choose files" button, so the page's Upload button can open the chooser. */
export const UPLOAD_CHOOSER_ID = 'jd-upload-choose';

export type UploadAreaProps = { jdid: string; jobDescId: number; jdname: string; resumeRequired: boolean };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The JD detail page's upload area (SPEC section 2): drag-and-drop zone, file
 * chooser, a progress row per file, a cancel cross that only clears what is
 * shown, validation messages, and on success the JD's candidate list.
 * Resumes (PDF/DOCX, several at once) or, for JDs without resumes, one CSV.
 */
export function UploadArea({ jdid, jobDescId, jdname, resumeRequired }: UploadAreaProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [rows, dispatch] = useReducer(uploadReducer, []);
  const [dragging, setDragging] = useState(false);
  const [csvErrors, setCsvErrors] = useState<CsvLineError[]>([]);
  // The refusals' notice stays until the recruiter dismisses it (or chooses files again).
  const [refusalsDismissed, setRefusalsDismissed] = useState(false);
  // Bumped by the cancel cross: answers of a cleared batch no longer update the view.
  const generation = useRef(0);
  const summary = uploadSummary(rows);
  const busy = rows.some((row) => row.state === 'waiting' || row.state === 'uploading');
  const listState: JdCandidatesState = { jobDescId, jdname };

  const goToList = () => void navigate(paths.candidateDetails(jdid), { state: listState });

  /** `refusedBefore`: files of the batch refused before sending; the page then stays, to say which. */
  const uploadResumes = async (files: Array<{ id: string; file: File }>, batch: number, refusedBefore: number) => {
    const queue = [...files];
    const results: Array<{ ok: boolean; message: string | null; updated: boolean }> = [];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { id, file } = next;
        if (generation.current !== batch) return;
        dispatch({ type: 'start', id });
        try {
          const answer = await uploadResume({
            jdId: jdid,
            file,
            onProgress: (progress) => generation.current === batch && dispatch({ type: 'progress', id, progress }),
          });
          const report = answer.files[0];
          const outcome = report?.status ?? 'created';
          const message = outcome === 'created' && report?.analysisStatus !== 'unreadable' ? null : (report?.message ?? null);
          if (generation.current === batch)
            dispatch({
              type: 'done',
              id,
              outcome,
              message: outcome === 'rejected' ? `${UPLOAD_MESSAGES.failedPrefix}${message ?? ''}` : message,
            });
          results.push({ ok: outcome !== 'rejected', message, updated: outcome === 'updated' });
        } catch (error) {
          const message = `${UPLOAD_MESSAGES.failedPrefix}${errorText(error)}`;
          if (generation.current === batch) dispatch({ type: 'fail', id, message });
          results.push({ ok: false, message, updated: false });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
    await queryClient.invalidateQueries({ queryKey: candidateKeys.jd(jdid) });
    if (generation.current !== batch) return;
    const failed = results.filter((result) => !result.ok);
    // All accepted and uploaded means the list opens next; its toasts go along.
    const keepOnNavigation = failed.length === 0 && refusedBefore === 0;
    if (results.length - failed.length > 0) toast.success(UPLOAD_MESSAGES.resumeSuccess, { keepOnNavigation });
    for (const result of results) if (result.updated && result.message) toast.info(result.message, { keepOnNavigation });
    if (keepOnNavigation) goToList();
    else if (failed.length === 0) return;
    else if (failed.length === 1 && results.length === 1) toast.error(failed[0]!.message);
    else toast.error(`${failed.length} of ${results.length} files could not be uploaded.`);
  };

  const uploadCsv = async ({ id, file }: { id: string; file: File }, batch: number) => {
    dispatch({ type: 'start', id });
    try {
      const answer = await uploadCandidatesCsv({ jobDescId: String(jobDescId), file });
      if (generation.current !== batch) return;
      dispatch({ type: 'done', id, outcome: 'created', message: `${answer.imported} imported, ${answer.updated} updated` });
      setCsvErrors(answer.errors ?? []);
      await queryClient.invalidateQueries({ queryKey: candidateKeys.jd(jdid) });
      toast.success(UPLOAD_MESSAGES.csvSuccess, { keepOnNavigation: (answer.errors ?? []).length === 0 });
      if ((answer.errors ?? []).length === 0) goToList();
    } catch (error) {
      if (generation.current !== batch) return;
      const message = `${UPLOAD_MESSAGES.failedPrefix}${errorText(error)}`;
      dispatch({ type: 'fail', id, message });
      setCsvErrors(isApiError(error) ? csvErrorsOf(error.body) : []);
      toast.error(message);
    }
  };

  const accept = (files: File[], { validate }: { validate: boolean }) => {
    if (files.length === 0) return;
    const batch = generation.current;
    const chosen = resumeRequired ? files : files.slice(0, 1);
    setCsvErrors([]);
    setRefusalsDismissed(false);
    const newRows: UploadRow[] = [];
    const toSend: Array<{ id: string; file: File }> = [];
    chosen.forEach((file, index) => {
      const id = `${Date.now()}-${index}-${file.name}`;
      // Dropped files skip the client-side checks (SPEC section 5); the server checks everything.
      const problem = validate ? validateUploadFile(file, { resumeRequired }) : null;
      newRows.push({ id, name: file.name, size: file.size, state: problem ? 'invalid' : 'waiting', progress: 0, message: problem });
      if (!problem) toSend.push({ id, file });
    });
    dispatch({ type: 'add', rows: newRows });
    const invalid = newRows.filter((row) => row.state === 'invalid');
    if (invalid.length === 1) toast.error(invalid[0]!.message);
    else if (invalid.length > 1) toast.error(`${invalid.length} files were not accepted.`);
    if (toSend.length === 0) return;
    if (resumeRequired) void uploadResumes(toSend, batch, invalid.length);
    else void uploadCsv(toSend[0]!, batch);
  };

  const clear = () => {
    generation.current += 1;
    dispatch({ type: 'clear' });
    setCsvErrors([]);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    accept(Array.from(event.dataTransfer.files), { validate: false });
  };

  const refused = rows.filter((row) => row.state === 'invalid' || row.state === 'failed');

  const what = resumeRequired ? 'resumes (PDF or DOCX)' : 'a candidate list (CSV)';
  return (
    <section id="jd-upload" aria-labelledby="upload-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="upload-title" className="text-base font-semibold text-slate-900">
        {resumeRequired ? 'Upload Resume' : 'Upload CSV'}
      </h2>
      <div
        data-testid="upload-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'mt-4 flex flex-col items-center rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <UploadIcon className="text-brand-600" />
        <p className="mt-3 text-sm text-slate-700">Drag and drop {what} here, or</p>
        <button
          id={UPLOAD_CHOOSER_ID}
          type="button"
          onClick={() => inputRef.current?.click()}
          className="mt-2 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-inset ring-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {resumeRequired ? 'Choose files' : 'Choose a file'}
        </button>
        <input
          ref={inputRef}
          type="file"
          data-testid="upload-input"
          aria-label={resumeRequired ? 'Resume files' : 'CSV file'}
          className="sr-only"
          tabIndex={-1}
          multiple={resumeRequired}
          accept={
            resumeRequired
              ? '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document'
              : '.csv,text/csv'
          }
          onChange={(event) => {
            accept(Array.from(event.target.files ?? []), { validate: true });
            event.target.value = '';
          }}
        />
        <p className="mt-2 text-xs text-slate-500">
          {resumeRequired ? 'PDF or DOCX, up to 10 MB each; several at once.' : 'One CSV file, up to 10 MB.'}
        </p>
      </div>

      {rows.length > 0 && (
        <div className="mt-4" data-testid="upload-progress">
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm font-medium text-slate-800" aria-live="polite">
              {busy
                ? `Uploading ${summary.finished} / ${summary.total}…`
                : summary.total > 0
                  ? `Uploaded ${summary.succeeded} of ${summary.total}`
                  : 'Nothing to upload'}
              {summary.invalid > 0 && ` · ${summary.invalid} not accepted`}
            </p>
            <button
              type="button"
              onClick={clear}
              aria-label="Clear selection"
              title="Clear selection"
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <XIcon width={18} height={18} />
            </button>
          </div>
          {summary.total > 0 && (
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={summary.percent}
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${summary.percent}%` }} />
            </div>
          )}
          <ul aria-label="Files" className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
            {rows.map((row) => (
              <li key={row.id} data-testid="upload-row" className="px-3 py-2">
                <div className="flex items-center justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate font-medium text-slate-800" title={row.name}>
                    {row.name}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500">
                    {formatKb(row.size)} ·{' '}
                    {row.state === 'uploading'
                      ? `${row.progress}%`
                      : row.state === 'waiting'
                        ? 'Waiting'
                        : row.state === 'done'
                          ? row.outcome === 'updated'
                            ? 'Updated'
                            : 'Uploaded'
                          : row.state === 'invalid'
                            ? 'Not accepted'
                            : 'Failed'}
                  </span>
                </div>
                {(row.state === 'uploading' || row.state === 'waiting' || row.state === 'done') && (
                  <div
                    role="progressbar"
                    aria-label={`${row.name} upload progress`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={row.progress}
                    className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100"
                  >
                    <div
                      className={cn('h-full rounded-full', row.state === 'done' ? 'bg-emerald-500' : 'bg-brand-500')}
                      style={{ width: `${row.progress}%` }}
                    />
                  </div>
                )}
                {row.message && (
                  <p className={cn('mt-1 text-xs', row.state === 'done' ? 'text-slate-600' : 'text-red-700')}>{row.message}</p>
                )}
              </li>
            ))}
          </ul>
          {refused.length > 0 && !refusalsDismissed && (
            <div
              role="alert"
              data-testid="upload-refused"
              className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200"
            >
              <div className="flex items-start justify-between gap-3">
                <p className="font-semibold">
                  {refused.length === 1 ? '1 file was not accepted' : `${refused.length} files were not accepted`}
                </p>
                <button
                  type="button"
                  onClick={() => setRefusalsDismissed(true)}
                  className="shrink-0 text-sm font-semibold text-red-800 hover:underline focus-visible:outline-2 focus-visible:outline-red-600"
                >
                  Dismiss
                </button>
              </div>
              <ul aria-label="Files not accepted" className="mt-1 list-disc space-y-0.5 pl-5">
                {refused.map((row) => (
                  <li key={row.id} className="break-words">
                    <span className="font-medium">{row.name}</span>: {row.message ?? UPLOAD_MESSAGES.failedPrefix.replace(/: $/, '.')}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {csvErrors.length > 0 && (
            <div role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <p className="font-semibold">Rows not imported</p>
              <ul aria-label="CSV errors" className="mt-1 list-disc pl-5">
                {csvErrors.map((error) => (
                  <li key={`${error.line}-${error.reason}`}>
                    Line {error.line}: {error.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {!busy && summary.succeeded > 0 && (
            <button type="button" onClick={goToList} className="mt-3 text-sm font-semibold text-brand-700 hover:underline">
              View candidates
            </button>
          )}
        </div>
      )}
    </section>
  );
}
