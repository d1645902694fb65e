import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { inviteKeys } from './types';
import type { ScheduleInput, ScheduleResponse } from './types';

export type ScheduleMode = 'schedule' | 'reschedule';

export function scheduleInterview({ mode, input }: { mode: ScheduleMode; input: ScheduleInput }): Promise<ScheduleResponse> {
  return data(api.POST(mode === 'schedule' ? '/Interview/ScheduleInterview' : '/Interview/ReScheduleInterview', { body: input }));
}

/** Books (or moves) the slot, then fetches the invite again (SPEC section 7) before settling. */
export function useScheduleInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleInterview,
    onSettled: (_data, _error, { input }) => queryClient.invalidateQueries({ queryKey: inviteKeys.nextStep(input.inviteId) }),
  });
}
