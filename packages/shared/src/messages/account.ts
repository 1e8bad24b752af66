/** "Delete my account": who may, what stands in the way, and what the screens say. */
export const ACCOUNT_DELETION = {
  /** What a member without a password types to confirm. */
  confirmWord: 'DELETE',
  /** A member without a password deletes within this many minutes of signing in. */
  recentSignInMinutes: 10,
  /** Attempts per member per hour (a wrong password counts). */
  perHour: 5,
} as const;

/** The name every screen shows for an account that was deleted. */
export const DELETED_USER_NAME = 'Deleted user';

/** What keeps an account from being deleted until it is finished or handed back. */
export const ACCOUNT_BLOCKER_KINDS = ['delivery', 'request', 'trip', 'run', 'settlement'] as const;
export type AccountBlockerKind = (typeof ACCOUNT_BLOCKER_KINDS)[number];

export const ACCOUNT_BLOCKER_LABELS: Record<AccountBlockerKind, string> = {
  delivery: 'A delivery you accepted',
  request: 'Your request someone accepted',
  trip: 'Your open trip',
  run: 'A shared run you are part of',
  settlement: 'A payment not yet settled',
};

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Enter your password to delete your account',
  passwordWrong: 'That password is not right',
  confirmWrong: `Type ${ACCOUNT_DELETION.confirmWord} to confirm`,
  signInAgain: `For your safety, sign in again and delete your account within ${ACCOUNT_DELETION.recentSignInMinutes} minutes`,
  blocked: 'Your account cannot be deleted yet. Finish or hand back these first:',
  /** Under the list of what is in the way, in the Delete dialog. */
  blockedAfter: 'Once they are done, come back here to delete your account.',
  /** The Delete dialog looking up what is still open, before it asks for anything. */
  checking: 'Checking whether anything is still open…',
  checkFailed: 'Could not check whether anything is still open',
  tooMany: 'Too many attempts. Please try again later.',
  deleted: 'Your account has been deleted.',
  /** The confirmation's heading and what it says will happen. */
  confirmTitle: 'Delete your account?',
  confirmBody: [
    'You are signed out everywhere, and your profile, phone, hostel, UPI ID, saved items, blocks and e-mail settings are erased.',
    'Your open requests are cancelled and your listings removed.',
    `Messages you sent and ratings stay where they are, shown from "${DELETED_USER_NAME}".`,
    'This cannot be undone. You can sign up again later with the same e-mail as a new account.',
  ],
} as const;

/**
 * Places on the Me tab (/profile) a link may open at, by the address's #hash: `upi-id` opens the
 * profile form with the cursor in the UPI ID.
 */
export const PROFILE_ANCHORS = { upiId: 'upi-id' } as const;
