/**
 * What a member answered when asked to turn notifications on, kept on this device per member: after a
 * first "Not now" they are asked at most once more, 14 days later; after a second, never.
 */
const KEY_PREFIX = 'campusrun.pushAsk.';
const ASK_AGAIN_AFTER_MS = 14 * 24 * 60 * 60 * 1000;
const MAX_DECLINES = 2;

interface Memory {
  declines: number;
  /** When the last "Not now" was said (ms). */
  lastDeclinedAt: number;
}

function read(userId: string): Memory {
  try {
    const value = JSON.parse(localStorage.getItem(KEY_PREFIX + userId) ?? 'null') as Partial<Memory> | null;
    return {
      declines: typeof value?.declines === 'number' ? value.declines : 0,
      lastDeclinedAt: typeof value?.lastDeclinedAt === 'number' ? value.lastDeclinedAt : 0,
    };
  } catch {
    return { declines: 0, lastDeclinedAt: 0 };
  }
}

function write(userId: string, memory: Memory) {
  try {
    localStorage.setItem(KEY_PREFIX + userId, JSON.stringify(memory));
  } catch {
    /* storage full or blocked: the member may be asked again, nothing worse */
  }
}

export function mayAskForPush(userId: string, now = Date.now()): boolean {
  const { declines, lastDeclinedAt } = read(userId);
  if (declines === 0) return true;
  return declines < MAX_DECLINES && now - lastDeclinedAt >= ASK_AGAIN_AFTER_MS;
}

export function rememberNotNow(userId: string, now = Date.now()) {
  write(userId, { declines: read(userId).declines + 1, lastDeclinedAt: now });
}

/** Turned off in Profile: a choice made there is not questioned again. */
export function stopAskingForPush(userId: string) {
  write(userId, { declines: MAX_DECLINES, lastDeclinedAt: Date.now() });
}
