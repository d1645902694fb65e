import { Button } from '@/components/ui/button';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { useCopy } from '@/lib/use-copy';

/** The server's job pages, outside the app's router (a plain link loads them). */
export const jobPageHref = (slug: string) => `/careers/${encodeURIComponent(slug)}`;

/**
 * A published job page's public link, with Copy (to paste into a job board or an e-mail) and
 * View job page, which opens the page as candidates see it in a new tab.
 */
export function PublicLink({ url, slug }: { url: string; slug: string }) {
  const { copied, copy } = useCopy();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <code data-testid="job-page-url" className="min-w-0 break-all rounded bg-slate-100 px-2 py-1 text-xs text-slate-800">
        {url}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => copy(url)}>
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
        <a
          href={jobPageHref(slug)}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          View job page
          <ExternalLinkIcon width={14} height={14} />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}
