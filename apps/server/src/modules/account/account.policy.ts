import {
  ACCOUNT_BLOCKER_KINDS,
  ACCOUNT_DELETION,
  type AccountBlocker,
  type AccountRefusal,
} from '@campusrun/shared';

/**
 * The rules of "Delete my account". Pure: no I/O. The service checks the member's proof with these
 * before the deletion's transaction, and the blockers inside it.
 */

/** How the member proves it is them: their password, or (no password: Google sign-in) the typed word. */
export const proofNeeded = (hasPassword: boolean): 'password' | 'confirm' =>
  hasPassword ? 'password' : 'confirm';

/** Why a member without a password may not delete now, or null. */
export function confirmRefusal(
  confirm: string | undefined,
  sessionCreatedAt: Date | null,
  now: Date,
): 'confirmWrong' | Extract<AccountRefusal, 'signInAgain'> | null {
  if (confirm?.trim() !== ACCOUNT_DELETION.confirmWord) return 'confirmWrong';
  // Whoever holds an old token of theirs (a borrowed phone, a stolen token) must sign in with Google
  // again first: a typed word proves nothing by itself.
  const recent = now.getTime() - ACCOUNT_DELETION.recentSignInMinutes * 60_000;
  if (!sessionCreatedAt || sessionCreatedAt.getTime() < recent) return 'signInAgain';
  return null;
}

/** The blockers in the order the screen lists them: by kind, then as found. */
export const orderBlockers = (blockers: AccountBlocker[]) =>
  [...blockers].sort((a, b) => ACCOUNT_BLOCKER_KINDS.indexOf(a.kind) - ACCOUNT_BLOCKER_KINDS.indexOf(b.kind));
