/** The e-mail waiting for its one-time code, kept until verified. */
export interface PendingVerification {
  email: string;
  userId: string;
  /** When the last code was sent (ms); drives the 60 s resend cooldown across reloads. */
  codeSentAt?: number;
}

const PENDING_VERIFICATION_KEY = 'pendingVerification';

export function readPendingVerification(): PendingVerification | null {
  try {
    const raw = localStorage.getItem(PENDING_VERIFICATION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingVerification>;
    if (typeof value.email !== 'string' || !value.email) return null;
    return {
      email: value.email,
      userId: typeof value.userId === 'string' ? value.userId : '',
      codeSentAt: typeof value.codeSentAt === 'number' ? value.codeSentAt : undefined,
    };
  } catch {
    return null;
  }
}

export function savePendingVerification(pending: PendingVerification) {
  try {
    localStorage.setItem(PENDING_VERIFICATION_KEY, JSON.stringify(pending));
  } catch {
    /* storage full or blocked: the navigation state still carries it */
  }
}

export function clearPendingVerification() {
  try {
    localStorage.removeItem(PENDING_VERIFICATION_KEY);
  } catch {
    /* ignore */
  }
}

/** Remember the pending e-mail together with "a code was sent just now" (starts the cooldown). */
export function savePendingWithCodeSent(
  pending: Omit<PendingVerification, 'codeSentAt'>,
): PendingVerification {
  const next = { ...pending, codeSentAt: Date.now() };
  savePendingVerification(next);
  return next;
}

/**
 * The secret register answered with the sign-up (its ticket): with the code it signs this browser in.
 * Kept for this tab only, beside the sign-up's id; a code typed elsewhere verifies without signing in.
 */
const SIGN_UP_TICKET_KEY = 'signUpTicket';

export function saveSignUpTicket(userId: string, ticket: string) {
  try {
    sessionStorage.setItem(SIGN_UP_TICKET_KEY, JSON.stringify({ userId, ticket }));
  } catch {
    /* storage blocked: the code still verifies, and the student signs in with the password */
  }
}

/** The ticket of this sign-up, if this tab made it. */
export function readSignUpTicket(userId: string): string | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(SIGN_UP_TICKET_KEY) ?? 'null') as {
      userId?: unknown;
      ticket?: unknown;
    } | null;
    return value && value.userId === userId && typeof value.ticket === 'string' ? value.ticket : undefined;
  } catch {
    return undefined;
  }
}

export function clearSignUpTicket() {
  try {
    sessionStorage.removeItem(SIGN_UP_TICKET_KEY);
  } catch {
    /* ignore */
  }
}
