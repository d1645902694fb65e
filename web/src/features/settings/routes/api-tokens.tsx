import { useState } from 'react';

import { SettingsTabs } from '@/components/settings/settings-tabs';
import { Button } from '@/components/ui/button';
import { ListState } from '@/components/ui/list-state';
import { PageFrame } from '@/components/ui/page-frame';
import { useMe } from '@/lib/queries/me';
import { useLogError } from '@/lib/use-log-error';

import { useApiTokens } from '../api/api-tokens';
import { ApiTokensList } from '../components/api-tokens-list';
import { CreateApiTokenDialog } from '../components/create-api-token-dialog';

export const TOKENS_FAILED = 'The API tokens could not be loaded.';
export const TOKENS_EMPTY = 'No API tokens yet. Create one for each integration that reads Hirelane.';
export const ADMINS_ONLY = 'Only admins can manage API tokens.';

/**
 * Settings › API tokens (/settings/api-tokens, admins): integrations' tokens with their scopes,
 * expiry and last use; New token shows a secret once; Revoke stops one at once.
 */
export function ApiTokensRoute() {
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const tokens = useApiTokens({ enabled: isAdmin });
  const [creating, setCreating] = useState(false);
  useLogError(tokens.error, 'Failed to load the API tokens');

  return (
    <PageFrame title="Settings" description="Tokens that let other systems use the API.">
      <title>API tokens · Settings · Hirelane</title>
      <SettingsTabs />
      <div className="mt-6 space-y-4">
        {me.data && !isAdmin ? (
          <p className="text-sm text-slate-600">{ADMINS_ONLY}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="max-w-2xl text-sm text-slate-600">
                Each token holds only the scopes you choose; the API's documentation says which scope each call needs. Team, templates and
                settings are never reachable with a token.
              </p>
              <Button onClick={() => setCreating(true)}>New token</Button>
            </div>
            <ListState
              query={tokens}
              loading={<div aria-busy="true" aria-label="Loading the API tokens" className="h-40 animate-pulse rounded-xl bg-slate-100" />}
              errorMessage={TOKENS_FAILED}
              isEmpty={(tokens.data ?? []).length === 0}
              empty={
                <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-600">
                  {TOKENS_EMPTY}
                </p>
              }
            >
              <ApiTokensList tokens={tokens.data ?? []} />
            </ListState>
            <CreateApiTokenDialog open={creating} onClose={() => setCreating(false)} />
          </>
        )}
      </div>
    </PageFrame>
  );
}

export { ApiTokensRoute as Component };
