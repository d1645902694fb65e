import { useJdResumes } from '../api/get-jd-resumes';
import { analysisProgress } from '../lib/analysis-progress';

/** Live "analysed / total" for a JD, from the polled list of its candidates; nothing without resumes. */
export function AnalysisProgressPanel({ jdid }: { jdid: string }) {
  const resumes = useJdResumes(jdid);
  const progress = analysisProgress((resumes.data ?? []).map((row) => row.analysisStatus));
  return progress.total > 0 ? <AnalysisProgressView progress={progress} /> : null;
}

export function AnalysisProgressView({ progress }: { progress: ReturnType<typeof analysisProgress> }) {
  const { total, done, pending, unreadable, failed, percent, running } = progress;
  return (
    <section aria-label="Analysis progress" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p className="font-semibold text-slate-900" data-testid="analysis-count">
          {running ? 'Analysing resumes…' : 'Analysis complete'} {done} / {total} analysed
        </p>
        <p className="text-xs text-slate-600">
          {pending > 0 && <span>{pending} in queue · </span>}
          {unreadable > 0 && <span>{unreadable} unreadable · </span>}
          {failed > 0 && <span>{failed} failed · </span>}
          {percent}%
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}
