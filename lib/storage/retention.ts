// How long an operation's result is kept when nothing else keeps it (a gallery save, a project).

/** Unsaved results are kept this long (a saved gallery image has its own copy). */
export const RESULT_TTL_DAYS = 30;
/** A guest's results go after a day: a guest who wants to keep one signs up, and takes it along (lib/auth/guest-work.ts). */
export const GUEST_RESULT_TTL_DAYS = 1;
