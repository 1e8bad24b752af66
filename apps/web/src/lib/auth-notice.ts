import type { ErrorReason, SessionRefusal } from '@campusrun/shared';

/** Where this tab keeps why the server last signed it out, until the sign-in page says it. */
const STORAGE_KEY = 'signedOutBecause';

/**
 * Notes why a call that carried this device's token was refused: its session was ended from another
 * device, or (any other reason) it expired. Kept for this tab only, and only until it is said.
 */
export function noteSignedOut(reason: ErrorReason | undefined) {
  const why: SessionRefusal = reason === 'sessionEnded' ? 'sessionEnded' : 'sessionExpired';
  try {
    sessionStorage.setItem(STORAGE_KEY, why);
  } catch {
    /* storage blocked: the sign-in page opens without saying why */
  }
}

/** Why this tab was signed out, if it was and nobody has said so yet. */
export function readSignedOutNote(): SessionRefusal | null {
  try {
    const why = sessionStorage.getItem(STORAGE_KEY);
    return why === 'sessionEnded' || why === 'sessionExpired' ? why : null;
  } catch {
    return null;
  }
}

/** Forgets the note: it was said, or this device signed out on purpose. */
export function clearSignedOutNote() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* nothing kept */
  }
}
