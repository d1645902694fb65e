import type { ApplicationSent } from '../api/types';
import { applicationSummary } from '../lib/application';

/** What an applicant sent from the job page: when, the notice they agreed to, and their note to the team. */
export function ApplicationDetails({ application }: { application: ApplicationSent }) {
  const note = application.note.trim();
  return (
    <section
      aria-labelledby="application-title"
      data-testid="application"
      className="mt-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="application-title" className="text-base font-semibold text-slate-900">
        Application
      </h2>
      <p data-testid="application-summary" className="mt-1 text-sm text-slate-600">
        {applicationSummary(application)}
      </p>
      {note ? (
        <figure className="mt-3">
          <figcaption className="text-xs font-medium uppercase tracking-wide text-slate-500">Note from the candidate</figcaption>
          <blockquote
            data-testid="application-note"
            className="mt-1 whitespace-pre-line break-words border-l-4 border-violet-200 pl-3 text-sm text-slate-800"
          >
            {note}
          </blockquote>
        </figure>
      ) : (
        <p className="mt-3 text-sm text-slate-500">No note with the application.</p>
      )}
    </section>
  );
}
