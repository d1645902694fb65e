import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { AUDIT } from '../testing/fixtures';
import { FORBIDDEN, FairnessRoute, SELF_ID_OFF } from './fairness';

const ME = { email: 'admin@example.com', userFullName: 'Admin User', role: 'admin', reports: true };
const FOLDERS = [
  {
    jdid: 'jd-7',
    jdname: 'Platform Engineer',
    jobDescId: 7,
    createdOn: '2026-01-01T00:00:00Z',
    jddescription: '',
    keySkills: '',
    numberOfResumes: 0,
    resumesAnalyzed: 0,
  },
];

function server(audit: (call: RecordedCall) => ReturnType<typeof json> = () => json(200, AUDIT)) {
  return mockFetch((call) => {
    if (call.path === '/auth/me') return json(200, ME);
    if (call.path === '/Drive/JDFolders') return json(200, FOLDERS);
    if (call.path === '/Reports/BiasAudit') return audit(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}

const renderFairness = () => renderPage(<FairnessRoute />, { path: '/settings/fairness' });
const audits = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/Reports/BiasAudit');

afterEach(() => vi.restoreAllMocks());

describe('FairnessRoute', () => {
  it('shows the summary and, per step and dimension, each category’s figures with adverse rows badged', async () => {
    seedSession();
    server();
    renderFairness();
    const summary = await screen.findByTestId('audit-summary');
    expect(summary).toHaveTextContent('Data source' + AUDIT.dataSource);
    expect(summary).toHaveTextContent('CategoriesEEO-1 (sex and race/ethnicity)');
    expect(summary).toHaveTextContent('Scoring versionsats-2026.3');
    expect(summary).toHaveTextContent('Audit dateMar 2, 2026');

    const [recommendation, score] = screen.getAllByTestId('audit-step');
    expect(within(recommendation!).getByRole('heading', { name: 'ATS recommendation (Pass)' })).toBeInTheDocument();
    expect(recommendation).toHaveTextContent('Selection rate · 27 individuals');
    const sex = within(recommendation!).getByRole('table', { name: 'Sex, ATS recommendation (Pass)' });
    expect(
      within(sex)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Category', 'Count', 'Selection rate', 'Impact ratio', 'p-value', 'Status']);
    const rows = within(sex).getAllByTestId('audit-row');
    expect(rows.map((item) => Array.from(item.children, (cell) => cell.textContent))).toEqual([
      ['Female', '14', '50.0%', '1.00', '1.000', 'Reported'],
      ['Male', '9', '33.3%', '0.67', '0.432', 'ReportedBelow 4/5'],
      ['Non-binary', '1', '100.0%', '—', '—', 'Not enough data'],
    ]);
    expect(within(recommendation!).getByTestId('audit-unknown')).toHaveTextContent('Unknown: 3');

    expect(score).toHaveTextContent('Scoring rate · 27 individuals · median score 62');
    const race = within(score!).getByRole('table', { name: 'Race/ethnicity, ATS score' });
    expect(within(race).getByRole('columnheader', { name: 'Scoring rate' })).toBeInTheDocument();
    expect(within(race).getByTestId('audit-row')).toHaveTextContent('Asian2250.0%1.00< 0.001Reported');
  });

  it('audits again with the filters', async () => {
    seedSession();
    const { calls } = server();
    const user = userEvent.setup();
    renderFairness();
    await screen.findByTestId('audit-summary');
    await user.selectOptions(screen.getByLabelText('Job'), 'jd-7');
    await waitFor(() => expect(audits(calls).at(-1)?.url).toBe('/api/Reports/BiasAudit?jdId=jd-7'));
    expect(await screen.findByTestId('audit-summary')).toHaveTextContent('JobsPlatform Engineer');
  });

  it('downloads the CSV as bias-audit.csv through the API client', async () => {
    seedSession();
    const { calls } = server((call) =>
      call.query.get('format') === 'csv'
        ? { status: 200, body: 'step,measure', headers: { 'Content-Type': 'text/csv' } }
        : json(200, AUDIT),
    );
    // jsdom has no object URLs.
    const createObjectURL = vi.fn((_file: Blob | MediaSource) => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderFairness();
    await screen.findByTestId('audit-summary');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('bias-audit.csv');
    expect(link.href).toBe('blob:audit');
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toContain('step,measure');
    const csvCall = audits(calls).find((call) => call.query.get('format') === 'csv');
    expect(csvCall?.headers.authorization).toBe('Bearer access-1');
  });

  it('prints the page', async () => {
    seedSession();
    server();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = userEvent.setup();
    renderFairness();
    await screen.findByTestId('audit-summary');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says who may see it on 403, and that there is nothing to audit on 404', async () => {
    seedSession();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server(() => json(403, { code: 'forbidden', message: 'Forbidden' }));
    const { unmount } = renderFairness();
    expect(await screen.findByTestId('audit-refused')).toHaveTextContent(FORBIDDEN);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    unmount();

    server(() => json(404, { code: 'not_found', message: 'Self-identification is off.' }));
    renderFairness();
    expect(await screen.findByTestId('audit-refused')).toHaveTextContent(SELF_ID_OFF);
  });
});
