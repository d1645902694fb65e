import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

import { Field, describedBy, inputClass } from '@/components/ui/field';
import { useAssistantList } from '@/lib/queries/assistants';
import type { Assistant } from '@/lib/queries/assistants';

import { CreateAssistantHint } from './create-assistant-hint';

export const NO_ASSISTANTS = 'No assistants available';
export const ASSISTANTS_FAILED = 'Could not load assistants.';

/** What a picker needs of an assistant. */
export type AssistantOption = Pick<Assistant, 'id' | 'name'>;

const toOptions = (all: Assistant[]): AssistantOption[] => all.map(({ id, name }) => ({ id, name }));

/**
 * The assistant a picker stands on: the one chosen while it still exists, else the only one
 * there is (nothing to choose then), else none.
 */
export function pickAssistant(choice: string, list: readonly AssistantOption[]): string {
  if (choice && list.some((assistant) => assistant.id === choice)) return choice;
  return list.length === 1 ? list[0]!.id : '';
}

/**
 * The assistants to choose from (the shared query, fresh after one is created or deleted) and
 * the choice, starting from `initial` (a saved assistant).
 */
export function useAssistantPicker(initial = '') {
  const assistants = useAssistantList({ select: toOptions });
  const [choice, setChoice] = useState(initial);

  // SPEC section 8: a failed assistant list is logged; the picker shows the short text.
  useEffect(() => {
    if (assistants.error) console.error('Failed to load assistants', assistants.error);
  }, [assistants.error]);

  const list = assistants.data ?? [];
  return {
    list,
    value: pickAssistant(choice, list),
    choose: setChoice,
    loading: assistants.isPending,
    loadError: assistants.isError ? ASSISTANTS_FAILED : undefined,
    /** Loaded, and there is none: the hint offers to create one. */
    empty: !assistants.isPending && !assistants.isError && list.length === 0,
  };
}

export type AssistantPicker = ReturnType<typeof useAssistantPicker>;

export type AssistantSelectProps = {
  id: string;
  picker: AssistantPicker;
  /** What the assistant is for, under the select (replaced by the way to create one when there is none). */
  hint: ReactNode;
  /** The form's own complaint (none chosen); a failed list is said first. */
  error?: string;
  disabled?: boolean;
  testId?: string;
  className?: string;
};

/** The "AI assistant" select of the forms that start interviews, with its loading, failed and empty states. */
export function AssistantSelect({ id, picker, hint, error, disabled, testId, className }: AssistantSelectProps) {
  const { list, value, choose, loading, loadError, empty } = picker;
  // With no assistant at all, the hint (the way to create one) says more than "choose one".
  const shown = loadError ?? (empty ? undefined : error);
  return (
    <Field id={id} label="AI assistant" required className={className} hint={empty ? <CreateAssistantHint /> : hint} error={shown}>
      <select
        id={id}
        data-testid={testId}
        value={value}
        onChange={(event) => choose(event.target.value)}
        disabled={disabled}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error: shown })}
        className={inputClass(Boolean(shown))}
      >
        {list.length === 0 ? (
          <option value="">{loading ? 'Loading assistants…' : NO_ASSISTANTS}</option>
        ) : (
          <>
            <option value="" disabled>
              Select an assistant
            </option>
            {list.map((assistant) => (
              <option key={assistant.id} value={assistant.id}>
                {assistant.name || assistant.id}
              </option>
            ))}
          </>
        )}
      </select>
    </Field>
  );
}
