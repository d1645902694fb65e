import { UploadIcon } from '@/components/ui/icons';

/**
 * The upload area of the JD detail page, shown but disabled until the
 * Candidates work brings uploads (pdf or docx resumes, or a csv list).
 */
export function UploadPlaceholder({ resumeRequired }: { resumeRequired: boolean }) {
  const what = resumeRequired ? 'resumes (PDF or DOCX)' : 'a candidate list (CSV)';
  return (
    <section aria-labelledby="upload-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="upload-title" className="text-base font-semibold text-slate-900">
        {resumeRequired ? 'Upload Resume' : 'Upload CSV'}
      </h2>
      <div
        aria-disabled="true"
        data-testid="upload-dropzone"
        className="mt-4 flex cursor-not-allowed flex-col items-center rounded-lg border-2 border-dashed border-slate-200 bg-slate-50 px-4 py-8 text-center"
      >
        <UploadIcon className="text-slate-400" />
        <p className="mt-3 text-sm text-slate-600">Drag and drop {what} here, or choose a file.</p>
        <p className="mt-1 text-xs font-medium text-amber-700">Uploads arrive soon: this area is not active yet.</p>
      </div>
    </section>
  );
}
