/** The bias audit's shapes, as the server sends them, and the query keys. */
import type { ApiSchema } from '@/lib/api/types';

/** The audit (NYC Local Law 144) and what it was computed over. */
export type BiasAudit = ApiSchema<'BiasAudit'>;

/** One automated step's figures. */
export type StepAudit = ApiSchema<'StepAudit'>;

/** One dimension of a step (sex, race/ethnicity or their intersection) with its unknown count. */
export type AuditTable = ApiSchema<'AuditTable'>;

/** One category's count, rate, impact ratio and p-value. */
export type AuditRow = ApiSchema<'AuditRow'>;

/** The page's filters; an empty one means "all" (every day, every JD). */
export type AuditFilters = { from: string; to: string; jdId: string };

export const biasAuditKeys = {
  all: ['bias-audit'] as const,
  audit: (filters: AuditFilters) => ['bias-audit', filters] as const,
};
