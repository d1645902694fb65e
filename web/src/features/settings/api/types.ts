/** The settings' request shapes (the templates themselves are `@/lib/queries/email-templates`'). */
import type { ApiSchema } from '@/lib/api/types';

/** `PUT /Settings/EmailTemplates`. */
export type SaveTemplateInput = ApiSchema<'SaveTemplateBody'>;
