import { useId } from 'react';
import { useSearchParams } from 'react-router';

import { inputClass } from '@/components/ui/field';
import { PageFrame } from '@/components/ui/page-frame';
import { useFolders } from '@/lib/queries/folders';
import { useTeam } from '@/lib/queries/team';

import { ActivityFeedView } from '../components/activity-feed';
import { ACTOR_KINDS, EVENT_KINDS, actorChoiceOf, readFeedFilters, withFilter } from '../lib/events';

/**
 * The organisation's activity (/activity): every event, newest first, filtered by JD, kind and
 * actor. The filters live in the URL, so `/activity?jdId=…` is a JD's own feed.
 */
export function ActivityRoute() {
  const [params, setParams] = useSearchParams();
  const filters = readFeedFilters(params);
  const folders = useFolders();
  const team = useTeam();
  const id = useId();

  const jds = folders.data ?? [];
  // The URL may name the JD by folder id or by integer id; the select speaks folder ids.
  const jd = filters.jdId ? jds.find((folder) => folder.jdid === filters.jdId || String(folder.jobDescId) === filters.jdId) : undefined;
  const jdChoice = jd?.jdid ?? filters.jdId ?? '';

  const setFilter = (changes: Record<string, string>) => setParams(withFilter(params, changes), { replace: true });
  const onActor = (value: string) => {
    if (value.startsWith('member:')) setFilter({ actor: '', recruiterId: value.slice('member:'.length) });
    else setFilter({ actor: value, recruiterId: '' });
  };

  const selectClass = `${inputClass()} sm:w-56`;
  return (
    <PageFrame
      title="Activity"
      description={jd ? `Everything that happened on ${jd.jdname}.` : 'Everything that happened across your jobs, newest first.'}
    >
      <title>Activity · Hirelane</title>

      <div role="group" aria-label="Filters" className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div>
          <label htmlFor={`${id}-jd`} className="block text-sm font-medium text-slate-700">
            Job
          </label>
          <select
            id={`${id}-jd`}
            value={jdChoice}
            onChange={(event) => setFilter({ jdId: event.target.value })}
            className={`mt-1.5 ${selectClass}`}
          >
            <option value="">All jobs</option>
            {filters.jdId && !jd && <option value={filters.jdId}>{folders.isPending ? 'Loading…' : 'This job'}</option>}
            {jds.map((folder) => (
              <option key={folder.jdid} value={folder.jdid}>
                {folder.jdname}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-slate-700">
            Event
          </label>
          <select
            id={`${id}-kind`}
            value={filters.kind ?? ''}
            onChange={(event) => setFilter({ kind: event.target.value })}
            className={`mt-1.5 ${selectClass}`}
          >
            <option value="">All events</option>
            {EVENT_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-actor`} className="block text-sm font-medium text-slate-700">
            By
          </label>
          <select
            id={`${id}-actor`}
            value={actorChoiceOf(filters)}
            onChange={(event) => onActor(event.target.value)}
            className={`mt-1.5 ${selectClass}`}
          >
            <option value="">Anyone</option>
            {ACTOR_KINDS.map((actor) => (
              <option key={actor.value} value={actor.value}>
                {actor.label}
              </option>
            ))}
            {(team.data ?? []).length > 0 && (
              <optgroup label="Recruiters">
                {(team.data ?? []).map((member) => (
                  <option key={member.id} value={`member:${member.id}`}>
                    {member.fullName}
                    {member.you ? ' (you)' : ''}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
      </div>

      <div className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <ActivityFeedView filters={filters} showSubject label="Activity events" emptyText="No activity matches these filters." />
      </div>
    </PageFrame>
  );
}

export { ActivityRoute as Component };
