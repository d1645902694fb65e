import { Card } from '@/components/candidate-page/candidate-page';
import { CheckIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';

import { HeadphonesIcon, MicIcon, VideoIcon } from '../components/icons';

const sections = [
  {
    title: 'Before the interview',
    Icon: HeadphonesIcon,
    items: [
      'Find a quiet, well-lit room where you will not be interrupted.',
      'Use a headset or earphones with a microphone, so the interviewer hears you clearly and without echo.',
      'Use a laptop or desktop with a stable internet connection; keep it plugged in.',
      'Open the link in an up-to-date Chrome, Edge, Firefox or Safari.',
      'Allow the browser to use your microphone, and close other apps that may be using it.',
    ],
  },
  {
    title: 'During the interview',
    Icon: MicIcon,
    items: [
      'The interview is a conversation with an AI interviewer and lasts about 15 minutes.',
      'Speak clearly and at a natural pace, and let the interviewer finish each question before you answer.',
      'If you did not hear a question, ask the interviewer to repeat it.',
      'Answer in your own words, without notes, other people or other tools.',
      'Do not refresh or close the page until the interview has ended.',
    ],
  },
  {
    title: 'Joining on time',
    Icon: VideoIcon,
    items: [
      'The interview link is enabled 5 minutes before your scheduled time.',
      'The link is disabled 30 minutes after the scheduled time.',
      'If you cannot make it, reschedule from your invitation link before the application deadline.',
      'For any other problem, contact the HR team.',
    ],
  },
];

/** `/interviewguidelines` (SPEC section 2): the logo and static guidance for candidates. */
export function GuidelinesRoute() {
  return (
    <div className="min-h-full bg-gradient-to-b from-brand-50/70 via-slate-50 to-slate-50 px-4 py-10 sm:px-8">
      <title>Interview Guidelines · Hirelane</title>
      <main className="mx-auto w-full max-w-3xl">
        <div className="flex justify-center">
          <Logo />
        </div>
        <h1 id="page-title" className="mt-8 text-center text-3xl font-semibold tracking-tight text-slate-900">
          Interview Guidelines
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-center text-slate-600">
          A few minutes of preparation help you give your best answers. Please read these before you join.
        </p>
        <div className="mt-8 space-y-5">
          {sections.map(({ title, Icon, items }, index) => (
            <Card key={title} aria-labelledby={`guidelines-${index}`}>
              <h2 id={`guidelines-${index}`} className="flex items-center gap-3 text-lg font-semibold text-slate-900">
                <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
                  <Icon />
                </span>
                {title}
              </h2>
              <ul className="mt-4 space-y-3">
                {items.map((item) => (
                  <li key={item} className="flex items-start gap-3 text-slate-700">
                    <CheckIcon width={18} height={18} className="mt-0.5 shrink-0 text-green-600" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-slate-500">Good luck with your interview!</p>
      </main>
    </div>
  );
}

export { GuidelinesRoute as Component };
