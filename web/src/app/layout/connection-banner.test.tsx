import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { api, data } from '@/lib/api-client';
import { reportAnswer } from '@/lib/connection';
import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { ConnectionBanner, UNREACHABLE } from './connection-banner';

function Folders() {
  const folders = useQuery({ queryKey: ['folders'], queryFn: () => data(api.GET('/Drive/JDFolders')), retry: false });
  return <p>{folders.data ? 'Folders loaded' : folders.isError ? 'Folders failed' : 'Loading'}</p>;
}

describe('ConnectionBanner', () => {
  afterEach(() => reportAnswer(200));

  it('says the server cannot be reached, marks what is shown as old, and Retry asks again until it answers', async () => {
    seedSession();
    let down = true;
    const { calls } = mockFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return json(200, []);
    });
    const user = userEvent.setup();
    renderPage(
      <>
        <ConnectionBanner />
        <Folders />
      </>,
    );

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(UNREACHABLE);
    expect(screen.getByTestId('stale-note')).toHaveTextContent('Nothing could be loaded yet.');
    expect(await screen.findByText('Folders failed')).toBeInTheDocument();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Folders loaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it('names when the data on screen was loaded', () => {
    reportAnswer(200, Date.parse('2026-11-27T09:41:00Z'));
    reportAnswer(null);
    renderPage(<ConnectionBanner />);
    expect(screen.getByTestId('stale-note').textContent).toMatch(/^What you see was loaded at 9:41\sAM and may be out of date\.$/);
  });
});
