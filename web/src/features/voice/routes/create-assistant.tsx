import { useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { PageFrame } from '@/components/ui/page-frame';

import { useCreateAssistant } from '../api/assistants';
import { Banner } from '../components/banner';
import { QUESTION_COUNT, TOOL_COUNT, TOPIC_COUNT, validateAssistant } from '../lib/voice-rules';
import type { AssistantFields } from '../lib/voice-rules';

const blank = (n: number) => Array.from({ length: n }, () => '');

type Lists = { topics: string[]; questions: string[]; tools: string[] };
type Form = AssistantFields & Lists;

const emptyForm = (): Form => ({
  assistantName: '',
  candidateName: '',
  role: '',
  experience: '',
  interviewTime: '',
  topics: blank(TOPIC_COUNT),
  questions: blank(QUESTION_COUNT),
  tools: blank(TOOL_COUNT),
});

const textFields: ReadonlyArray<{ key: keyof AssistantFields; label: string; placeholder: string }> = [
  { key: 'assistantName', label: 'Assistant Name', placeholder: 'e.g. Backend interviewer' },
  { key: 'candidateName', label: 'Candidate Name', placeholder: 'e.g. Priya Sharma' },
  { key: 'role', label: 'Role', placeholder: 'e.g. Senior Backend Engineer' },
  { key: 'experience', label: 'Experience', placeholder: 'e.g. 5 years' },
  { key: 'interviewTime', label: 'Interview Time', placeholder: 'minutes, e.g. 30' },
];

/** The repeated inputs: each is named "Topic 1", "Question 2"… and shows an example. */
type ListGroup = { key: keyof Lists; legend: string; item: string; placeholder: string };
const TOPICS: ListGroup = { key: 'topics', legend: 'Topics', item: 'Topic', placeholder: 'e.g. System design' };
const TOOLS: ListGroup = { key: 'tools', legend: 'Tools', item: 'Tool', placeholder: 'e.g. PostgreSQL' };
const QUESTIONS: ListGroup = {
  key: 'questions',
  legend: 'Questions',
  item: 'Question',
  placeholder: 'e.g. Tell me about a service you designed.',
};

type Result = { tone: 'success' | 'error'; text: string };

/** Create Interview Assistant (SPEC sections 2, 5, 8, 9). */
export function CreateAssistantRoute() {
  const [form, setForm] = useState<Form>(emptyForm);
  const [result, setResult] = useState<Result | null>(null);
  const create = useCreateAssistant();

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const problem = validateAssistant(form);
    if (problem) {
      setResult({ tone: 'error', text: problem });
      return;
    }
    setResult(null);
    const { topics, questions, tools, ...fields } = form;
    create.mutate(
      {
        ...fields,
        topics: topics.filter((t) => t.trim()),
        questions: questions.filter((q) => q.trim()),
        tools: tools.filter((t) => t.trim()),
      },
      {
        onSuccess: (answer) => {
          if (!answer.id) {
            setResult({ tone: 'error', text: 'Assistant ID not found in response.' });
            return;
          }
          // A blank form cannot be sent again by a second click, so no duplicate assistant.
          setForm(emptyForm());
          setResult({ tone: 'success', text: `Assistant created successfully with ID: ${answer.id}` });
        },
        onError: (error) => setResult({ tone: 'error', text: `Error: ${error.message}` }),
      },
    );
  };

  const group = ({ key, legend, item, placeholder }: ListGroup) => (
    <fieldset key={key} className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {form[key].map((value, i) => (
        <input
          key={i}
          aria-label={`${item} ${i + 1}`}
          placeholder={placeholder}
          value={value}
          onChange={(e) =>
            set(
              key,
              form[key].map((v, j) => (j === i ? e.target.value : v)),
            )
          }
          className={inputClass()}
        />
      ))}
    </fieldset>
  );

  return (
    <PageFrame title="Create Interview Assistant" description="An AI interviewer with its topics, questions and tools." narrow>
      <title>Create Interview Assistant · Hirelane</title>
      <form noValidate onSubmit={submit} className="mt-6 space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="grid gap-4 sm:grid-cols-2">
          {textFields.map(({ key, label, placeholder }) => (
            <Field key={key} id={key} label={label} required>
              <input
                id={key}
                value={form[key]}
                placeholder={placeholder}
                onChange={(e) => set(key, e.target.value)}
                className={inputClass()}
              />
            </Field>
          ))}
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          {group(TOPICS)}
          {group(TOOLS)}
        </div>
        {group(QUESTIONS)}
        {result && <Banner tone={result.tone}>{result.text}</Banner>}
        <div className="flex justify-end">
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Assistant'}
          </Button>
        </div>
      </form>
    </PageFrame>
  );
}

export { CreateAssistantRoute as Component };
