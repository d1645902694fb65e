/**
 * The details form as the settings page edits it: label overrides as text ('' keeps the
 * spec's), choices one per line, and a local key per custom question so a new one (no id yet)
 * keeps its inputs while the list grows and shrinks.
 */
import type { DetailsFormSettings, QuestionKind, SpecQuestion } from '@/lib/details-form';

export type DraftQuestion = { key: string; id: string; label: string; kind: QuestionKind; required: boolean; choices: string };

export type DetailsFormDraft = {
  fields: SpecQuestion[];
  officeName: string;
  payUnit: string;
  customQuestions: DraftQuestion[];
};

let nextKey = 0;
const newKey = () => `question-${(nextKey += 1)}`;

export function toDraft(settings: DetailsFormSettings): DetailsFormDraft {
  return {
    fields: settings.fields.map((field) => ({ ...field, label: field.label ?? '' })),
    officeName: settings.officeName,
    payUnit: settings.payUnit,
    customQuestions: settings.customQuestions.map((question) => ({
      key: newKey(),
      id: question.id ?? '',
      label: question.label,
      kind: question.kind,
      required: question.required ?? false,
      choices: (question.choices ?? []).join('\n'),
    })),
  };
}

export function emptyQuestion(): DraftQuestion {
  return { key: newKey(), id: '', label: '', kind: 'text', required: false, choices: '' };
}

/** The body of `PUT /Settings/DetailsForm`; the server trims, and gives new questions their ids. */
export function fromDraft(draft: DetailsFormDraft): DetailsFormSettings {
  return {
    fields: draft.fields.map((field) => ({ ...field, label: field.label?.trim() ? field.label : null })),
    officeName: draft.officeName,
    payUnit: draft.payUnit,
    customQuestions: draft.customQuestions.map((question) => ({
      id: question.id,
      label: question.label,
      kind: question.kind,
      required: question.required,
      choices:
        question.kind === 'choice'
          ? question.choices
              .split('\n')
              .map((choice) => choice.trim())
              .filter(Boolean)
          : [],
    })),
  };
}
