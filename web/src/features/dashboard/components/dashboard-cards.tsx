import type { ReactNode } from 'react';

import { cn } from '@/components/ui/cn';

import type { DashboardRecord } from '../api/get-dashboard';

type Stat = { key: string; label: string; value: number };

/** The Hiring Overview rows of SPEC section 2, in the spec's order. */
export function overviewStats(record: DashboardRecord): Stat[] {
  return [
    { key: 'resumes-uploaded', label: 'Resumes Uploaded', value: record.ResumesUploaded },
    { key: 'invites-sent', label: 'Invites Sent', value: record.TotalInviteSent },
    { key: 'meetings-scheduled', label: 'Meetings Scheduled', value: record.MeetingsScheduled },
    { key: 'bot-joined', label: 'Bot Joined', value: record.BotJoined },
    { key: 'needs-review', label: 'Needs Review', value: record.NeedsReviewCandidates },
    { key: 'qualified-candidates', label: 'Qualified Candidates', value: record.PassCandidates },
  ];
}

/** A bar's width in percent of the largest value; all zeros draw no bars. */
export function relativeWidth(value: number, max: number): number {
  return max > 0 ? Math.round((value / max) * 1000) / 10 : 0;
}

function Card({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn('rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200', className)}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const barTones = ['bg-brand-500', 'bg-sky-500', 'bg-teal-500', 'bg-violet-500', 'bg-amber-500', 'bg-emerald-500'];

function HiringOverview({ record }: { record: DashboardRecord }) {
  const stats = overviewStats(record);
  const max = Math.max(0, ...stats.map((stat) => stat.value));
  return (
    <Card id="hiring-overview" title="Hiring Overview" className="lg:col-span-2 lg:row-span-2">
      <dl className="mt-5 space-y-4">
        {stats.map((stat, index) => (
          // dt and dd sit directly in the group (axe's definition-list rule); the grid lays the
          // label and number on one line and the bar under both.
          <div key={stat.key} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 text-sm">
            <dt className="font-medium text-slate-700">{stat.label}</dt>
            <dd data-testid={`dashboard-${stat.key}`} className="font-semibold tabular-nums text-slate-900">
              {stat.value.toLocaleString()}
            </dd>
            {/* The number above is the accessible value; the bar only compares it with the others. */}
            <dd aria-hidden="true" className="col-span-2 mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100">
              <div
                data-testid={`dashboard-${stat.key}-bar`}
                className={cn('h-full rounded-full transition-[width]', barTones[index % barTones.length])}
                style={{ width: `${relativeWidth(stat.value, max)}%` }}
              />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Tiles({ stats, highlight }: { stats: Stat[]; highlight?: string }) {
  return (
    <dl className="mt-4 grid grid-cols-3 gap-2">
      {stats.map((stat) => (
        // The label follows the number in the markup (dt before dd) but shows under it; a reversed
        // column packs from the bottom, so justify-end keeps every number on the top line even
        // when one label ("Total Interviews") wraps.
        <div
          key={stat.key}
          className={cn(
            'flex min-w-0 flex-col-reverse justify-end rounded-lg px-2 py-3 text-center',
            stat.key === highlight ? 'bg-brand-50 ring-1 ring-inset ring-brand-200' : 'bg-slate-50',
          )}
        >
          <dt className="mt-1 text-xs font-medium leading-tight text-slate-600">{stat.label}</dt>
          <dd data-testid={`dashboard-${stat.key}`} className="whitespace-nowrap text-2xl font-semibold tabular-nums text-slate-900">
            {stat.value.toLocaleString()}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The three dashboard cards of SPEC section 2. */
export function DashboardCards({ record }: { record: DashboardRecord }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <HiringOverview record={record} />
      <Card id="today-summary" title="Today's Interview Summary">
        <Tiles
          stats={[
            { key: 'total-interviews', label: 'Total Interviews', value: record.TotalToday },
            { key: 'interviewed', label: 'Interviewed', value: record.InterviewedToday },
            { key: 'remaining', label: 'Remaining', value: record.RemainingToday },
          ]}
        />
      </Card>
      <Card id="interview-timeline" title="Interview Timeline Overview">
        <Tiles
          highlight="today"
          stats={[
            { key: 'yesterday', label: 'Yesterday', value: record.YesterdayCount },
            { key: 'today', label: 'Today', value: record.TotalToday },
            { key: 'tomorrow', label: 'Tomorrow', value: record.TomorrowCount },
          ]}
        />
      </Card>
    </div>
  );
}

/** Placeholders in the cards' shape while the counts load. */
export function DashboardSkeleton() {
  return (
    <div
      data-testid="dashboard-skeleton"
      role="status"
      aria-busy="true"
      aria-label="Loading dashboard"
      className="grid gap-4 lg:grid-cols-3"
    >
      <div className="space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2 lg:row-span-2">
        <div className="h-5 w-40 animate-pulse rounded bg-slate-200" />
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="space-y-2">
            <div className="h-3.5 w-1/3 animate-pulse rounded bg-slate-200" />
            <div className="h-2.5 animate-pulse rounded-full bg-slate-100" />
          </div>
        ))}
      </div>
      {[0, 1].map((card) => (
        <div key={card} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div className="h-5 w-48 animate-pulse rounded bg-slate-200" />
          <div className="mt-4 grid grid-cols-3 gap-2">
            {[0, 1, 2].map((tile) => (
              <div key={tile} className="h-16 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
