import { badRequest } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/**
 * Keyset pagination cursors: the opaque form of the last row's id. The next page starts after that
 * row in the list's own order, so rows added or removed meanwhile never shift a page.
 */
export function encodeCursor(id: string): string {
  return Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url');
}

/** The row id a cursor stands for; a 400 for anything that is not a cursor this server issued. */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const hex = Buffer.from(cursor, 'base64url').toString('hex');
  if (hex.length !== 32 || encodeCursor(hex) !== cursor) {
    throw badRequest('Invalid cursor', [{ param: 'cursor', msg: 'Invalid cursor' }]);
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Splits a limit+1 fetch into the page and the cursor of the next one. */
export function pageOf<T extends { id: string }>(rows: T[], limit: number) {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  return { items, nextCursor: hasMore ? encodeCursor(items[items.length - 1]!.id) : null };
}
