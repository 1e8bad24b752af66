import type { User } from '@campusrun/shared';

/** "Block A, room 101" from the profile's hostel block and room; '' when either is missing. */
export function profileLocation(user: Pick<User, 'hostelBlock' | 'roomNumber'> | null): string {
  const block = user?.hostelBlock?.trim();
  const room = user?.roomNumber?.trim();
  if (!block || !room) return '';
  return `${/^block\b/i.test(block) ? block : `Block ${block}`}, ${/^room\b/i.test(room) ? room : `room ${room}`}`;
}

/**
 * The last `count` different delivery locations of the student's own requests, newest first
 * (`requests` newest first); spelling variants that differ only in case or spaces count once.
 */
export function recentLocations(requests: readonly { deliveryLocation: string }[], count = 3): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const { deliveryLocation } of requests) {
    const location = deliveryLocation.trim();
    const key = location.toLowerCase().replace(/\s+/g, ' ');
    if (!location || seen.has(key)) continue;
    seen.add(key);
    result.push(location);
    if (result.length === count) break;
  }
  return result;
}
