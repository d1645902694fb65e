/** The Hiring Funnel card's numbers: bar widths, the conversion from one step to the next, and the sources. */
import { SOURCES } from '@/lib/sources';
import type { Source } from '@/lib/sources';

import type { Funnel } from '../api/get-funnel';

export type FunnelBar = {
  stage: string;
  label: string;
  /** Candidates who reached this step or a later one. */
  reached: number;
  /** Width of the bar in percent of the widest step (the first, usually). */
  width: number;
  /** "67%" of those who reached the previous step; null for the first step. */
  conversion: string | null;
  /**
   * Of `reached`, those a person moved past this interview step without it happening (no invite
   * sent, no slot booked, no interview completed).
   */
  skipped: number;
};

/**
 * A share (0-1) as a whole percentage: "67%". A share above 0 that rounds to 0 is "<1%", one
 * below 1 that rounds to 100 is ">99%", so a few candidates never look like none or all.
 * Null (nobody reached the previous step) is "—".
 */
export function formatConversion(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '—';
  const clamped = Math.min(1, Math.max(0, share));
  const percent = Math.round(clamped * 100);
  if (percent === 0 && clamped > 0) return '<1%';
  if (percent === 100 && clamped < 1) return '>99%';
  return `${percent}%`;
}

/** The share of the previous step's candidates who reached this one, or null when there were none. */
export function conversionOf(reached: number, previousReached: number): number | null {
  return previousReached > 0 ? reached / previousReached : null;
}

/**
 * The bars of a funnel, New → Hired. The conversion is the server's when it sent one,
 * else worked out from the counts (the same rule).
 */
export function funnelBars(funnel: Pick<Funnel, 'steps'>): FunnelBar[] {
  const max = Math.max(0, ...funnel.steps.map((step) => step.reached));
  return funnel.steps.map((step, index) => {
    const previous = index > 0 ? funnel.steps[index - 1] : undefined;
    const share = previous ? (step.conversion ?? conversionOf(step.reached, previous.reached)) : null;
    return {
      stage: step.stage,
      label: step.label,
      reached: step.reached,
      width: max > 0 ? Math.round((step.reached / max) * 1000) / 10 : 0,
      conversion: previous ? formatConversion(share) : null,
      skipped: step.skipped,
    };
  });
}

export type SourceCount = { source: Source; label: string; count: number };

/**
 * How the JD's candidates came in, the head of the funnel: Applied, Uploaded, CSV (every source,
 * zeros included, so the line reads the same for every JD). Empty from a server that does not
 * send the breakdown.
 */
export function sourceCounts(funnel: Partial<Pick<Funnel, 'sources'>>): SourceCount[] {
  const { sources } = funnel;
  if (!sources) return [];
  return SOURCES.map(({ value, label }) => ({ source: value, label, count: sources[value] ?? 0 }));
}
