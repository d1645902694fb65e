/**
 * The organisation's decision e-mails (`GET /Settings/EmailTemplates`: the rejection and the
 * advance template, the built-in text where none was saved), shared by Settings › E-mail
 * templates and the pipeline's decision dialog under one key, so a saved template is what the
 * next decision starts from.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

/** A template; `updatedAt` and `updatedBy` are null while the built-in text is in use. */
export type EmailTemplate = ApiSchema<'EmailTemplate'>;

/** `rejection` or `advance`. */
export type TemplateKind = ApiSchema<'TemplateKind'>;

export const emailTemplatesQueryKey = ['email-templates'] as const;

export function getEmailTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<EmailTemplate[]> {
  return data(api.GET('/Settings/EmailTemplates', { signal }));
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: emailTemplatesQueryKey, queryFn: ({ signal }) => getEmailTemplates({ signal }) });

export function useEmailTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...emailTemplatesQueryOptions(), enabled });
}
