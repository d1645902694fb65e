import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { json, seedSession } from '@/testing/fetch-mock';
import type { RecordedCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import { pipelineServer } from '../testing/fixtures';
import { DecisionDialog } from './decision-dialog';
import type { DecisionDialogProps } from './decision-dialog';

const ASHA = { resumeId: 11, name: 'Asha Rao', fromStage: 'interviewed' as const };
const BEA = { resumeId: 12, name: 'Bea Lim', fromStage: 'screened' as const };

function open(props: Partial<DecisionDialogProps> = {}) {
  const onClose = vi.fn();
  const onMoved = vi.fn();
  const view = renderPage(<DecisionDialog stage="rejected" candidates={[ASHA]} onClose={onClose} onMoved={onMoved} {...props} />);
  return { ...view, onClose, onMoved };
}

const moves = (calls: RecordedCall[]) => calls.filter((call) => call.url === '/api/Pipeline/Move');

describe('DecisionDialog', () => {
  it('needs a reason before a rejection can be confirmed, and sends it trimmed', async () => {
    seedSession();
    const { calls } = pipelineServer();
    const user = userEvent.setup();
    const { onClose, onMoved } = open();

    const dialog = await screen.findByRole('dialog', { name: 'Reject Asha Rao' });
    expect(dialog).toHaveTextContent('Asha Rao moves from Interviewed to Rejected.');
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm).toBeDisabled();
    const reason = within(dialog).getByLabelText(/^Reason/);
    expect(reason).toHaveFocus();
    await user.type(reason, '   ');
    expect(confirm).toBeDisabled();
    await user.type(reason, 'Chose a candidate with more Rust  ');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(moves(calls).map((call) => call.body)).toEqual([
      { candidates: [{ resumeId: 11, fromStage: 'interviewed' }], stage: 'rejected', reason: 'Chose a candidate with more Rust' },
    ]);
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Asha Rao moved to Rejected.')).toBeInTheDocument();
  });

  it("shows the template, then the server's preview before confirming, and sends the edited e-mail", async () => {
    seedSession();
    const { calls } = pipelineServer();
    const user = userEvent.setup();
    const { onMoved } = open();

    const dialog = await screen.findByRole('dialog', { name: 'Reject Asha Rao' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Not enough Rust');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send an e-mail to the candidate' }));

    const subject = await within(dialog).findByLabelText(/^Subject/);
    expect(subject).toHaveValue('Your application for {{jobTitle}}');
    const body = within(dialog).getByLabelText(/^Message/);
    expect(body).toHaveValue('Dear {{candidateName}},\n\nWe will not move forward.');
    // Nothing goes before the preview of the current text is shown.
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    const preview = await within(dialog).findByRole('region', { name: 'E-mail preview' });
    await waitFor(() => expect(within(preview).getByTestId('preview-subject')).toHaveTextContent('Your application for Rust Engineer'));
    expect(within(preview).getByTestId('preview-to')).toHaveTextContent('r11@example.com');
    expect(within(preview).getByTestId('preview-body')).toHaveTextContent('Dear Asha Rao, We will not move forward.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled());

    await user.clear(subject);
    // user-event reads '{{' as one literal '{'.
    await user.type(subject, 'About {{{{jobTitle}}');
    // Editing makes the preview stale until the new text is rendered.
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByTestId('preview-subject')).toHaveTextContent('About Rust Engineer'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled());
    const previews = calls.filter((call) => call.url === '/api/Pipeline/EmailPreview');
    expect(previews.at(-1)!.body).toEqual({
      resumeId: 11,
      subject: 'About {{jobTitle}}',
      body: 'Dear {{candidateName}},\n\nWe will not move forward.',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(moves(calls)[0]!.body).toEqual({
      candidates: [{ resumeId: 11, fromStage: 'interviewed' }],
      stage: 'rejected',
      reason: 'Not enough Rust',
      email: { subject: 'About {{jobTitle}}', body: 'Dear {{candidateName}},\n\nWe will not move forward.' },
    });
    expect(await screen.findByText('Asha Rao moved to Rejected. 1 e-mail sent.')).toBeInTheDocument();
  });

  it("shows the server's refusal of an unknown variable in the preview and keeps Confirm disabled", async () => {
    seedSession();
    pipelineServer({
      preview: () =>
        json(400, { message: 'Unknown variable {{salary}}: use {{candidateName}} or {{jobTitle}}.', code: 'invalid_template' }),
    });
    const user = userEvent.setup();
    open({ stage: 'shortlisted', emailByDefault: true });
    const dialog = await screen.findByRole('dialog', { name: 'Move Asha Rao to Shortlisted' });
    expect(within(dialog).getByRole('checkbox', { name: 'Send an e-mail to the candidate' })).toBeChecked();
    expect(within(dialog).queryByLabelText(/^Reason/)).not.toBeInTheDocument();
    expect(await within(dialog).findByLabelText(/^Subject/)).toHaveValue('Next steps for {{jobTitle}}');
    expect(await within(dialog).findByText(/Unknown variable \{\{salary\}\}/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move to Shortlisted' })).toBeDisabled();
    // Unticking the e-mail makes it a plain move again.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send an e-mail to the candidate' }));
    expect(within(dialog).getByRole('button', { name: 'Move to Shortlisted' })).toBeEnabled();
  });

  it('previews the first of several candidates and moves them all from the stage each was seen in', async () => {
    seedSession();
    const { calls } = pipelineServer();
    const user = userEvent.setup();
    const { onMoved } = open({ candidates: [ASHA, BEA], emailByDefault: true });
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 candidates' });
    expect(within(dialog).getByRole('checkbox', { name: 'Send an e-mail to each candidate' })).toBeChecked();
    expect(await within(dialog).findByText('The preview shows the e-mail Asha Rao gets.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Role filled');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    const body = moves(calls)[0]!.body as { candidates: unknown };
    expect(body.candidates).toEqual([
      { resumeId: 11, fromStage: 'interviewed' },
      { resumeId: 12, fromStage: 'screened' },
    ]);
    expect(await screen.findByText('2 candidates moved to Rejected. 2 e-mails sent.')).toBeInTheDocument();
  });

  it('keeps a refused move in the dialog, and closes with an error toast when a stage changed meanwhile', async () => {
    seedSession();
    let conflict = false;
    pipelineServer({
      move: () =>
        conflict
          ? json(409, {
              message: 'This candidate was moved to Shortlisted meanwhile. Refresh to see the latest.',
              code: 'stage_changed',
              resumeId: 11,
              currentStage: 'shortlisted',
            })
          : json(400, { message: 'Asha Rao A candidate in Hired cannot move to Rejected.', code: 'invalid_stage_move' }),
    });
    const user = userEvent.setup();
    const { onClose, onMoved } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Reject Asha Rao' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Asha Rao A candidate in Hired cannot move to Rejected.');
    expect(onClose).not.toHaveBeenCalled();

    conflict = true;
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This candidate was moved to Shortlisted meanwhile. Refresh to see the latest.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(onMoved).not.toHaveBeenCalled();
  });
});
