import { Link } from 'react-router';

import { cn } from '@/components/ui/cn';
import { FilterIcon } from '@/components/ui/icons';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/date-time';

type Status = 'active' | 'draft' | 'archived';

/** The spec's static sample list (SPEC section 2: Recent Job Descriptions). */
export const RECENT_SAMPLES: Array<{ id: string; title: string; department: string; date: string; status: Status }> = [
  { id: '1', title: 'Senior Frontend Engineer', department: 'Engineering', date: '2025-06-12', status: 'active' },
  { id: '2', title: 'Product Designer', department: 'Design', date: '2025-06-10', status: 'active' },
  { id: '3', title: 'Data Analyst', department: 'Analytics', date: '2025-06-08', status: 'draft' },
  { id: '4', title: 'DevOps Engineer', department: 'Infrastructure', date: '2025-06-05', status: 'active' },
  { id: '5', title: 'HR Business Partner', department: 'People', date: '2025-06-03', status: 'archived' },
  { id: '6', title: 'Backend Engineer (Rust)', department: 'Engineering', date: '2025-05-30', status: 'draft' },
  { id: '7', title: 'Customer Success Manager', department: 'Customer Success', date: '2025-05-27', status: 'active' },
  { id: '8', title: 'QA Automation Engineer', department: 'Quality', date: '2025-05-22', status: 'archived' },
];

const statusStyle: Record<Status, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  draft: 'bg-amber-50 text-amber-800 ring-amber-200',
  archived: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function RecentRoute() {
  return (
    <PageFrame
      title="Recent Job Descriptions"
      actions={
        // Inert, as in the spec.
        <button
          type="button"
          className="inline-flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <FilterIcon width={16} height={16} />
          Filter
        </button>
      }
    >
      <title>Recent Job Descriptions · Hirelane</title>
      <ul
        aria-label="Recent job descriptions"
        className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        {RECENT_SAMPLES.map((item) => (
          <li key={item.id}>
            <Link
              to={paths.jd(item.id)}
              state={{ jdname: item.title }}
              className="flex flex-col gap-1 px-5 py-4 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none sm:flex-row sm:items-center sm:gap-4"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{item.title}</span>
                <span className="block text-sm text-slate-500">{item.department}</span>
              </span>
              <span className="flex items-center gap-3">
                <time dateTime={item.date} className="text-sm text-slate-500">
                  {formatDate(item.date)}
                </time>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1', statusStyle[item.status])}>
                  {item.status}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

export { RecentRoute as Component };
