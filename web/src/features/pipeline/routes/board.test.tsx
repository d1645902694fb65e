import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import type { Board, MoveBody } from '../api/types';
import { board, card, pipelineServer } from '../testing/fixtures';
import { BoardRoute } from './board';

const ASHA = card(11, 'Asha Rao', 'interviewed', { interviewStatus: 'Pass', callId: 'call-1', atsScore: 81 });
const BEA = card(12, 'Bea Lim', 'screened', { atsScore: 64 });
const CHEN = card(13, 'Chen Wu', 'rejected', { stageReason: 'Chose another candidate', atsScore: 40, recommendation: 'Fail' });

/** A server whose board reflects the moves it accepted. */
function liveServer(initial: Board['columns'][number]['cards'], counts: Parameters<typeof board>[1] = {}) {
  let cards = initial;
  return pipelineServer({
    board: (call) => {
      const url = new URL(call.url, 'http://x');
      const stage = url.searchParams.get('stage');
      if (stage) {
        const offset = Number(url.searchParams.get('offset'));
        const more = Array.from({ length: 2 }, (_, i) => card(100 + offset + i, `Extra ${offset + i}`, 'screened'));
        return json(200, { ...board([]), columns: [{ stage, label: 'Screened', count: counts.screened ?? 0, cards: more }] });
      }
      return json(200, board(cards, counts));
    },
    move: (call) => {
      const body = call.body as MoveBody;
      cards = cards.map((c) => (body.candidates.some((m) => m.resumeId === c.resumeId) ? { ...c, stage: body.stage } : c));
      return json(200, {
        moved: body.candidates.map(({ resumeId }) => ({ resumeId, stage: body.stage, inviteCancelled: false })),
        emailsSent: 0,
        notEmailed: [],
      });
    },
  });
}

const column = (stage: string) => screen.getAllByTestId('board-column').find((el) => el.dataset.stage === stage)!;
const count = (stage: string) => within(column(stage)).getByTestId('column-count');
const moves = (calls: RecordedCall[]) => calls.filter((call) => call.url === '/api/Pipeline/Move').map((call) => call.body);

function renderBoard() {
  return renderPage(<BoardRoute />, { path: '/jd/:jdid/board', at: '/jd/jd-7/board' });
}

