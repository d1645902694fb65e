/**
 * The evidence behind an interview's verdict, shared by the call analysis page and the
 * candidate analysis section: why the status is what it is, the recording, our grader's grade of
 * every answer, every scripted question with its score, and the conversation turn by turn (the
 * overall scores are `InterviewScores`, which the pages put first). Clicking a turn (or a
 * question's link to one) seeks the recording there; while it plays, the turn being spoken is
 * marked. The words the grader quotes are marked in the turns, and clicking a quote goes to them.
 * Beside the transcript, the conduct log: what the interview page saw, with its summary.
 */
import { useId, useRef, useState } from 'react';

import { AudioPlayer, formatAudioTime } from '@/components/ui/audio-player';
import { cn } from '@/components/ui/cn';
import type { InterviewAnalysis } from '@/lib/queries/interview-analysis';

import { ConductTimeline } from './conduct-log';
import { QuestionGrades } from './question-grades';
import type { OnQuote } from './question-grades';
import { quotedRanges } from './quotes';
import { TranscriptTurns, turnElementId } from './transcript';
import type { Seek } from './transcript';
import type { Integrity, QuestionEvidence, Turn, Verdict } from './types';
import { activeTurn, coverageText, isHeuristicScore, scoredByHeuristics } from './turns';

/**
 * The status's rule in a sentence, the evidence's completeness and what is missing; for an
 * interview scored by heuristics, what those scores are and that a person decides.
 */
