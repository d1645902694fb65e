/** The JD shapes of SPEC section 3, as the server sends them. */
import type { ApiSchema } from '@/lib/api/types';

/** An item of the JD Folders list. */
export type JdFolder = ApiSchema<'FolderItem'>;

/** A JD's detail. `jddescription` is sanitised HTML, safe to render. */
export type JdDetail = ApiSchema<'JobDetail'>;

/** A JD in the bin. */
export type BinEntry = ApiSchema<'BinItem'>;

export type Done = ApiSchema<'Done'>;

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
};
