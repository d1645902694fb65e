import { Link } from 'react-router';

import { CalendarIcon, ClockIcon, SparklesIcon } from '@/components/ui/icons';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';

const cards = [
  {
    to: paths.interviewSchedule,
    title: 'Schedule Interview Call',
    text: 'Have an AI interviewer call a candidate at a set time.',
    Icon: CalendarIcon,
  },
  {
    to: paths.interviewHistory,
    title: 'Interview Call History',
    text: 'Completed interviews with their scores and analysis.',
    Icon: ClockIcon,
  },
  { to: paths.assistants, title: 'AI Assistants', text: 'Create and manage your AI interviewers.', Icon: SparklesIcon },
];

/** Interview hub (SPEC section 2): three cards. */
export function InterviewHubRoute() {
  return (
    <PageFrame title="Welcome to Voice AI Interview">
      <title>Voice AI Interview · Hirelane</title>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {cards.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="w-fit rounded-lg bg-brand-50 p-2 text-brand-600">
                <Icon />
              </span>
              <h2 className="mt-3 font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

export { InterviewHubRoute as Component };
