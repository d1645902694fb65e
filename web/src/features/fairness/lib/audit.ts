/** How Settings › Fairness words and formats the bias audit's figures. */
import type { AuditRow, StepAudit } from '../api/types';

const STATUS: Record<string, string> = {
  reported: 'Reported',
  excluded: 'Excluded (<2 %)',
  not_enough_data: 'Not enough data',
};

const DIMENSION: Record<string, string> = {
  sex: 'Sex',
  race: 'Race/ethnicity',
  intersection: 'Sex and race/ethnicity',
};

const CATEGORY_SET: Record<string, string> = {
  eeo1: 'EEO-1 (sex and race/ethnicity)',
  'sex-only': 'Sex only',
};

/** A label the server adds later reads as its own code rather than as nothing. */
const wordFor = (words: Record<string, string>, code: string) => words[code] ?? code;

export const statusLabel = (status: string) => wordFor(STATUS, status);
export const dimensionLabel = (dimension: string) => wordFor(DIMENSION, dimension);
export const categorySetLabel = (set: string) => wordFor(CATEGORY_SET, set);

/** The column of a step's rate: the share selected, or the share scoring above the median. */
export const rateLabel = (measure: StepAudit['measure']) => (measure === 'scoring' ? 'Scoring rate' : 'Selection rate');

const percent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const DASH = '—';

/** The row's rate in percent ("42.9%"); a dash when the step left it out. */
export function formatRate(row: Pick<AuditRow, 'selectionRate' | 'scoringRate'>): string {
  const rate = row.selectionRate ?? row.scoringRate;
  return rate === null ? DASH : percent.format(rate);
}

export function formatRatio(ratio: number | null): string {
  return ratio === null ? DASH : ratio.toFixed(2);
}

/** Three decimals, and "< 0.001" below that: smaller p-values say nothing more to a reader. */
export function formatPValue(p: number | null): string {
  if (p === null) return DASH;
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}
