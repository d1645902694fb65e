import type { ApiSchema } from '@/lib/api/types';

/** The notice about the automated steps, with its version (the server records it on joining). */
export type InterviewNotice = ApiSchema<'InterviewNotice'>;

/** Shown above the consent, so the candidate reads it before an AI interview starts. */
export function AiNotice({ notice }: { notice: InterviewNotice | undefined }) {
  if (!notice) return null;
  return (
    <p
      data-testid="ai-notice"
      className="rounded-lg bg-slate-50 p-3 text-xs leading-relaxed text-slate-600 ring-1 ring-inset ring-slate-200"
    >
      <strong className="font-semibold text-slate-800">How we use automated tools</strong> (notice {notice.version}): {notice.text}
    </p>
  );
}
