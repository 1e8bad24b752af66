import type { User } from '@campusrun/shared';

/** "Block A, room 101" from the profile's hostel block and room; '' when either is missing. */
export function profileLocation(user: Pick<User, 'hostelBlock' | 'roomNumber'> | null): string {
  const block = user?.hostelBlock?.trim();
  const room = user?.roomNumber?.trim();
  if (!block || !room) return '';
  return `${/^block\b/i.test(block) ? block : `Block ${block}`}, ${/^room\b/i.test(room) ? room : `room ${room}`}`;
}
