import type { SessionRefusal } from '../reasons';
import { HTTP_MESSAGES } from './http';

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

/**
 * Why this device is signed out, by the 401's `reason`: the server's message, and what the sign-in
 * page says when the app lands there after it.
 */
export const SESSION_REFUSAL_MESSAGES: Readonly<Record<SessionRefusal, string>> = {
  sessionEnded: 'You were signed out from another device. Please sign in again.',
  sessionExpired: HTTP_MESSAGES.sessionExpired,
};
