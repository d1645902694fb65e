import { api, data } from '@/lib/api-client';

import type { ConductBatch } from '../lib/conduct-log';

/** POST /Interview/Conduct/{inviteId}: a batch of what the join page saw, for the conduct log. */
export function reportConduct(inviteId: string, batch: ConductBatch): Promise<unknown> {
  return data(api.POST('/Interview/Conduct/{inviteId}', { params: { path: { inviteId } }, body: batch }));
}
