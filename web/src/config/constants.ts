/** Business constants from SPEC section 9 that the client enforces. */
export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_RESENDS = 3;
export const OTP_VALID_MINUTES = 15;

export const TOAST_AUTO_CLOSE_MS = 4000;
export const LOGIN_SUCCESS_TOAST_MS = 3000;
export const TOAST_LIMIT = 20;

/** Width under which the sidebar starts collapsed (SPEC section 2 and 9). */
export const MOBILE_BREAKPOINT_PX = 640;

/** Job descriptions (SPEC section 5 and 9). */
export const JD_NOTES_MAX_CHARS = 300;
export const JD_MIN_KEY_SKILLS = 3;
export const BIN_RETENTION_DAYS = 30;

/** Candidate lists (SPEC section 9): rows per page; the Pass threshold of the ATS score. */
export const CANDIDATES_PAGE_SIZE = 10;
export const PASS_THRESHOLD = 60;
/** Upload size cap the server enforces (10 MB by default). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
