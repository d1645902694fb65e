import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';

import { CreateAssistantHint } from '@/components/assistants/create-assistant-hint';
import { Button } from '@/components/ui/button';
import { Field, describedBy, inputClass } from '@/components/ui/field';
import { PageFrame } from '@/components/ui/page-frame';
import { isApiError } from '@/lib/api-client';

import { useAssistants } from '../api/assistants';
import { useScheduleCall } from '../api/calls';
import { Banner } from '../components/banner';
import { INVALID_DATE_TIME, PAST_TIME, isPast, istToIso, todayInIst, withPlus } from '../lib/voice-rules';

type Result = { tone: 'success' | 'error'; text: string };

/** Schedule Interview Call (SPEC sections 2, 5, 8): time in IST, optional ?assistant=. */
export function ScheduleCallRoute() {
  const [search] = useSearchParams();
  const assistants = useAssistants();
  const schedule = useScheduleCall();
  const [candidateName, setCandidateName] = useState('');
  const [phone, setPhone] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [assistantId, setAssistantId] = useState(search.get('assistant') ?? '');
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (assistants.error) console.error('Failed to load assistants.', assistants.error);
  }, [assistants.error]);

  const list = Array.isArray(assistants.data) ? assistants.data : [];
  const loadError = assistants.isError
    ? 'Failed to load assistants.'
    : assistants.data && !Array.isArray(assistants.data)
      ? 'Could not load assistants.'
      : null;
  const noAssistants = !assistants.isPending && !loadError && list.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!candidateName.trim() || !phone.trim() || !date || !time || !assistantId) {
      setResult({ tone: 'error', text: 'Please fill in all fields.' });
      return;
    }
    const at = istToIso(date, time);
    if (!at) {
      setResult({ tone: 'error', text: INVALID_DATE_TIME });
      return;
    }
    if (isPast(at)) {
      setResult({ tone: 'error', text: PAST_TIME });
      return;
    }
    setResult(null);
    schedule.mutate(
      { assistantId, candidateName: candidateName.trim(), phone: withPlus(phone), date, time },
      {
        onSuccess: (answer) => {
          if (!answer.id) {
            setResult({ tone: 'error', text: 'Failed to schedule call.' });
            return;
          }
          setResult({ tone: 'success', text: `Call scheduled successfully! Call ID: ${answer.id}` });
          // A second click must not place the same call again; the assistant stays chosen.
          setCandidateName('');
          setPhone('');
          setDate('');
          setTime('');
        },
        onError: (error) =>
          setResult({
            tone: 'error',
            text: isApiError(error) && error.body?.message ? `Error: ${error.body.message}` : 'Failed to schedule call.',
          }),
      },
    );
  };

  return (
    <PageFrame
      title="Schedule Interview Call"
      description="The AI interviewer calls the candidate at the chosen time (IST, +05:30)."
      narrow
    >
      <title>Schedule Interview Call · Hirelane</title>
      <form noValidate onSubmit={submit} className="mt-6 space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <Field id="candidateName" label="Candidate Name" required>
          <input id="candidateName" value={candidateName} onChange={(e) => setCandidateName(e.target.value)} className={inputClass()} />
        </Field>
        <Field id="phone" label="Phone Number" required hint="With the country code; a leading + is added.">
          <input id="phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} className={inputClass()} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="date" label="Date" required>
            <input
              id="date"
              type="date"
              min={todayInIst()}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              className={inputClass()}
            />
          </Field>
          <Field id="time" label="Time (IST)" required>
            <input id="time" type="time" value={time} onChange={(e) => setTime(e.target.value)} className={inputClass()} />
          </Field>
        </div>
        <Field
          id="assistant"
          label="Assistant"
          required
          error={loadError ?? undefined}
          hint={noAssistants ? <CreateAssistantHint /> : undefined}
        >
          <select
            id="assistant"
            aria-describedby={describedBy('assistant', { hint: noAssistants, error: loadError })}
            value={assistantId}
            onChange={(e) => setAssistantId(e.target.value)}
            className={inputClass()}
          >
            {list.length === 0 ? (
              <option value="">{assistants.isPending ? 'Loading assistants…' : 'No assistants available'}</option>
            ) : (
              <>
                <option value="">Select an assistant</option>
                {list.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name || a.id}
                  </option>
                ))}
              </>
            )}
          </select>
        </Field>
        {result && <Banner tone={result.tone}>{result.text}</Banner>}
        <div className="flex justify-end">
          <Button type="submit" loading={schedule.isPending}>
            {schedule.isPending ? 'Scheduling...' : 'Schedule Call'}
          </Button>
        </div>
      </form>
    </PageFrame>
  );
}

export { ScheduleCallRoute as Component };
