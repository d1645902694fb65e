import { useState } from 'react';
import { Link } from 'react-router';

import { inputClass } from '@/components/ui/field';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';

/** Static sample interviewers (SPEC section 2: the page has no backend). */
const SAMPLES = [
  { id: 'sample-frontend', name: 'Frontend Interviewer', focus: 'React, TypeScript, accessibility' },
  { id: 'sample-backend', name: 'Backend Interviewer', focus: 'APIs, databases, system design' },
  { id: 'sample-data', name: 'Data Interviewer', focus: 'SQL, statistics, Python' },
  { id: 'sample-devops', name: 'DevOps Interviewer', focus: 'CI/CD, Kubernetes, observability' },
];

/** Search AI Interviewers: static sample results linking to the schedule form. */
export function SearchInterviewersRoute() {
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const results = SAMPLES.filter((s) => !needle || `${s.name} ${s.focus}`.toLowerCase().includes(needle));
  return (
    <PageFrame
      title="Search AI Interviewers"
      actions={
        <Link to={paths.interview} className="text-sm font-semibold text-brand-600 hover:underline">
          Back to Voice AI Interview
        </Link>
      }
    >
      <title>Search AI Interviewers · Hirelane</title>
      <input
        aria-label="Search interviewers"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Search by name or skill..."
        className={`mt-6 ${inputClass()}`}
      />
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {results.map((s) => (
          <li key={s.id} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
            <h2 className="font-semibold text-slate-900">{s.name}</h2>
            <p className="mt-1 text-sm text-slate-600">{s.focus}</p>
            <Link
              to={`${paths.interviewSchedule}?assistant=${encodeURIComponent(s.id)}`}
              className="mt-3 inline-block text-sm font-semibold text-brand-600 hover:underline"
            >
              Schedule Interview
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

export { SearchInterviewersRoute as Component };