describe('BoardRoute', () => {
  it('shows every stage with its count, the cards, and Show more for a longer column', async () => {
    seedSession();
    const { calls } = liveServer([ASHA, BEA, CHEN], { screened: 3 });
    const user = userEvent.setup();
    renderBoard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Rust Engineer' })).toBeInTheDocument();
    expect(screen.getByTestId('board-total')).toHaveTextContent('Board · 5 candidates');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Rust Engineer' })).toHaveAttribute('href', '/jd/jd-7');
    expect(within(trail).getByText('Board')).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByTestId('board-column').map((el) => within(el).getByRole('heading').textContent)).toEqual([
      'NewCandidates: 0',
      'ScreenedCandidates: 3',
      'InvitedCandidates: 0',
      'ScheduledCandidates: 0',
      'InterviewedCandidates: 1',
      'ShortlistedCandidates: 0',
      'OfferCandidates: 0',
      'HiredCandidates: 0',
      'RejectedCandidates: 1',
      'WithdrawnCandidates: 0',
    ]);
    const asha = within(column('interviewed')).getByTestId('board-card');
    expect(within(asha).getByRole('link', { name: 'Asha Rao' })).toHaveAttribute('href', '/candidate/analysis/11/call-1');
    expect(within(asha).getByTestId('card-score')).toHaveTextContent('81%');
    expect(within(asha).getByText('Pass')).toBeInTheDocument();
    expect(within(column('screened')).getByRole('link', { name: 'Bea Lim' })).toHaveAttribute('href', '/candidate/analysis/12/0');
    expect(within(column('rejected')).getByText('Chose another candidate')).toBeInTheDocument();

    // Screened shows 1 of 3: the next cards come from the column's own query.
    await user.click(within(column('screened')).getByRole('button', { name: 'Show more (2)' }));
    expect(await within(column('screened')).findByRole('link', { name: 'Extra 1' })).toBeInTheDocument();
    expect(within(column('screened')).getAllByTestId('board-card')).toHaveLength(3);
    expect(within(column('screened')).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/Pipeline/Board?jdId=jd-7&stage=screened&offset=1&limit=50')).toBe(true);
  });

  it('moves a card through its Move to… menu with the keyboard, then shows the new counts', async () => {
    seedSession();
    const { calls } = liveServer([ASHA, BEA]);
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Rust Engineer' });

    const button = screen.getByRole('button', { name: 'Move Asha Rao to…' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Move Asha Rao to' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Shortlisted', 'Offer', 'Rejected…', 'Withdrawn…', 'Shortlisted with e-mail…', 'Offer with e-mail…']);
    expect(within(menu).getByRole('menuitem', { name: 'Shortlisted' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');

    await waitFor(() => expect(count('shortlisted')).toHaveTextContent('1'));
    expect(count('interviewed')).toHaveTextContent('0');
    expect(moves(calls)).toEqual([{ candidates: [{ resumeId: 11, fromStage: 'interviewed' }], stage: 'shortlisted' }]);
    expect(await screen.findByText('Asha Rao moved to Shortlisted.')).toBeInTheDocument();
    // Bea (Screened) is offered only what the rules allow.
    await user.click(screen.getByRole('button', { name: 'Move Bea Lim to…' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Shortlisted', 'Rejected…', 'Withdrawn…', 'Shortlisted with e-mail…']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Bea Lim to…' })).toHaveFocus();
  });

  it('opens the decision dialog for Rejected… and moves after the reason is given', async () => {
    seedSession();
    const { calls } = liveServer([ASHA]);
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Move Asha Rao to…' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rejected…' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Asha Rao' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Salary expectations');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(count('rejected')).toHaveTextContent('1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(moves(calls)).toEqual([
      { candidates: [{ resumeId: 11, fromStage: 'interviewed' }], stage: 'rejected', reason: 'Salary expectations' },
    ]);
  });

  it('moves a dragged card to a column that accepts it, and ignores one that does not', async () => {
    seedSession();
    const { calls } = liveServer([ASHA]);
    renderBoard();
    const asha = await screen.findByTestId('board-card');
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };

    fireEvent.dragStart(asha, { dataTransfer });
    // Hired is not reachable from Interviewed: the drop is not accepted.
    const hired = column('hired');
    expect(fireEvent.dragOver(hired, { dataTransfer })).toBe(true);
    fireEvent.drop(hired, { dataTransfer });
    expect(moves(calls)).toEqual([]);

    const offer = column('offer');
    // A handled dragover is cancelled (returns false): the browser then allows the drop.
    expect(fireEvent.dragOver(offer, { dataTransfer })).toBe(false);
    fireEvent.drop(offer, { dataTransfer });
    await waitFor(() => expect(count('offer')).toHaveTextContent('1'));
    expect(moves(calls)).toEqual([{ candidates: [{ resumeId: 11, fromStage: 'interviewed' }], stage: 'offer' }]);
  });

  it('while a card is dragged, floats the stages it may go to, and a drop on one moves it', async () => {
    seedSession();
    const { calls } = liveServer([ASHA]);
    renderBoard();
    const asha = await screen.findByTestId('board-card');
    expect(screen.queryByTestId('drop-targets')).not.toBeInTheDocument();
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };

    fireEvent.dragStart(asha, { dataTransfer });
    const targets = screen.getAllByTestId('drop-target');
    expect(targets.map((target) => target.textContent)).toEqual(['Shortlisted', 'Offer', 'Rejected', 'Withdrawn']);
    const offer = targets.find((target) => target.dataset.stage === 'offer')!;
    expect(fireEvent.dragOver(offer, { dataTransfer })).toBe(false);
    fireEvent.drop(offer, { dataTransfer });
    await waitFor(() => expect(count('offer')).toHaveTextContent('1'));
    expect(moves(calls)).toEqual([{ candidates: [{ resumeId: 11, fromStage: 'interviewed' }], stage: 'offer' }]);
    expect(screen.queryByTestId('drop-targets')).not.toBeInTheDocument();
  });

  it('shows on each card how long it has been in its stage, how the candidate came and the next step', async () => {
    seedSession();
    const inStage = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    liveServer([{ ...BEA, stageChangedAt: inStage, source: 'csv' }]);
    renderBoard();
    const bea = await screen.findByTestId('board-card');
    expect(within(bea).getByTestId('card-age')).toHaveTextContent('In this stage for 3 days');
    expect(within(bea).getByTestId('card-source')).toHaveTextContent('Source: CSV');
    expect(within(bea).getByTestId('card-next')).toHaveTextContent('Next: Invite to interview');
  });

  it('offers a decided card back only to its system stage, by menu and by drop', async () => {
    seedSession();
    // Rejected after an invite went out: the way back is Invited, not the Screened its score suggests.
    const DEV = card(14, 'Dev Shah', 'rejected', { stageReason: 'No reply', systemStage: 'invited' });
    const { calls } = liveServer([DEV]);
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Move Dev Shah to…' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Invited']);
    await user.keyboard('{Escape}');

    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByTestId('board-card'), { dataTransfer });
    expect(fireEvent.dragOver(column('screened'), { dataTransfer })).toBe(true);
    expect(fireEvent.dragOver(column('invited'), { dataTransfer })).toBe(false);
    fireEvent.drop(column('invited'), { dataTransfer });
    await waitFor(() => expect(count('invited')).toHaveTextContent('1'));
    expect(moves(calls)).toEqual([{ candidates: [{ resumeId: 14, fromStage: 'rejected' }], stage: 'invited' }]);
  });

  it("shows the server's message and fetches the board again when a stage changed meanwhile", async () => {
    seedSession();
    let boards = 0;
    pipelineServer({
      board: () => {
        boards += 1;
        return json(200, board(boards === 1 ? [ASHA] : [{ ...ASHA, stage: 'shortlisted' }]));
      },
      move: () =>
        json(409, {
          message: 'This candidate was moved to Shortlisted meanwhile. Refresh to see the latest.',
          code: 'stage_changed',
          resumeId: 11,
          currentStage: 'shortlisted',
        }),
    });
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Move Asha Rao to…' }));
    await user.click(screen.getByRole('menuitem', { name: 'Offer' }));
    expect(await screen.findByText('This candidate was moved to Shortlisted meanwhile. Refresh to see the latest.')).toBeInTheDocument();
    await waitFor(() => expect(count('shortlisted')).toHaveTextContent('1'));
    expect(count('interviewed')).toHaveTextContent('0');
  });

  it('says so for an unknown JD', async () => {
    seedSession();
    pipelineServer({ board: () => json(404, { message: 'Invalid JD ID.', code: 'invalid_id' }) });
    renderBoard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid JD ID.');
  });
});
