import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { turnOnPush } from '@/api/account';

/** Turning this device's notifications on or off is one action: its toasts replace each other. */
export const PUSH_TOAST = { toastId: 'push:device' };

export const PUSH_FAILED = 'Could not change notifications on this device';

/**
 * Turns notifications on for this device, from Profile or from the prompt after an action, with the
 * same toasts: on, blocked by the browser, or failed. Answers the browser's permission, or null when
 * it failed.
 */
export async function turnOnPushHere(publicKey: string): Promise<NotificationPermission | null> {
  try {
    const permission = await turnOnPush(publicKey);
    if (permission === 'granted') toast.success('Notifications are on for this device', PUSH_TOAST);
    else toast.error('Notifications are blocked in this browser’s settings', PUSH_TOAST);
    return permission;
  } catch (error) {
    toast.error(errorMessage(error, PUSH_FAILED), PUSH_TOAST);
    return null;
  }
}
