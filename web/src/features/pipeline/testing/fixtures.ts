/** A fake pipeline server for the unit tests: board, templates, preview and moves. */
import type { EmailTemplate } from '@/lib/queries/email-templates';
import { STAGES, isSystemStage, stageLabel } from '@/lib/stages';
import type { Stage } from '@/lib/stages';
import { json, mockFetch } from '@/testing/fetch-mock';
import type { Handler } from '@/testing/fetch-mock';

import type { Board, BoardCard, MoveBody } from '../api/types';

/** A card; where the system's steps put the candidate is their stage if the system chose it, else Screened. */
export function card(resumeId: number, candidateName: string, stage: Stage, extra: Partial<BoardCard> = {}): BoardCard {
  return {
    resumeId,
    candidateName,
    candidateEmail: `${candidateName.split(' ')[0]!.toLowerCase()}@example.com`,
    atsScore: 72,
    source: 'uploaded',
    recommendation: 'Pass',
    interviewStatus: null,
    stage,
    systemStage: isSystemStage(stage) ? stage : 'screened',
    stageReason: null,
    stageChangedAt: null,
    callId: null,
    ...extra,
  };
}

/** A board of these cards, with `counts` overriding a column's count (more than its cards). */
export function board(cards: BoardCard[], counts: Partial<Record<Stage, number>> = {}): Board {
  const columns = STAGES.map((stage) => {
    const inColumn = cards.filter((c) => c.stage === stage);
    return { stage, label: stageLabel(stage), count: counts[stage] ?? inColumn.length, cards: inColumn };
  });
  return { jobDescId: 7, jdid: 'jd-7', jdname: 'Rust Engineer', total: columns.reduce((sum, c) => sum + c.count, 0), columns };
}

export const TEMPLATES: EmailTemplate[] = [
  {
    kind: 'rejection',
    subject: 'Your application for {{jobTitle}}',
    body: 'Dear {{candidateName}},\n\nWe will not move forward.',
    updatedAt: null,
    updatedBy: null,
  },
  {
    kind: 'advance',
    subject: 'Next steps for {{jobTitle}}',
    body: 'Dear {{candidateName}},\n\nGood news.',
    updatedAt: null,
    updatedBy: null,
  },
];

/** Fills the variables the way the server does, for the preview. */
export const render = (text: string, name: string) =>
  text.replaceAll('{{candidateName}}', name).replaceAll('{{jobTitle}}', 'Rust Engineer');

export type PipelineServer = {
  board?: Handler;
  move?: Handler;
  preview?: Handler;
  other?: Handler;
};

/** Answers the pipeline endpoints; a move succeeds for everyone unless `move` says otherwise. */
export function pipelineServer({ board: boardHandler, move, preview, other }: PipelineServer = {}) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/Pipeline/Board' && boardHandler) return boardHandler(call);
    if (url.pathname === '/api/Settings/EmailTemplates') return json(200, TEMPLATES);
    if (url.pathname === '/api/Pipeline/EmailPreview') {
      if (preview) return preview(call);
      const body = call.body as { resumeId: number; subject: string; body: string };
      return json(200, {
        to: `r${body.resumeId}@example.com`,
        subject: render(body.subject, 'Asha Rao'),
        body: render(body.body, 'Asha Rao'),
      });
    }
    if (url.pathname === '/api/Pipeline/Move') {
      if (move) return move(call);
      const body = call.body as MoveBody;
      return json(200, {
        moved: body.candidates.map(({ resumeId }) => ({ resumeId, stage: body.stage, inviteCancelled: false })),
        emailsSent: body.email ? body.candidates.length : 0,
        notEmailed: [],
      });
    }
    if (other) return other(call);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
}
