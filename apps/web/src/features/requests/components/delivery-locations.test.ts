import { describe, expect, it } from 'vitest';
import { profileLocation } from '@/components/requests/profile-location';
import { recentLocations } from './delivery-locations';

describe('delivery locations', () => {
  it('writes the profile block and room as a location, whichever way they were typed', () => {
    expect(profileLocation({ hostelBlock: 'Block A', roomNumber: '101' })).toBe('Block A, room 101');
    expect(profileLocation({ hostelBlock: 'C', roomNumber: 'Room 12' })).toBe('Block C, Room 12');
    expect(profileLocation({ hostelBlock: 'A', roomNumber: null })).toBe('');
    expect(profileLocation(null)).toBe('');
  });

  it('keeps the last three different places, newest first', () => {
    const requests = ['Block A gate', 'block a  gate', 'Library', 'Block A gate', ' ', 'Canteen', 'Gym'].map(
      (deliveryLocation) => ({ deliveryLocation }),
    );
    expect(recentLocations(requests)).toEqual(['Block A gate', 'Library', 'Canteen']);
    expect(recentLocations([])).toEqual([]);
  });
});
