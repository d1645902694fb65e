import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, data } from '@/lib/api-client';
import { emailTemplatesQueryKey } from '@/lib/queries/email-templates';
import type { EmailTemplate } from '@/lib/queries/email-templates';

import type { SaveTemplateInput } from './types';

/**
 * Saves one template (admins only); the answer is every template. 400 `invalid_template`
 * for a missing part, a part too long or an unknown variable.
 */
export function saveEmailTemplate(input: SaveTemplateInput): Promise<EmailTemplate[]> {
  return data(api.PUT('/Settings/EmailTemplates', { body: input }));
}

/** Saves a template; the answer (every template) becomes the shared query's data, so the decision dialog starts from it. */
export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailTemplate,
    onSuccess: (templates) => queryClient.setQueryData(emailTemplatesQueryKey, templates),
  });
}
