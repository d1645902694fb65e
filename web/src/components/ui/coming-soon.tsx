import { ClockIcon } from './icons';
import { PageFrame } from './page-frame';

/**
 * The one placeholder for pages that later issues build. Renders the page's
 * heading and document title so routes are real and navigable today.
 */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <PageFrame title={title}>
      <title>{`${title} · Hirelane`}</title>
      <div className="mt-6 flex items-start gap-4 rounded-xl border border-dashed border-slate-300 bg-white p-6">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
          <ClockIcon />
        </span>
        <div>
          <p className="font-medium text-slate-900">Coming soon</p>
          <p className="mt-1 text-sm text-slate-600">
            {description ?? 'This part of Hirelane is being built and will appear here shortly.'}
          </p>
        </div>
      </div>
    </PageFrame>
  );
}
