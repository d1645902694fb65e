import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { candidateKeys } from '../api/types';
import { AnalysisProgressPanel } from './analysis-progress';

function serve(statuses: string[]) {
  mockFetch(() =>
    json(
      200,
      statuses.map((analysisStatus, index) => ({ resumeId: index + 1, analysisStatus })),
    ),
  );
}

describe('AnalysisProgressPanel', () => {
  it('counts resumes only, leaving CSV candidates out', async () => {
    seedSession();
    serve(['done', 'no_resume', 'no_resume']);
    renderPage(<AnalysisProgressPanel jdid="jd-1" />);
    expect(await screen.findByTestId('analysis-count')).toHaveTextContent('Analysis complete 1 / 1 analysed');
  });

  it('shows nothing for a JD of CSV candidates alone', async () => {
    seedSession();
    serve(['no_resume', 'no_resume']);
    const { queryClient } = renderPage(<AnalysisProgressPanel jdid="jd-1" />);
    await waitFor(() => expect(queryClient.getQueryState(candidateKeys.jdAll('jd-1'))?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Analysis progress' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('analysis-count')).not.toBeInTheDocument();
  });
});
