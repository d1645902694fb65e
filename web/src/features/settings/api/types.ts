/** The decision e-mail templates, as the server sends them. */
import type { ApiSchema } from '@/lib/api/types';

/** A template; `updatedAt` and `updatedBy` are null while the built-in text is in use. */
export type EmailTemplate = ApiSchema<'EmailTemplate'>;

/** `rejection` or `advance`. */
export type TemplateKind = EmailTemplate['kind'];

/** `PUT /Settings/EmailTemplates`. */
export type SaveTemplateInput = ApiSchema<'SaveTemplateBody'>;

export const settingsKeys = {
  templates: ['settings', 'email-templates'] as const,
};
