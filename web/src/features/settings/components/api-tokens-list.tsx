import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatDate, formatDateTime } from '@/lib/date-time';
import { apiErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useRevokeApiToken } from '../api/api-tokens';
import type { ApiToken } from '../api/types';
import { tokenState } from '../lib/api-tokens';
import type { TokenState } from '../lib/api-tokens';

const tone: Record<TokenState, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-300',
  revoked: 'bg-red-50 text-red-800 ring-red-200',
};
const label: Record<TokenState, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
const REVOKE_FAILED = 'The token could not be revoked.';

/** One line of what is known about a token's use. */
function lastUse(token: ApiToken): string {
  if (!token.lastUsedAt) return 'Never used';
  const from = token.lastUsedFrom ? ` from ${token.lastUsedFrom}` : '';
  return `Last used ${formatDateTime(token.lastUsedAt)}${from}`;
}

/** The tokens, newest first: name, scopes, dates, last use and a Revoke for the working ones. */
export function ApiTokensList({ tokens }: { tokens: ApiToken[] }) {
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  return (
    <>
      <ul aria-label="API tokens" className="space-y-3">
        {tokens.map((token) => {
          const state = tokenState(token);
          return (
            <li
              key={token.id}
              data-testid="api-token"
              data-state={state}
              className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <span className="break-words">{token.name}</span>
                  <code className="text-xs text-slate-500">{token.hint}…</code>
                  <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', tone[state])}>
                    {label[state]}
                  </span>
                </p>
                <p className="mt-1 flex flex-wrap gap-1">
                  {token.scopes.map((scope) => (
                    <code key={scope} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">
                      {scope}
                    </code>
                  ))}
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  Created {formatDate(token.createdAt)} by {token.createdBy}
                  {token.expiresAt && ` · expires ${formatDate(token.expiresAt)}`}
                  {token.revokedAt && ` · revoked ${formatDateTime(token.revokedAt)}`}
                </p>
                <p className="mt-1 text-xs text-slate-600" data-testid="api-token-last-use">
                  {lastUse(token)}
                </p>
              </div>
              {state !== 'revoked' && (
                <Button variant="secondary" className="px-3 py-1.5" aria-label={`Revoke ${token.name}`} onClick={() => setRevoking(token)}>
                  Revoke
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

/** Asks before revoking: integrations using the token stop at once. */
function RevokeDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    revoke.reset();
    onClose();
  };
  const confirm = async () => {
    if (!token) return;
    try {
      await revoke.mutateAsync({ id: token.id });
      toast.success(`${token.name} is revoked.`);
      close();
    } catch (error) {
      setFailure(apiErrorMessage(error, REVOKE_FAILED));
    }
  };
  return (
    <Dialog open={token !== null} title={`Revoke ${token?.name ?? ''}?`} onClose={close} busy={revoke.isPending}>
      <p className="mt-3 text-sm text-slate-700">Every integration using this token stops working at once. This cannot be undone.</p>
      {failure && <ErrorAlert className="mt-4">{failure}</ErrorAlert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={revoke.isPending}>
          Cancel
        </Button>
        <Button variant="danger" loading={revoke.isPending} onClick={() => void confirm()}>
          {revoke.isPending ? 'Revoking...' : 'Revoke token'}
        </Button>
      </div>
    </Dialog>
  );
}
