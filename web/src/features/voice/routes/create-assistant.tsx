import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';

import { useCreateAssistant } from '../api/assistants';
import { Banner } from '../components/banner';
import { GrowingList } from '../components/growing-list';
import { filledItems } from '../lib/growing-list';
import { QUESTION_COUNT, TOOL_COUNT, TOPIC_COUNT, validateAssistant } from '../lib/voice-rules';
import type { AssistantFields } from '../lib/voice-rules';

type Lists = { topics: string[]; questions: string[]; tools: string[] };
type Form = AssistantFields & Lists;

const emptyForm = (): Form => ({
  assistantName: '',
  candidateName: '',
  role: '',
  experience: '',
  interviewTime: '',
  topics: [''],
  questions: [''],
  tools: [''],
});

const textFields: ReadonlyArray<{ key: keyof AssistantFields; label: string; placeholder: string }> = [
  { key: 'assistantName', label: 'Assistant Name', placeholder: 'e.g. Backend interviewer' },
  { key: 'candidateName', label: 'Candidate Name', placeholder: 'e.g. Priya Sharma' },
  { key: 'role', label: 'Role', placeholder: 'e.g. Senior Backend Engineer' },
  { key: 'experience', label: 'Experience', placeholder: 'e.g. 5 years' },
  { key: 'interviewTime', label: 'Interview Time', placeholder: 'minutes, e.g. 30' },
];

/**
 * The repeated inputs: each is named "Topic 1", "Question 2"… and shows an example; the spec's
 * counts (4 topics, 10 questions, 4 tools) are each list's maximum.
 */
type ListGroup = { key: keyof Lists; legend: string; item: string; placeholder: string; max: number };
const TOPICS: ListGroup = { key: 'topics', legend: 'Topics', item: 'Topic', placeholder: 'e.g. System design', max: TOPIC_COUNT };
const TOOLS: ListGroup = { key: 'tools', legend: 'Tools', item: 'Tool', placeholder: 'e.g. PostgreSQL', max: TOOL_COUNT };
const QUESTIONS: ListGroup = {
  key: 'questions',
  legend: 'Questions',
  item: 'Question',
  placeholder: 'e.g. Tell me about a service you designed.',
  max: QUESTION_COUNT,
};

type Result = { tone: 'success' | 'error'; text: string };

/**
 * Create Interview Assistant (SPEC sections 2, 5, 8, 9). After a create the recruiter lands on
 * the new assistant's page, with the spec's success message (and its id) in a toast.
 */
export function CreateAssistantRoute() {
  const [form, setForm] = useState<Form>(emptyForm);
  const [result, setResult] = useState<Result | null>(null);
  const create = useCreateAssistant();
  const navigate = useNavigate();

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
        topics: filledItems(topics),
        questions: filledItems(questions),
        tools: filledItems(tools),
      },
      {
        onSuccess: (answer) => {
          if (!answer.id) {
            setResult({ tone: 'error', text: 'Assistant ID not found in response.' });
            return;
          }
          // Leaving the form means a second click cannot make a duplicate assistant.
          toast.success(`Assistant created successfully with ID: ${answer.id}`, { keepOnNavigation: true });
          void navigate(paths.assistant(answer.id));
        },
        onError: (error) => setResult({ tone: 'error', text: `Error: ${error.message}` }),
      },
    );
  };

  const group = ({ key, ...list }: ListGroup) => (
    <GrowingList key={key} {...list} items={form[key]} onChange={(items) => set(key, items)} />
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
