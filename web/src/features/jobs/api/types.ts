/** The JD shapes of SPEC section 3, as the server sends them. */
import type { ApiSchema } from '@/lib/api/types';

/** An item of the JD Folders list. */
export type JdFolder = ApiSchema<'FolderItem'>;

/** A JD's detail. `jddescription` is sanitised HTML, safe to render. */
export type JdDetail = ApiSchema<'JobDetail'>;

/** A JD in the bin. */
export type BinEntry = ApiSchema<'BinItem'>;

export type Done = ApiSchema<'Done'>;

/** A JD's public job page as recruiters see it (`GET /Careers/Posting`). */
export type Posting = ApiSchema<'Posting'>;

/** What a recruiter sets on a job page (`PUT /Careers/Posting`). */
export type PostingInput = ApiSchema<'PostingBody'>;

/** Where the work happens: `onsite`, `hybrid` or `remote`. */
export type WorkType = ApiSchema<'WorkType'>;

/** The kind of contract: `fullTime`, `partTime`, `contract`, `temporary` or `internship`. */
export type EmploymentType = ApiSchema<'EmploymentType'>;

/** A JD's autopilot, which invites qualifying applicants (`GET /Careers/Autopilot`). */
export type Autopilot = ApiSchema<'Autopilot'>;

/** `PUT /Careers/Autopilot`. */
export type AutopilotInput = ApiSchema<'AutopilotBody'>;

/**
 * What a page passes to the JD detail and edit pages in navigation state
 * (SPEC section 2), so they can show the name (or the form) at once.
 */
export type JdNavigationState = Partial<
  Pick<JdDetail, 'jdname' | 'jobDescId' | 'jddescription' | 'keySkills' | 'additionalNotes' | 'experience' | 'resumeRequired'>
>;

export const jdKeys = {
  all: ['jds'] as const,
  folders: () => ['jds', 'folders'] as const,
  detail: (id: string) => ['jds', 'detail', id] as const,
  bin: () => ['jds', 'bin'] as const,
  posting: (id: string) => ['jds', 'posting', id] as const,
  autopilot: (id: string) => ['jds', 'autopilot', id] as const,
};
