/**
 * The join page's parts for the self-hosted interviewer: the consent to an automated, recorded
 * interview before the microphone opens, and the interviewer's turn while it runs.
 */
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';

import type { InterviewState, TurnState } from '../lib/interview-protocol';
import { progressText } from '../lib/interview-protocol';
import { Card } from '@/components/candidate-page/candidate-page';
import { ConsentCheckbox } from './consent-checkbox';
import { MicIcon } from './icons';

export const AUTOMATED_CONSENT_TEXT = 'I understand that this interview is automated and recorded, and I agree to take part.';

/** Before the interview starts: what it is, the consent, the microphone check and Start. */
export function AutomatedInterviewConsent({
  notice,
  consent,
  onConsent,
  micCheck,
  onStart,
}: {
  /** The notice about the automated steps, shown above the consent. */
  notice: ReactNode;
  consent: boolean;
  onConsent: (consent: boolean) => void;
  /** The page's microphone check. */
  micCheck: ReactNode;
  onStart: () => void;
}) {
  return (
    <Card className="space-y-6" aria-labelledby="automated-interview" data-testid="automated-consent">
      <div className="space-y-3 text-sm text-slate-700">
        <h2 id="automated-interview" className="text-lg font-semibold text-slate-900">
          An automated interview
        </h2>
        <p>
          A computer program, not a person, asks you the questions and listens to your answers. It speaks each question and shows it on the
          screen; answer out loud, and it moves on when you pause or press <q>I&rsquo;m done</q>.
        </p>
        <p>
          The interview is recorded: the questions, your voice and a written transcript of your answers are kept for the hiring team, who
          review them before any decision. Your voice is processed on our own servers and not sent to any other company.
        </p>
      </div>
      {micCheck}
      <div className="space-y-4 border-t border-slate-100 pt-5">
        {notice}
        <ConsentCheckbox checked={consent} onChange={onConsent}>
          {AUTOMATED_CONSENT_TEXT}
        </ConsentCheckbox>
        <Button onClick={onStart} disabled={!consent} fullWidth className="py-3 text-base" data-testid="start-interview-button">
          <MicIcon />
          Start interview
        </Button>
      </div>
    </Card>
  );
}

const TURN_TEXT: Record<TurnState, string> = {
  speaking: 'Speaking…',
  listening: 'Listening…',
  thinking: 'Thinking…',
};

const TURN_HINT: Record<TurnState, string> = {
  speaking: 'The interviewer is speaking.',
  listening: 'Answer now. The interviewer moves on when you pause, or press I’m done.',
  thinking: 'The interviewer is noting your answer.',
};

/** The interviewer's side of the call: where it is, what it asks, and whose turn it is. */
export function InterviewerTurn({
  interview,
  answerFinished,
  onFinishAnswer,
}: {
  interview: InterviewState;
  answerFinished: boolean;
  onFinishAnswer: () => void;
}) {
  const progress = progressText(interview.step, interview.steps);
  const turn = interview.turn;
  return (
    <div className="mx-auto mt-6 max-w-xl space-y-4 text-left" data-testid="interviewer-turn">
      {progress && (
        <p className="text-center text-sm font-medium text-brand-700" data-testid="interview-progress">
          {progress}
        </p>
      )}
      {interview.caption && (
        <figure className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
          <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-600">Interviewer</figcaption>
          <blockquote className="mt-1 text-base text-slate-900" data-testid="interview-caption">
            {interview.caption}
          </blockquote>
        </figure>
      )}
      {/* Polite: a screen reader says whose turn it is without cutting into the question. */}
      <div role="status" aria-live="polite" className="text-center" data-testid="turn-state" data-state={turn ?? 'waiting'}>
        {turn && (
          <>
            <p
              className={cn(
                'inline-flex items-center gap-2 text-lg font-semibold',
                turn === 'listening' ? 'text-green-700' : 'text-slate-800',
              )}
            >
              {turn === 'listening' && <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-green-500" />}
              {turn === 'thinking' && <Spinner className="size-4" />}
              {TURN_TEXT[turn]}
            </p>
            <p className="mt-1 text-sm text-slate-600">{TURN_HINT[turn]}</p>
          </>
        )}
      </div>
      {turn === 'listening' && (
        <div className="text-center">
          <Button onClick={onFinishAnswer} disabled={answerFinished} className="px-8" data-testid="answer-done-button">
            I&rsquo;m done
          </Button>
        </div>
      )}
    </div>
  );
}
