import { Link, useParams } from 'react-router';

import { PageFrame } from '@/components/ui/page-frame';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/date-time';

import { useAssistant } from '../api/assistants';
import type { Assistant } from '../api/types';
import { RubricEditor } from '../components/rubric-editor';
import { assistantDescription } from '../lib/voice-rules';

function List({ title, items }: { title: string; items?: string[] }) {
  if (!items || items.length === 0) return null;
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {items.map((item, i) => (
          <li key={`${i}-${item}`}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** One assistant (SPEC section 2) with what a strong answer to each question covers, or 'Assistant not found'. */
export function AssistantDetailRoute() {
  const { id = '' } = useParams();
  const assistant = useAssistant(id);

  if (assistant.isPending) return <PageSpinner label="Loading assistant…" />;
  if (assistant.isError || !assistant.data) {
    return (
      <PageFrame
        title="Assistant not found"
        breadcrumbs={[{ label: 'Assistants', to: paths.assistants }, { label: 'Assistant not found' }]}
      >
        <Link to={paths.assistants} className="mt-4 inline-block text-sm font-semibold text-brand-600 hover:underline">
          Back to AI Assistants
        </Link>
      </PageFrame>
    );
  }
  const a = assistant.data;
  const meta: Partial<NonNullable<Assistant['metadata']>> = a.metadata ?? {};
  const facts: [string, string | number | null | undefined][] = [
    ['Assistant ID', a.id],
    ['Created', formatDateTime(a.createdAt)],
    ['Updated', formatDateTime(a.updatedAt)],
    ['Model', [a.model?.provider, a.model?.model].filter(Boolean).join(' / ')],
    ['Voice', [a.voice?.provider, a.voice?.voiceId].filter(Boolean).join(' / ')],
    ['Candidate', meta.candidateName],
    ['Role', meta.role],
    ['Experience', meta.experience],
    ['Interview time', meta.interviewTime],
  ];
  return (
    <PageFrame
      title={a.name || 'Unnamed assistant'}
      breadcrumbs={[{ label: 'Assistants', to: paths.assistants }, { label: a.name || 'Unnamed assistant' }]}
      actions={
        <Link
          to={`${paths.interviewSchedule}?assistant=${encodeURIComponent(a.id)}`}
          className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Schedule Interview
        </Link>
      }
    >
      <title>{`${a.name ?? 'Assistant'} · Hirelane`}</title>
      <div className="mt-6 space-y-6">
        <dl className="grid gap-3 rounded-xl bg-white p-5 text-sm ring-1 ring-slate-200 sm:grid-cols-2">
          {facts
            .filter(([, value]) => value !== undefined && value !== null && value !== '')
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-500">{label}</dt>
                <dd className="break-words font-medium text-slate-900">{value}</dd>
              </div>
            ))}
        </dl>
        <div className="grid gap-6 sm:grid-cols-3">
          <List title="Topics" items={meta.topics ?? undefined} />
          <List title="Tools" items={meta.tools ?? undefined} />
        </div>
        <List title="Questions" items={meta.questions ?? undefined} />
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Description</h2>
          <p className="mt-2 whitespace-pre-line rounded-xl bg-white p-5 text-sm text-slate-700 ring-1 ring-slate-200">
            {assistantDescription(a)}
          </p>
        </div>
        <RubricEditor assistantId={a.id} />
      </div>
    </PageFrame>
  );
}

export { AssistantDetailRoute as Component };
