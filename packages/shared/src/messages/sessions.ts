export const SESSION_MESSAGES = {
  loggedOut: 'Logged out successfully',
  loggedOutEverywhere: 'Signed out of all devices',
  ended: 'Device signed out',
  notFound: 'Session not found',
} as const;
