/** A bias audit as the server sends it, for the Fairness page's tests. */
const row = (category: string, label: string, count: number, positives: number, extra: Record<string, unknown> = {}) => ({
  category,
  label,
  count,
  positives,
  selectionRate: positives / count,
  scoringRate: null,
  impactRatio: null,
  pValue: null,
  status: 'reported',
  adverse: false,
  ...extra,
});

export const AUDIT = {
  version: 'll144-1',
  generatedAt: '2026-03-02T06:15:00Z',
  categorySet: 'eeo1',
  from: null,
  to: null,
  jdId: null,
  dataSource: 'Historical data: 27 applicants to 2 jobs.',
  scoringVersions: ['ats-2026.3'],
  minPerCell: 5,
  steps: [
    {
      step: 'atsRecommendation',
      label: 'ATS recommendation (Pass)',
      measure: 'selection',
      individuals: 27,
      median: null,
      tables: [
        {
          dimension: 'sex',
          unknown: 3,
          rows: [
            row('female', 'Female', 14, 7, { impactRatio: 1, pValue: 1 }),
            row('male', 'Male', 9, 3, { impactRatio: 0.6667, pValue: 0.4321, adverse: true }),
            row('nonbinary', 'Non-binary', 1, 1, { status: 'not_enough_data', selectionRate: 1 }),
          ],
        },
      ],
    },
    {
      step: 'atsScore',
      label: 'ATS score',
      measure: 'scoring',
      individuals: 27,
      median: 62,
      tables: [
        {
          dimension: 'race',
          unknown: 5,
          rows: [row('asian', 'Asian', 22, 11, { selectionRate: null, scoringRate: 0.5, impactRatio: 1, pValue: 0.0004 })],
        },
      ],
    },
  ],
};
