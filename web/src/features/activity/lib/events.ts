/** How the activity pages name event kinds and actors, and read their filters from the URL. */
import type { ActivityFilters, ActorKind, EventActor, EventKind } from '../api/types';

/** Each event kind's label; a Record, so a kind the server adds cannot be left without one. */
const KIND_LABELS: Record<EventKind, string> = {
  uploaded: 'Resume uploaded',
  analysed: 'Resume analysed',
  analysisFailed: 'Analysis failed',
  invited: 'Invited to interview',
  emailSent: 'E-mail sent',
  booked: 'Interview booked',
  rescheduled: 'Interview rescheduled',
  joined: 'Joined the interview',
  analysisStored: 'Interview analysed',
  integrityFailed: 'Integrity check failed',
  attemptChosen: 'Interview attempt chosen',
  scorecard: 'Scorecard',
  stageChanged: 'Stage changed',
  erasureRequested: 'Erasure requested',
  accommodationRequested: 'Alternative process requested',
  accommodationAnswered: 'Alternative process answered',
  autopilotSkipped: 'Autopilot did not invite',
  erased: 'Personal data erased',
};

/** Every event kind with its label, in the order a process runs. */
export const EVENT_KINDS: ReadonlyArray<{ value: EventKind; label: string }> = (Object.keys(KIND_LABELS) as EventKind[]).map((value) => ({
  value,
  label: KIND_LABELS[value],
}));

export const ACTOR_KINDS: ReadonlyArray<{ value: ActorKind; label: string }> = [
  { value: 'recruiter', label: 'Any recruiter' },
  { value: 'candidate', label: 'Candidate' },
  { value: 'system', label: 'System' },
];

export function kindLabel(kind: EventKind): string {
  return KIND_LABELS[kind] ?? kind;
}

/** The recruiter's name, or "Candidate" / "System" (a recruiter without a stored name is "A recruiter"). */
export function actorLabel(actor: EventActor): string {
  if (actor.kind === 'candidate') return 'Candidate';
  if (actor.kind === 'system') return 'System';
  return actor.name?.trim() || 'A recruiter';
}

const isKind = (value: string): value is EventKind => EVENT_KINDS.some((option) => option.value === value);
const isActorKind = (value: string): value is ActorKind => ACTOR_KINDS.some((option) => option.value === value);

/**
 * The organisation feed's filters from the URL (`jdId`, `kind`, `actor`, `recruiterId`).
 * Unknown kinds and actors are dropped rather than sent (the server would refuse them).
 */
export function readFeedFilters(params: URLSearchParams): ActivityFilters {
  const filters: ActivityFilters = {};
  const jdId = params.get('jdId')?.trim();
  if (jdId) filters.jdId = jdId;
  const kind = params.get('kind') ?? '';
  if (isKind(kind)) filters.kind = kind;
  const recruiterId = params.get('recruiterId')?.trim() ?? '';
  if (/^\d+$/.test(recruiterId)) filters.recruiterId = Number(recruiterId);
  const actor = params.get('actor') ?? '';
  if (filters.recruiterId === undefined && isActorKind(actor)) filters.actor = actor;
  return filters;
}

/** The actor select's value: '', an actor kind, or `member:{id}` for one recruiter. */
export function actorChoiceOf(filters: ActivityFilters): string {
  if (filters.recruiterId !== undefined) return `member:${filters.recruiterId}`;
  return filters.actor ?? '';
}

/** Writes a filter into the URL's query (an empty value removes it). */
export function withFilter(params: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
