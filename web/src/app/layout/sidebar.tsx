import { useId, useState } from 'react';
import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';

import { cn } from '@/components/ui/cn';
import {
  ActivityIcon,
  BriefcaseIcon,
  ChevronDownIcon,
  FolderIcon,
  HomeIcon,
  PlusIcon,
  SettingsIcon,
  TrashIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

type NavItem = {
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
};

/** The sidebar links of SPEC section 2, all in the Jobs section, plus the bin of deleted JDs. */
export const jobLinks: NavItem[] = [
  { to: paths.dashboard, label: 'Job Dashboard', Icon: HomeIcon },
  { to: paths.folders, label: 'JD Folders', Icon: FolderIcon },
  { to: paths.create, label: 'Create New JD', Icon: PlusIcon },
  { to: paths.candidates, label: 'Candidate List', Icon: UsersIcon },
  { to: paths.bin, label: 'Bin', Icon: TrashIcon },
  { to: paths.activity, label: 'Activity', Icon: ActivityIcon },
  // Settings opens on Team; its tabs lead to the e-mail templates.
  { to: paths.settings, label: 'Settings', Icon: SettingsIcon },
];

export type SidebarProps = {
  id: string;
  collapsed: boolean;
  /** Called after a link is followed (the shell closes the mobile drawer). */
  onNavigate: () => void;
};

/**
 * Expanded: a 16rem column with the labelled Jobs section. Collapsed: an icon
 * rail from 640 px up, hidden below.
 */
export function Sidebar({ id, collapsed, onNavigate }: SidebarProps) {
  const [jobsOpen, setJobsOpen] = useState(true);
  const sectionId = useId();
  const showSection = collapsed || jobsOpen;

  return (
    <aside
      id={id}
      data-collapsed={collapsed}
      className={cn(
        'z-40 flex shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200',
        collapsed ? 'w-16 max-sm:hidden' : 'w-64 max-sm:fixed max-sm:inset-y-0 max-sm:left-0 max-sm:shadow-xl',
      )}
    >
      <div className={cn('flex h-16 items-center border-b border-slate-200', collapsed ? 'justify-center' : 'px-5')}>
        <Logo showName={!collapsed} />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        {!collapsed && (
          <button
            type="button"
            aria-expanded={jobsOpen}
            aria-controls={sectionId}
            onClick={() => setJobsOpen((open) => !open)}
            className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-xs font-semibold uppercase tracking-wider text-slate-500 hover:bg-slate-50 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <BriefcaseIcon width={16} height={16} />
            <span className="flex-1 text-left">Jobs</span>
            <ChevronDownIcon width={16} height={16} className={cn('transition-transform', jobsOpen ? 'rotate-0' : '-rotate-90')} />
          </button>
        )}
        {showSection && (
          <ul id={sectionId} className={cn('space-y-1', !collapsed && 'mt-1')}>
            {jobLinks.map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === paths.dashboard}
                  onClick={onNavigate}
                  title={collapsed ? label : undefined}
                  aria-label={collapsed ? label : undefined}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                      collapsed ? 'justify-center px-2' : 'px-3',
                      isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  <Icon className="shrink-0" />
                  {!collapsed && <span>{label}</span>}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </aside>
  );
}
