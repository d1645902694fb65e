import { useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';

import { useCreateAssistant } from '../api/assistants';
import { Banner, PageHeader } from '../components/page-header';
import { QUESTION_COUNT, TOOL_COUNT, TOPIC_COUNT, validateAssistant } from '../lib/voice-rules';
import type { AssistantFields } from '../lib/voice-rules';

const blank = (n: number) => Array.from({ length: n }, () => '');

type Result = { tone: 'success' | 'error'; text: string };

/** Create Interview Assistant (SPEC sections 2, 5, 8, 9). */
export function CreateAssistantRoute() {
  const [fields, setFields] = useState<AssistantFields>({
    assistantName: '',
    candidateName: '',
    role: '',
    experience: '',
    interviewTime: '',
  });
  const [topics, setTopics] = useState(blank(TOPIC_COUNT));
  const [questions, setQuestions] = useState(blank(QUESTION_COUNT));
  const [tools, setTools] = useState(blank(TOOL_COUNT));
  const [result, setResult] = useState<Result | null>(null);
  const create = useCreateAssistant();

  const set = (key: keyof AssistantFields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAssistant(fields);
    if (problem) {
      setResult({ tone: 'error', text: problem });
      return;
    }
    setResult(null);
    create.mutate(
      {
        ...fields,
        topics: topics.filter((t) => t.trim()),
        questions: questions.filter((q) => q.trim()),
        tools: tools.filter((t) => t.trim()),
      },
      {
        onSuccess: (answer) =>
          setResult(
            answer.id
              ? { tone: 'success', text: `Assistant created successfully with ID: ${answer.id}` }
              : { tone: 'error', text: 'Assistant ID not found in response.' },
          ),
        onError: (error) => setResult({ tone: 'error', text: `Error: ${error.message}` }),
      },
    );
  };

  const text = (id: keyof AssistantFields, label: string, placeholder?: string) => (
    <Field id={id} label={label} required>
      <input id={id} value={fields[id]} placeholder={placeholder} onChange={(e) => set(id)(e.target.value)} className={inputClass()} />
    </Field>
  );

  const group = (label: string, values: string[], setValues: (v: string[]) => void, prefix: string) => (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      {values.map((value, i) => (
        <input
          key={i}
          aria-label={`${prefix} ${i + 1}`}
          value={value}
          onChange={(e) => setValues(values.map((v, j) => (j === i ? e.target.value : v)))}
          className={inputClass()}
        />
      ))}
    </fieldset>
  );

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl">
      <title>Create Interview Assistant · Hirelane</title>
      <PageHeader title="Create Interview Assistant" description="An AI interviewer with its topics, questions and tools." />
      <form noValidate onSubmit={submit} className="mt-6 space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('assistantName', 'Assistant Name')}
          {text('candidateName', 'Candidate Name')}
          {text('role', 'Role')}
          {text('experience', 'Experience', 'e.g. 5 years')}
          {text('interviewTime', 'Interview Time', 'minutes, e.g. 30')}
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          {group('Topics', topics, setTopics, 'Topic')}
          {group('Tools', tools, setTools, 'Tool')}
        </div>
        {group('Questions', questions, setQuestions, 'Question')}
        {result && <Banner tone={result.tone}>{result.text}</Banner>}
        <div className="flex justify-end">
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Assistant'}
          </Button>
        </div>
      </form>
    </section>
  );
}

export { CreateAssistantRoute as Component };
