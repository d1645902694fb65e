import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { settingsKeys } from './types';
import type { EmailTemplate } from './types';

/** The rejection and advance e-mail templates (the built-in text where none was saved). */
export function getEmailTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<EmailTemplate[]> {
  return api.get<EmailTemplate[]>('/Settings/EmailTemplates', { signal });
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.templates, queryFn: ({ signal }) => getEmailTemplates({ signal }) });

export function useEmailTemplates() {
  return useQuery(emailTemplatesQueryOptions());
}
