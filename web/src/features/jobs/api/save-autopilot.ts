import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';

import { jdKeys } from './types';
import type { Autopilot, AutopilotInput } from './types';

/**
 * Turns a JD's autopilot on or off and sets whom it invites; the answer is the autopilot as
 * saved. 400 `no_assistant` when it is turned on without an assistant, 404 for an assistant
 * that does not exist.
 */
export function saveAutopilot(input: AutopilotInput): Promise<Autopilot> {
  return data(api.PUT('/Careers/Autopilot', { body: input }));
}

const saveKey = (jdid: string) => [...jdKeys.autopilot(jdid), 'save'] as const;

/** Saves the autopilot of the JD the page shows (`jdid`, the key its query is under). */
export function useSaveAutopilot(jdid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveKey(jdid),
    mutationFn: saveAutopilot,
    onSuccess: (autopilot) => queryClient.setQueryData(jdKeys.autopilot(jdid), autopilot),
  });
}

/** Whether a save is under way (its dialog stays open until it is done). */
export function useSavingAutopilot(jdid: string): boolean {
  return useIsMutating({ mutationKey: saveKey(jdid) }) > 0;
}
