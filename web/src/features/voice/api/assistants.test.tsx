import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';

import { useAssistantList } from '@/lib/queries/assistants';
import type { Assistant } from '@/lib/queries/assistants';
import { json, mockFetch, seedSession } from '@/testing/fetch-mock';

import { useCreateAssistant } from './assistants';

const assistant = (id: string, name: string): Assistant => ({
  id,
  name,
  createdAt: '2026-11-24T09:00:00Z',
  updatedAt: '2026-11-24T09:00:00Z',
  model: { provider: 'openai', model: 'gpt-4o', temperature: 0.5, messages: [] },
  voice: { provider: '11labs', voiceId: 'v' },
  firstMessage: null,
  maxDurationSeconds: 1800,
  silenceTimeoutSeconds: 30,
  metadata: null,
  analysisPlan: { summary: true, structuredData: true, successEvaluation: true },
});

test('creating an assistant refreshes every list of assistants, the invite dialog’s included', async () => {
  seedSession();
  const stored = [assistant('a1', 'Ava')];
  mockFetch((call) => {
    if (call.method === 'POST') {
      stored.push(assistant('a2', 'Ben'));
      return json(200, { id: 'a2' });
    }
    return json(200, stored);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  // The invite dialog's view of the shared query: ids and names only.
  const options = renderHook(() => useAssistantList({ select: (all) => all.map(({ id, name }) => ({ id, name })) }), { wrapper });
  await waitFor(() => expect(options.result.current.data).toEqual([{ id: 'a1', name: 'Ava' }]));

  const create = renderHook(() => useCreateAssistant(), { wrapper });
  await act(() =>
    create.result.current.mutateAsync({
      assistantName: 'Ben',
      candidateName: 'Jane',
      role: 'Engineer',
      experience: '5 years',
      interviewTime: '30',
      topics: [],
      questions: [],
      tools: [],
    }),
  );

  await waitFor(() =>
    expect(options.result.current.data).toEqual([
      { id: 'a1', name: 'Ava' },
      { id: 'a2', name: 'Ben' },
    ]),
  );
});
