import { useId, useState } from 'react';
import type { ComponentType, SVGProps } from 'react';
import { Link, matchPath, useLocation } from 'react-router';

import { cn } from '@/components/ui/cn';
import {
  ActivityIcon,
  BriefcaseIcon,
  ChartIcon,
  CalendarIcon,
  ChevronDownIcon,
  ClockIcon,
  FolderIcon,
  HomeIcon,
  PhoneIcon,
  PlusIcon,
  SettingsIcon,
  SparklesIcon,
  TrashIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/queries/me';

export type NavItem = {
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /**
   * Route patterns (besides `to` and the pages under it) that belong to this section, so the
   * link stays highlighted on its detail pages.
   */
  also?: readonly string[];
  /** Only for admins and recruiters given the reports permission. */
  reports?: boolean;
};

type NavGroup = { label: string; Icon: ComponentType<SVGProps<SVGSVGElement>>; links: readonly NavItem[] };

/** The sidebar links of SPEC section 2, all in the Jobs section, plus the bin of deleted JDs. */
export const jobLinks: readonly NavItem[] = [
  { to: paths.dashboard, label: 'Job Dashboard', Icon: HomeIcon },
  {
    to: paths.folders,
    label: 'JD Folders',
    Icon: FolderIcon,
    also: ['/jd/:jdid/*', '/edit/:id', '/editjd/:jdId', '/candidate-details/:jdid', paths.recent],
  },
  { to: paths.create, label: 'Create New JD', Icon: PlusIcon },
  { to: paths.candidates, label: 'Candidate List', Icon: UsersIcon, also: ['/candidate/analysis/*'] },
  { to: paths.bin, label: 'Bin', Icon: TrashIcon },
  { to: paths.activity, label: 'Activity', Icon: ActivityIcon },
  { to: paths.reports, label: 'Reports', Icon: ChartIcon, reports: true },
  // Settings opens on Team; its tabs lead to the e-mail templates.
  { to: paths.settings, label: 'Settings', Icon: SettingsIcon },
];

/** The voice-interview pages, which only the hub's cards used to reach. */
export const interviewLinks: readonly NavItem[] = [
  { to: paths.interview, label: 'Interview hub', Icon: PhoneIcon, also: [paths.interviewSearch] },
  { to: paths.interviewSchedule, label: 'Schedule call', Icon: CalendarIcon },
  { to: paths.interviewHistory, label: 'Call history', Icon: ClockIcon, also: [paths.callHistory, '/analysis/:id'] },
  { to: paths.assistants, label: 'Assistants', Icon: SparklesIcon, also: [paths.createAssistant] },
];

const groups: readonly NavGroup[] = [
  { label: 'Jobs', Icon: BriefcaseIcon, links: jobLinks },
  { label: 'Interviews', Icon: PhoneIcon, links: interviewLinks },
];

/**
 * Whether `pathname` is in the section of `item`: its own page (the dashboard only exactly,
 * as every path is under `/`; the hub only exactly, as its sub-pages have their own links),
 * any page under it, or one of its `also` patterns.
 */
export function isInSection(item: NavItem, pathname: string): boolean {
  const exact = item.to === paths.dashboard || item.to === paths.interview;
  const patterns = [exact ? item.to : `${item.to}/*`, ...(item.also ?? [])];
  return patterns.some((pattern) => matchPath(pattern, pathname) !== null);
}

export type SidebarProps = {
  id: string;
  collapsed: boolean;
  /** Called after a link is followed (the shell closes the mobile drawer). */
  onNavigate: () => void;
};

function SidebarGroup({ group, collapsed, onNavigate }: { group: NavGroup; collapsed: boolean; onNavigate: () => void }) {
  const [open, setOpen] = useState(true);
  const sectionId = useId();
  const { pathname } = useLocation();
  const seesReports = useMe().data?.reports === true;
  const { Icon: GroupIcon } = group;
  const links = group.links.filter((item) => seesReports || !item.reports);

  return (
    <div>
      {!collapsed && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={sectionId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-xs font-semibold uppercase tracking-wider text-slate-500 hover:bg-slate-50 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <GroupIcon width={16} height={16} />
          <span className="flex-1 text-left">{group.label}</span>
          <ChevronDownIcon width={16} height={16} className={cn('transition-transform', open ? 'rotate-0' : '-rotate-90')} />
        </button>
      )}
      {(collapsed || open) && (
        <ul id={sectionId} aria-label={collapsed ? group.label : undefined} className={cn('space-y-1', !collapsed && 'mt-1')}>
          {links.map((item) => {
            const { to, label, Icon } = item;
            const active = isInSection(item, pathname);
            return (
              <li key={to}>
                <Link
                  to={to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  title={collapsed ? label : undefined}
                  aria-label={collapsed ? label : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-lg py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                    collapsed ? 'justify-center px-2' : 'px-3',
                    active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <Icon className="shrink-0" />
                  {!collapsed && <span>{label}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * Expanded: a 16rem column with the labelled Jobs and Interviews sections, each folding on its
 * own. Collapsed: an icon rail from 640 px up, hidden below.
 */
export function Sidebar({ id, collapsed, onNavigate }: SidebarProps) {
  return (
    <aside
      id={id}
      data-collapsed={collapsed}
      className={cn(
        'z-40 flex shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 print:hidden',
        collapsed ? 'w-16 max-sm:hidden' : 'w-64 max-sm:fixed max-sm:inset-y-0 max-sm:left-0 max-sm:shadow-xl',
      )}
    >
      <div className={cn('flex h-16 items-center border-b border-slate-200', collapsed ? 'justify-center' : 'px-5')}>
        <Logo showName={!collapsed} />
      </div>
      <nav aria-label="Main" className={cn('min-h-0 flex-1 overflow-y-auto px-3 py-4', collapsed ? 'space-y-4' : 'space-y-5')}>
        {groups.map((group) => (
          <SidebarGroup key={group.label} group={group} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
      </nav>
    </aside>
  );
}
