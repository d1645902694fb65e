import type { ComponentType } from 'react';
import { Outlet, createBrowserRouter, redirect } from 'react-router';
import type { RouteObject } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { RequireAuth } from './require-auth';
import { PageError } from './routes/page-error';
import { RouteError } from './routes/route-error';

/** Loads a component from a lazily imported module, so every page is its own chunk. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const jobs = () => import('@/features/jobs/routes');

/** Protected pages of SPEC section 2 (paths relative to the shell at /). */
export const protectedRoutes: RouteObject[] = [
  { index: true, lazy: () => import('@/features/dashboard/routes/dashboard') },
  { path: 'folders', lazy: () => import('@/features/jobs/routes/folders') },
  { path: 'jd/:jdid', lazy: () => import('./routes/jd-detail') },
  { path: 'jd/:jdid/board', lazy: () => import('@/features/pipeline/routes/board') },
  { path: 'recent', lazy: () => import('@/features/jobs/routes/recent') },
  // The two form pages load the rich-text editor (a separate chunk) on demand.
  { path: 'create', lazy: () => import('@/features/jobs/routes/create-jd') },
  { path: 'edit/:id', lazy: () => import('@/features/jobs/routes/edit-jd') },
  { path: 'editjd/:jdId', lazy: () => import('@/features/jobs/routes/edit-jd') },
  { path: 'bin', lazy: () => import('@/features/jobs/routes/bin') },
  { path: 'search', lazy: () => import('@/features/candidates/routes/search') },
  { path: 'templates', lazy: lazyPage(jobs, (m) => m.TemplatesRoute) },
  { path: 'candidates', lazy: () => import('./routes/candidate-list') },
  { path: 'candidate/analysis/:resumeId/:callId', lazy: () => import('./routes/candidate-analysis') },
  { path: 'candidate-details/:jdid', lazy: () => import('./routes/jd-candidates') },
  { path: 'interview', lazy: () => import('@/features/voice/routes/hub') },
  { path: 'interview/schedule', lazy: () => import('@/features/voice/routes/schedule') },
  { path: 'interview/history', lazy: () => import('@/features/voice/routes/history') },
  { path: 'call-history', lazy: () => import('@/features/voice/routes/history') },
  { path: 'analysis/:id', lazy: () => import('@/features/voice/routes/analysis') },
  { path: 'interview/assistants', lazy: () => import('@/features/voice/routes/assistants') },
  { path: 'interview/assistants/:id', lazy: () => import('@/features/voice/routes/assistant-detail') },
  { path: 'interview/create-assistant', lazy: () => import('@/features/voice/routes/create-assistant') },
  { path: 'interview/search', lazy: () => import('@/features/voice/routes/search') },
  // The teamwork pages: the activity feed and Settings (which opens on Team).
  { path: 'activity', lazy: () => import('@/features/activity/routes/activity') },
  // Its own chunk, so the reports' charts never weigh on the sign-in page.
  { path: 'reports', lazy: () => import('@/features/reports/routes/reports') },
  { path: 'settings', loader: () => redirect(paths.settingsTeam) },
  { path: 'settings/team', lazy: () => import('@/features/team/routes/team') },
  { path: 'settings/templates', lazy: () => import('@/features/settings/routes/email-templates') },
  { path: 'settings/organization', lazy: () => import('@/features/settings/routes/organization') },
  { path: 'settings/details-form', lazy: () => import('@/features/settings/routes/details-form') },
  { path: 'settings/erasure-requests', lazy: () => import('@/features/settings/routes/erasure-requests') },
  { path: 'settings/fairness', lazy: () => import('@/features/fairness/routes/fairness') },
  { path: 'settings/requests', lazy: () => import('@/features/settings/routes/accommodation-requests') },
  { path: 'settings/api-tokens', lazy: () => import('@/features/settings/routes/api-tokens') },
  { path: 'settings/webhooks', lazy: () => import('@/features/settings/routes/webhooks') },
];

/** Public pages: sign-in, the candidate invite pages and the candidate's own page (paths match case-insensitively). */
export const publicRoutes: RouteObject[] = [
  { path: paths.login, lazy: () => import('@/features/auth/routes/login') },
  { path: paths.scheduleInterview, lazy: () => import('@/features/invite/routes/scheduled') },
  { path: paths.nextStep, lazy: () => import('@/features/invite/routes/next-step') },
  { path: paths.thankYou, lazy: () => import('@/features/invite/routes/thank-you') },
  { path: paths.interviewGuidelines, lazy: () => import('@/features/invite/routes/guidelines') },
  { path: paths.interviewCandidateDetails, lazy: () => import('@/features/invite/routes/candidate-details') },
  { path: paths.interviewJoinPattern, lazy: () => import('@/features/invite/routes/join') },
  { path: paths.applicationPattern, lazy: () => import('@/features/application/routes/application') },
];

export const routes: RouteObject[] = [
  {
    Component: Outlet,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      ...publicRoutes,
      {
        path: '/',
        Component: RequireAuth,
        // A page that fails says so inside the shell, which keeps its sidebar and top bar.
        children: [{ lazy: () => import('./layout/app-shell'), children: [{ ErrorBoundary: PageError, children: protectedRoutes }] }],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
