import { useEffect } from 'react';
import { Link } from 'react-router';

import { FolderIcon, PlusIcon, UsersIcon } from '@/components/ui/icons';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';

import { EMPTY_DASHBOARD, useDashboard } from '../api/get-dashboard';
import { useFunnels } from '../api/get-funnel';
import { DashboardCards, DashboardSkeleton } from '../components/dashboard-cards';
import { HiringFunnel } from '../components/hiring-funnel';

const shortcuts = [
  { to: paths.folders, title: 'JD Folders', text: 'Browse every job description and its resumes.', Icon: FolderIcon },
  { to: paths.create, title: 'Create New JD', text: 'Write a job description and start screening.', Icon: PlusIcon },
  { to: paths.candidates, title: 'Candidate List', text: 'See every candidate across your jobs.', Icon: UsersIcon },
];

/** The index route (SPEC section 2): hiring counts in three cards, the hiring funnel, then quick links. */
export function DashboardRoute() {
  const dashboard = useDashboard();
  // Asked after the counts (same component, so in this order).
  const funnels = useFunnels();

  // SPEC section 8: a failed fetch is only logged; the cards show zeros.
  useEffect(() => {
    if (dashboard.error) console.error('Failed to load the dashboard', dashboard.error);
  }, [dashboard.error]);

  useEffect(() => {
    if (funnels.error) console.error('Failed to load the hiring funnel', funnels.error);
  }, [funnels.error]);

  return (
    <PageFrame title="Welcome to Hirelane" description="Your hiring at a glance.">
      <title>Dashboard · Hirelane</title>

      <div className="mt-6">
        {dashboard.isPending ? <DashboardSkeleton /> : <DashboardCards record={dashboard.data ?? EMPTY_DASHBOARD} />}
      </div>

      <div className="mt-4">
        <HiringFunnel funnels={funnels.data} loading={funnels.isPending} failed={funnels.isError} />
      </div>

      <h2 className="mt-10 text-sm font-semibold uppercase tracking-wide text-slate-500">Quick links</h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shortcuts.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="w-fit rounded-lg bg-brand-50 p-2 text-brand-600 group-hover:bg-brand-100">
                <Icon />
              </span>
              <span className="mt-4 font-semibold text-slate-900">{title}</span>
              <span className="mt-1 text-sm text-slate-600">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

export { DashboardRoute as Component };
