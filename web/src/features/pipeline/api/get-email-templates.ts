import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { pipelineKeys } from './types';
import type { EmailTemplate } from './types';

/** The organisation's decision e-mails (rejection, advance), the built-in text where none was saved. */
export function getEmailTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<EmailTemplate[]> {
  return api.get<EmailTemplate[]>('/Settings/EmailTemplates', { signal });
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: pipelineKeys.templates, queryFn: ({ signal }) => getEmailTemplates({ signal }) });

export function useEmailTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...emailTemplatesQueryOptions(), enabled });
}
