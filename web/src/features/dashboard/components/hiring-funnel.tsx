import { useId, useState } from 'react';
import { Link } from 'react-router';

import { inputClass } from '@/components/ui/field';
import { paths } from '@/config/paths';

import type { Funnel } from '../api/get-funnel';
import { funnelBars, sourceCounts } from '../lib/funnel';

export const FUNNEL_EMPTY = 'No candidates yet: the funnel fills as candidates join your jobs.';
export const FUNNEL_FAILED = 'The funnel could not be loaded.';

export type HiringFunnelProps = {
  funnels: Funnel[] | undefined;
  loading: boolean;
  failed: boolean;
};

function FunnelChart({ funnel }: { funnel: Funnel }) {
  const bars = funnelBars(funnel);
  const sources = sourceCounts(funnel);
  return (
    <>
      {sources.length > 0 && (
        <p data-testid="funnel-sources" className="mt-4 text-sm text-slate-600">
          <span className="font-medium text-slate-700">How they came in:</span>{' '}
          {sources.map(({ source, label, count }, index) => (
            <span key={source}>
              {index > 0 && ' · '}
              {label}{' '}
              <span data-testid={`funnel-source-${source}`} className="font-semibold tabular-nums text-slate-900">
                {count.toLocaleString()}
              </span>
            </span>
          ))}
        </p>
      )}
      <dl className="mt-5 space-y-3">
        {bars.map((bar) => (
          <div key={bar.stage} data-testid={`funnel-${bar.stage}`} className="grid grid-cols-[7rem_1fr_auto] items-center gap-x-3 text-sm">
            <dt className="font-medium text-slate-700">{bar.label}</dt>
            {/* The count beside it is the accessible value; the bar only compares the steps. */}
            <dd aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-slate-100">
              <div
                data-testid={`funnel-${bar.stage}-bar`}
                className="h-full rounded-full bg-brand-500"
                style={{ width: `${bar.width}%` }}
              />
            </dd>
            <dd className="w-32 text-right tabular-nums">
              <span data-testid={`funnel-${bar.stage}-reached`} className="font-semibold text-slate-900">
                {bar.reached.toLocaleString()}
              </span>
              {bar.conversion !== null && (
                <span data-testid={`funnel-${bar.stage}-conversion`} className="ml-2 text-xs text-slate-500">
                  <span className="sr-only">, conversion from the previous step </span>
                  {bar.conversion}
                </span>
              )}
              {bar.skipped > 0 && (
                <span data-testid={`funnel-${bar.stage}-skipped`} className="block text-xs text-slate-500">
                  {bar.skipped.toLocaleString()} moved past it by a person
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 flex flex-wrap gap-x-5 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <span>
          Rejected{' '}
          <span data-testid="funnel-rejected" className="font-semibold tabular-nums text-slate-900">
            {funnel.rejected.toLocaleString()}
          </span>
        </span>
        <span>
          Withdrawn{' '}
          <span data-testid="funnel-withdrawn" className="font-semibold tabular-nums text-slate-900">
            {funnel.withdrawn.toLocaleString()}
          </span>
        </span>
        {funnel.facts && (
          <span>
            Invites sent{' '}
            <span data-testid="funnel-invites-sent" className="font-semibold tabular-nums text-slate-900">
              {funnel.facts.invitesSent.toLocaleString()}
            </span>
          </span>
        )}
        <Link
          to={`${paths.activity}?jdId=${encodeURIComponent(funnel.jdid)}`}
          className="ml-auto font-semibold text-brand-700 hover:underline"
        >
          Activity of this job
        </Link>
      </p>
    </>
  );
}

/**
 * The Hiring Funnel card: for the chosen JD (the newest by default), how its candidates came in
 * (applied, uploaded, CSV), how many reached each stage New → Hired (reaching a later stage counts
 * as passing the ones before), the conversion from the step before, the interview steps a person
 * moved candidates past, the rejected and withdrawn, and the invites actually sent (counted as
 * the Hiring Overview's "Invites Sent" is).
 */
export function HiringFunnel({ funnels, loading, failed }: HiringFunnelProps) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = funnels ?? [];
  const funnel = list.find((item) => item.jdid === chosen) ?? list[0];

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          Hiring Funnel
        </h2>
        {list.length > 0 && (
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-jd`} className="text-sm font-medium text-slate-700">
              Job
            </label>
            <select
              id={`${id}-jd`}
              value={funnel?.jdid ?? ''}
              onChange={(event) => setChosen(event.target.value)}
              className={`${inputClass()} w-56 py-1.5`}
            >
              {list.map((item) => (
                <option key={item.jdid} value={item.jdid}>
                  {item.jdname}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {loading ? (
        <div data-testid="funnel-skeleton" aria-busy="true" aria-label="Loading the funnel" className="mt-5 space-y-3">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="h-3 animate-pulse rounded-full bg-slate-100" />
          ))}
        </div>
      ) : failed ? (
        <p className="mt-4 text-sm text-slate-600">{FUNNEL_FAILED}</p>
      ) : funnel ? (
        <FunnelChart funnel={funnel} />
      ) : (
        <p className="mt-4 text-sm text-slate-600">{FUNNEL_EMPTY}</p>
      )}
    </section>
  );
}
