import { Button } from '@/components/ui/button';

export const SECRET_ONCE = 'Copy this signing secret now: it is not shown again.';

/** A new or rotated secret, shown this once. */
export function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div role="status" className="mt-4 rounded-lg bg-amber-50 p-4 ring-1 ring-inset ring-amber-200">
      <p className="text-sm font-medium text-amber-900">{SECRET_ONCE}</p>
      <code data-testid="webhook-secret" className="mt-2 block break-all rounded bg-white px-2 py-1.5 text-sm text-slate-900">
        {secret}
      </code>
      <div className="mt-3 flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
