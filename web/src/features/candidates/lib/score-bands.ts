import { PASS_THRESHOLD } from '@/config/constants';

/** A score band of the distribution chart: `from`-`to` inclusive. */
export type ScoreBand = { from: number; to: number; label: string; count: number; passing: boolean };

const BAND_WIDTH = 20;

/**
 * Counts scored candidates per band 0-19, 20-39, 40-59, 60-79, 80-100
 * (100 belongs to the top band). Unscored candidates (null) are left out.
 */
export function scoreBands(scores: ReadonlyArray<number | null | undefined>): ScoreBand[] {
  const bands: ScoreBand[] = [0, 20, 40, 60, 80].map((from) => {
    const to = from === 80 ? 100 : from + BAND_WIDTH - 1;
    return { from, to, label: `${from}-${to}`, count: 0, passing: from >= PASS_THRESHOLD };
  });
  for (const score of scores) {
    if (score === null || score === undefined || !Number.isFinite(score)) continue;
    const clamped = Math.min(100, Math.max(0, Math.round(score)));
    bands[Math.min(bands.length - 1, Math.floor(clamped / BAND_WIDTH))]!.count += 1;
  }
  return bands;
}
