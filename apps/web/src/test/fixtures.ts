import type { CampusConfig, User } from '@campusrun/shared';

export const campusConfig: CampusConfig = {
  campusName: 'Example University',
  emailDomain: 'example.edu',
  googleEnabled: false,
  supportEmail: 'support@example.edu',
};

export const hosteller: User = {
  id: '3f0e8f8e-2a55-4b43-9d0c-1f3f8a1c0a01',
  name: 'Asha Rao',
  email: 'asha@example.edu',
  role: 'hosteller',
  avatar: null,
  phoneNumber: '9876543210',
  hostelBlock: 'Block A',
  roomNumber: '101',
  isVerified: true,
  isProfileComplete: true,
  isModerator: false,
  upiId: null,
  hasPassword: true,
  createdAt: '2026-09-01T10:00:00.000Z',
};

export const dayscholar: User = {
  id: '7b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a02',
  name: 'Ravi Kumar',
  email: 'ravi@example.edu',
  role: 'dayscholar',
  avatar: null,
  phoneNumber: '9123456780',
  hostelBlock: null,
  roomNumber: null,
  isVerified: true,
  isProfileComplete: true,
  isModerator: false,
  upiId: null,
  hasPassword: true,
  createdAt: '2026-09-02T10:00:00.000Z',
};

/** A Google user who has not chosen a role yet. */
export const incompleteUser: User = {
  id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c03',
  name: 'Meera Iyer',
  email: 'meera@example.edu',
  role: null,
  avatar: null,
  phoneNumber: null,
  hostelBlock: null,
  roomNumber: null,
  isVerified: true,
  isProfileComplete: false,
  isModerator: false,
  upiId: null,
  hasPassword: true,
  createdAt: '2026-09-03T10:00:00.000Z',
};
