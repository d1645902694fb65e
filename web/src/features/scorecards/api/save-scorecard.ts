import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { activityQueryKey } from '@/lib/queries/activity';

import { scorecardKeys } from './types';
import type { ScorecardBody, Scorecards } from './types';

/**
 * Saves the signed-in recruiter's scorecard (a second save replaces theirs). The answer is
 * every scorecard of the candidate. 400 `invalid_scorecard`, 409 `not_interviewed`.
 */
export function saveScorecard(input: ScorecardBody): Promise<Scorecards> {
  return data(api.PUT('/Pipeline/Scorecards', { body: input }));
}

export function useSaveScorecard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScorecard,
    onSuccess: async (scorecards) => {
      queryClient.setQueryData(scorecardKeys.candidate(String(scorecards.resumeId)), scorecards);
      // The save is an event of the candidate's timeline.
      await queryClient.invalidateQueries({ queryKey: activityQueryKey });
    },
  });
}
