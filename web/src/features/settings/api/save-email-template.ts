import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { settingsKeys } from './types';
import type { EmailTemplate, SaveTemplateInput } from './types';

/**
 * Saves one template (admins only); the answer is every template. 400 `invalid_template`
 * for a missing part, a part too long or an unknown variable.
 */
export function saveEmailTemplate(input: SaveTemplateInput): Promise<EmailTemplate[]> {
  return api.put<EmailTemplate[]>('/Settings/EmailTemplates', input);
}

export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailTemplate,
    onSuccess: (templates) => queryClient.setQueryData(settingsKeys.templates, templates),
  });
}
