import { NavLink } from 'react-router';

import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/queries/me';

const tabs = [
  { to: paths.settingsTeam, label: 'Team' },
  { to: paths.settingsTemplates, label: 'E-mail templates' },
  { to: paths.settingsOrganization, label: 'Organisation' },
  { to: paths.settingsDetailsForm, label: 'Details form', admin: true },
  { to: paths.settingsErasureRequests, label: 'Erasure requests' },
  { to: paths.settingsRequests, label: 'Requests' },
  { to: paths.settingsFairness, label: 'Fairness', reports: true },
  { to: paths.settingsApiTokens, label: 'API tokens', admin: true },
  { to: paths.settingsWebhooks, label: 'Webhooks', admin: true },
];

/**
 * The Settings pages' tabs, shared by the pages under their frame's header. Fairness only for
 * those who may open the bias audit, the details form, API tokens and webhooks only for admins (the server refuses
 * everyone else anyway).
 */
export function SettingsTabs() {
  const me = useMe().data;
  const reports = me?.reports === true;
  const admin = me?.role === 'admin';
  return (
    <nav aria-label="Settings" className="mt-5 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-4">
        {tabs
          .filter((tab) => (reports || !tab.reports) && (admin || !tab.admin))
          .map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  cn(
                    'inline-block border-b-2 px-1 pb-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
                    isActive
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
