/** The JD shapes of SPEC section 3, as the server sends them. */

/** An item of the JD Folders list. */
export type JdFolder = {
  jdid: string;
  jobDescId: number;
  jdname: string;
  jddescription: string;
  keySkills: string;
  numberOfResumes: number;
  resumesAnalyzed: number;
  /** ISO timestamp. */
  createdOn: string;
};

/** A JD's detail. `jddescription` is sanitised HTML, safe to render. */
export type JdDetail = {
  jobDescId: number;
  jdid: string;
  jdname: string;
  jddescription: string;
  keySkills: string;
  additionalNotes: string;
  experience: string;
  createdOn: string;
  /** `YYYY-MM-DD` or null. */
  applyLastDate: string | null;
  resumeRequired: boolean;
};

/** A JD in the bin. */
export type BinEntry = {
  jobDescId: number;
  jdid: string;
  jdname: string;
  deleteReason: string;
  deletedBy: string | null;
  deletedAt: string;
  purgeAt: string;
  daysLeft: number;
};

export type Done = { success: boolean; message: string };

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
