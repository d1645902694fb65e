import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { Card, CandidatePage, Notice } from '@/components/candidate-page/candidate-page';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { CheckIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { parseInstant } from '@/lib/date-time';

import { useNextStep } from '../api/next-step';
import { AiNotice } from '../components/ai-notice';
import { ConsentCheckbox } from '../components/consent-checkbox';
import { PhoneOffIcon, VideoIcon } from '../components/icons';
import { LevelMeter, MicCheck } from '../components/mic-check';
import { AutomatedInterviewConsent, InterviewerTurn } from '../components/selfhosted-interview';
import { CompletedView, NoDataView, WindowClosedView } from '../components/status-views';
import { useMicCheck } from '../hooks/use-mic-check';
import { useNow } from '../hooks/use-now';
import { useWebCall } from '../hooks/use-web-call';
import type { CallPhase } from '../hooks/use-web-call';
import { formatElapsed } from '../lib/join-window';
import { bookedTime } from '../lib/time-zones';

/** How long the ended state shows before the thank-you page. */
export const THANK_YOU_DELAY_MS = 3000;

export const JOIN_CONSENT_TEXT = 'I agree that this interview is recorded and analysed to assess my application.';

const tips = [
  'Sit in a quiet room and use a headset or earphones with a microphone.',
  'The interview lasts about 15 minutes. Speak clearly and let the interviewer finish each question.',
  'Keep this page open until the interview has ended.',
];

/** The phases of a call under way, shown in its status badge. */
type LivePhase = Exclude<CallPhase, 'idle' | 'failed' | 'consent'>;

const STATUS_TEXT: Record<LivePhase, string> = {
  requesting: 'Connecting…',
  connecting: 'Connecting to your interviewer…',
  'in-progress': 'Interview in progress',
  reconnecting: 'Reconnecting…',
  ended: 'Interview ended',
};

/**
 * `/interview/join/:inviteId`: the candidate's web call. Guidelines, a microphone check and
 * consent, then Join (POST /Interview/WebCall and the provider), the live call with its timer
 * and End, and finally /thank-you. The self-hosted interviewer first asks consent to an
 * automated, recorded interview, and then shows its questions and whose turn it is.
 */
export function JoinRoute() {
  const { inviteId = '' } = useParams();
  const nextStep = useNextStep(inviteId || null);
  const call = useWebCall(inviteId);
  const mic = useMicCheck();
  const navigate = useNavigate();
  const now = useNow(1000);
  const [consent, setConsent] = useState(false);
  const [automatedConsent, setAutomatedConsent] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);

  const live = call.phase === 'requesting' || call.phase === 'connecting' || call.phase === 'in-progress' || call.phase === 'reconnecting';

  useEffect(() => {
    if (call.phase !== 'ended') return;
    const timer = window.setTimeout(() => void navigate(paths.thankYou, { replace: true }), THANK_YOU_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [call.phase, navigate]);

  // Leaving the page drops the call: ask first while it is live.
  useEffect(() => {
    if (!live) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [live]);

  const join = () => {
    // The call takes the microphone; the test lets go of it first.
    mic.stop();
    void call.join();
  };

  const startAutomated = () => {
    mic.stop();
    void call.start();
  };

  const micCheck = <MicCheck status={mic.status} level={mic.level} onStart={() => void mic.start()} onStop={mic.stop} />;

  const frame = (children: ReactNode) => <CandidatePage title="Join your interview">{children}</CandidatePage>;

  if (!inviteId) return frame(<NoDataView />);
  // Before the candidate joins, an invite that has moved on shows where it is.
  if (call.phase === 'idle') {
    if (nextStep.isError && isApiError(nextStep.error) && nextStep.error.status === 404) return frame(<NoDataView />);
    if (nextStep.data?.showPageId === 3) return frame(<CompletedView />);
    if (nextStep.data?.showPageId === 4) return frame(<WindowClosedView jobName={nextStep.data.jdName} />);
  }

  const data = nextStep.data;
  const start = parseInstant(data?.interviewDateTime);
  const booked = start && bookedTime(start, data?.timeZoneName ?? null);
  const elapsed = call.startedAt === null ? 0 : (call.endedAt ?? Math.max(now, call.startedAt)) - call.startedAt;
  const inviteHref = `${paths.nextStep}?inviteId=${encodeURIComponent(inviteId)}`;

  return frame(
    <div className="space-y-6" data-testid="join-page">
      <header>
        {data && <p className="text-sm font-medium text-brand-700">{data.jdName}</p>}
        <h1 id="page-title" className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Join your interview
        </h1>
        {booked && (
          <p className="mt-2 text-slate-600">
            Scheduled for {booked.date} at {booked.time}.
          </p>
        )}
      </header>

      {call.phase === 'idle' || call.phase === 'failed' ? (
        <>
          {data?.showPageId === 1 && (
            <Notice tone="info">
              You have not chosen an interview time yet.{' '}
              <Link to={inviteHref} className="font-semibold underline">
                Choose a time
              </Link>
            </Notice>
          )}
          <div className="grid gap-6 md:grid-cols-2">
            <Card aria-labelledby="join-tips">
              <h2 id="join-tips" className="font-semibold text-slate-900">
                Before you join
              </h2>
              <ul className="mt-4 space-y-3">
                {tips.map((tip) => (
                  <li key={tip} className="flex items-start gap-3 text-sm text-slate-700">
                    <CheckIcon width={18} height={18} className="mt-0.5 shrink-0 text-green-600" />
                    {tip}
                  </li>
                ))}
              </ul>
              <Link
                to={paths.interviewGuidelines}
                target="_blank"
                rel="noopener"
                className="mt-4 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                Read all interview guidelines
              </Link>
            </Card>

            <Card className="space-y-6">
              {micCheck}
              <div className="space-y-4 border-t border-slate-100 pt-5">
                <AiNotice notice={nextStep.data?.notice} />
                <ConsentCheckbox checked={consent} onChange={setConsent}>
                  {JOIN_CONSENT_TEXT}
                </ConsentCheckbox>
                {call.error && (
                  <Notice tone="error">
                    <p className="font-medium">{call.error}</p>
                    <p className="mt-1">
                      <Link to={inviteHref} className="underline">
                        Back to your invite
                      </Link>{' '}
                      to see your interview time or reschedule.
                    </p>
                  </Notice>
                )}
                <Button onClick={join} disabled={!consent} fullWidth className="py-3 text-base" data-testid="join-call-button">
                  <VideoIcon />
                  {call.phase === 'failed' ? 'Try again' : 'Join Interview'}
                </Button>
              </div>
            </Card>
          </div>
        </>
      ) : call.phase === 'consent' ? (
        <AutomatedInterviewConsent
          notice={<AiNotice notice={nextStep.data?.notice} />}
          consent={automatedConsent}
          onConsent={setAutomatedConsent}
          micCheck={micCheck}
          onStart={startAutomated}
        />
      ) : (
        <Card className="text-center" aria-labelledby="call-status">
          <CallStatusBadge phase={call.phase} />
          <p
            role="timer"
            aria-label="Interview time"
            data-testid="call-elapsed"
            className="mt-6 text-5xl font-semibold tabular-nums tracking-tight text-slate-900"
          >
            {formatElapsed(elapsed)}
          </p>
          {call.interview && call.phase !== 'ended' && (
            <InterviewerTurn interview={call.interview} answerFinished={call.answerFinished} onFinishAnswer={call.finishAnswer} />
          )}
          {call.phase === 'in-progress' && call.hasLevel && (
            <div className="mx-auto mt-6 max-w-xs">
              <LevelMeter level={call.localLevel} label="Your microphone level" />
            </div>
          )}
          {call.error && (
            <Notice tone="error" className="mt-6">
              {call.error}
            </Notice>
          )}
          {call.phase === 'ended' ? (
            <div className="mt-6 space-y-2 text-sm text-slate-600">
              <p>Thank you. Taking you to the next page…</p>
              <Link to={paths.thankYou} replace className="font-medium text-brand-700 underline-offset-2 hover:underline">
                Continue
              </Link>
            </div>
          ) : (
            <div className="mt-8">
              <Button
                variant="danger"
                onClick={() => setConfirmEnd(true)}
                disabled={call.phase === 'requesting' || call.ending}
                loading={call.ending}
                className="px-8 py-3 text-base"
                data-testid="end-call-button"
              >
                <PhoneOffIcon />
                End Interview
              </Button>
            </div>
          )}
        </Card>
      )}

      <Dialog open={confirmEnd} title="End the interview?" onClose={() => setConfirmEnd(false)}>
        <p className="mt-2 text-sm text-slate-600">Are you sure you want to end the interview now?</p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirmEnd(false)} data-autofocus>
            Keep talking
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirmEnd(false);
              void call.end();
            }}
          >
            End now
          </Button>
        </div>
      </Dialog>
    </div>,
  );
}

function CallStatusBadge({ phase }: { phase: LivePhase }) {
  const connecting = phase === 'requesting' || phase === 'connecting' || phase === 'reconnecting';
  return (
    <p
      id="call-status"
      role="status"
      data-testid="call-status"
      data-state={phase}
      className={cn(
        'inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold',
        connecting && 'bg-amber-50 text-amber-800 ring-1 ring-amber-200',
        phase === 'in-progress' && 'bg-green-50 text-green-800 ring-1 ring-green-200',
        phase === 'ended' && 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
      )}
    >
      {connecting && <Spinner className="size-4" />}
      {phase === 'in-progress' && <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-green-500" />}
      {STATUS_TEXT[phase]}
    </p>
  );
}

export { JoinRoute as Component };