export function VerdictPanel({
  verdict,
  integrity,
  coverage,
  questions,
}: Pick<InterviewAnalysis, 'verdict' | 'integrity' | 'coverage' | 'questions'>) {
  const blocking = verdict.gaps.filter((gap) => BLOCKING.has(gap.kind));
  const partial = verdict.gaps.filter((gap) => !BLOCKING.has(gap.kind));
  return (
    <div data-testid="verdict" className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 className="text-sm font-semibold text-slate-900">Why {verdict.status}</h3>
      <p className="text-sm text-slate-700">{verdict.explanation}</p>
      {scoredByHeuristics(questions) && (
        <p
          role="note"
          data-testid="heuristic-note"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <span className="font-semibold">Scored without a language model.</span> Each answer&rsquo;s 1-5 score counts only its length and
          the topics it names, not whether it is right, so this interview has no overall scores and no verdict of its own: read the answers
          or listen to the recording, then decide.
        </p>
      )}
      <IntegrityNotice integrity={integrity} />
      <p className="text-sm text-slate-700">
        <span className={cn('font-medium', verdict.evidenceComplete ? 'text-green-700' : 'text-yellow-800')}>
          {verdict.evidenceComplete ? 'Evidence complete' : 'Evidence incomplete'}
        </span>
        {coverage.total > 0 && <> · {coverageText(coverage)}</>}
      </p>
      {blocking.length > 0 && (
        <ul aria-label="Missing evidence" className="list-disc pl-5 text-sm text-yellow-900">
          {blocking.map((gap) => (
            <li key={gap.kind}>{gap.message}</li>
          ))}
        </ul>
      )}
      {partial.length > 0 && (
        <div role="note" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <p className="font-medium">Partial analysis</p>
          <ul className="list-disc pl-5">
            {partial.map((gap) => (
              <li key={gap.kind}>{gap.message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Gaps that keep the interview from a verdict (server: `GapKind::blocks`). */
const BLOCKING = new Set<Verdict['gaps'][number]['kind']>(['questionsNotAsked', 'callTooShort', 'noTranscript', 'integrityFailed']);

function IntegrityNotice({ integrity }: { integrity: Integrity }) {
  if (integrity.status !== 'failed') return null;
  return (
    <div role="alert" data-testid="integrity-failed" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      <p className="font-semibold">This call was changed from outside and is not scored.</p>
      {integrity.detail && <p>{integrity.detail}</p>}
    </div>
  );
}

function TurnLink({ index, turns, label, onSeek }: { index: number | null; turns: Turn[]; label: string; onSeek: Seek }) {
  const turn = index === null ? undefined : turns[index];
  if (index === null || turn?.startSeconds == null) return null;
  return (
    <button type="button" onClick={() => onSeek(index)} className="text-xs font-medium text-brand-700 hover:underline">
      {label} at {formatAudioTime(turn.startSeconds)}
    </button>
  );
}

/** Every scripted question: asked or not, the answer quoted, its 1-5 score and why. */
export function QuestionBreakdown({ questions, turns, onSeek }: { questions: QuestionEvidence[]; turns: Turn[]; onSeek: Seek }) {
  if (questions.length === 0) return null;
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 className="text-sm font-semibold text-slate-900">Questions</h3>
      <ol aria-label="Questions" className="mt-2 divide-y divide-slate-100">
        {questions.map((q) => (
          <li key={q.number} data-testid="question" className="py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium text-slate-900">
                {q.number}. {q.question}
              </p>
              <span className="flex shrink-0 items-baseline gap-2">
                {isHeuristicScore(q) && (
                  <span
                    data-testid="heuristic-label"
                    className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-200"
                  >
                    Heuristic
                  </span>
                )}
                <span data-testid="question-score" className="font-semibold tabular-nums text-slate-900">
                  {q.score === null ? '—' : `${q.score}/5`}
                </span>
              </span>
            </div>
            {q.asked ? (
              <>
                {q.answerExcerpt && (
                  <blockquote className="mt-1 border-l-2 border-slate-200 pl-2 text-slate-700">“{q.answerExcerpt}”</blockquote>
                )}
                {q.justification && <p className="mt-1 text-slate-600">{q.justification}</p>}
                <p className="mt-1 flex gap-3">
                  <TurnLink index={q.questionTurn} turns={turns} label="Asked" onSeek={onSeek} />
                  <TurnLink index={q.answerTurn} turns={turns} label="Answered" onSeek={onSeek} />
                </p>
              </>
            ) : (
              <p className="mt-1 text-yellow-800">Not asked.</p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The verdict, the recording, the answer grades, the questions, the turns and the conduct log of one interview. */
export function InterviewEvidence({ analysis }: { analysis: InterviewAnalysis }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const turnIds = useId();
  const [time, setTime] = useState<number | null>(null);
  // Older analyses and interviews the grader has not reached have no grading.
  const grading = analysis.grading ?? null;
  const seekTo = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setTime(seconds);
    // Playing is a convenience: a browser that refuses autoplay still shows the position.
    void Promise.resolve(audio.play()).catch(() => undefined);
  };
  const seek: Seek = (index) => {
    const start = analysis.turns[index]?.startSeconds;
    if (start != null) seekTo(start);
  };
  const showQuote: OnQuote = (quote) => {
    if (quote.seconds !== null) seekTo(quote.seconds);
    // Without a recording or a time the quote still leads to its words in the transcript.
    const turn = document.getElementById(turnElementId(turnIds, quote.turn));
    turn?.scrollIntoView?.({ block: 'nearest' });
    turn?.focus({ preventScroll: true });
  };
  return (
    <div className="space-y-4">
      <VerdictPanel verdict={analysis.verdict} integrity={analysis.integrity} coverage={analysis.coverage} questions={analysis.questions} />
      {analysis.audioLink ? (
        // A new recording link (they are signed and expire) starts a fresh player.
        <AudioPlayer key={analysis.audioLink} src={analysis.audioLink} audioRef={audioRef} onTime={setTime} />
      ) : (
        <p className="text-sm text-slate-500">No recording available.</p>
      )}
      {grading && <QuestionGrades grades={grading.questions} onQuote={showQuote} />}
      <QuestionBreakdown questions={analysis.questions} turns={analysis.turns} onSeek={seek} />
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <TranscriptTurns
          turns={analysis.turns}
          current={activeTurn(analysis.turns, time)}
          onSeek={seek}
          fallback={analysis.transcript}
          quoted={quotedRanges(grading)}
          idPrefix={turnIds}
        />
        <ConductTimeline events={analysis.conductEvents} summary={analysis.conductSummary} onSeek={seekTo} />
      </div>
    </div>
  );
}
