export const SESSION_MESSAGES = {
  loggedOut: 'Logged out successfully',
  loggedOutEverywhere: 'Signed out of all devices',
  ended: 'Device signed out',
  notFound: 'Session not found',
} as const;

/** How a signed-in device is named in the list of sessions: "Chrome on Android", "Android device"… */
export const DEVICE_LABELS = {
  browserOn: (browser: string, system: string) => `${browser} on ${system}`,
  system: (system: string) => `${system} device`,
  unknown: 'Unknown device',
} as const;
