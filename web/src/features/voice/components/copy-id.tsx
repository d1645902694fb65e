import { useCopy } from '@/lib/use-copy';

import { shortId } from '../lib/voice-rules';

/** A call id as its first 8 characters, with a copy button that says 'Copied!' for 1.5 s (SPEC section 9). */
export function CopyId({ id }: { id: string }) {
  const { copied, copy } = useCopy();
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <code className="text-xs">{shortId(id)}</code>
      {/* Above the row's link, which covers the whole row. */}
      <button
        type="button"
        onClick={() => copy(id)}
        aria-label={`Copy call ID ${shortId(id)}`}
        className="relative z-10 rounded px-1.5 py-0.5 text-xs text-brand-700 hover:bg-brand-50"
      >
        {copied ? 'Copied!' : 'Copy'}
      </button>
    </span>
  );
}
