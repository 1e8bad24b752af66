import type { EmailPreferences, PushPreferences } from '@campusrun/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';

const pushKeys = { config: ['push', 'config'] as const };
type PushConfig = { publicKey: string | null; preferences: PushPreferences };

/** GET /push/config: the server's VAPID key (null: pushes are off) and the user's choices. */
export function usePushConfig() {
  return useQuery({
    queryKey: pushKeys.config,
    queryFn: ({ signal }) => api.get<PushConfig>('/push/config', { signal }),
  });
}

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PushPreferences) =>
      api.put<{ preferences: PushPreferences }>('/push/preferences', preferences),
    onSuccess: ({ preferences }) =>
      queryClient.setQueryData<PushConfig>(pushKeys.config, (old) => old && { ...old, preferences }),
  });
}

/** The VAPID key as the Push API wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** This browser's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission, subscribes this browser and tells the server. */
export async function turnOnPush(publicKey: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await api.post('/push/subscriptions', subscription.toJSON());
  return permission;
}

/** Unsubscribes this browser and tells the server. */
export async function turnOffPush() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiRequest('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

const emailKeys = { preferences: ['email', 'preferences'] as const };

/** GET /email/preferences: which e-mails the user gets while away. */
export function useEmailPreferences() {
  return useQuery({
    queryKey: emailKeys.preferences,
    queryFn: ({ signal }) =>
      api.get<{ preferences: EmailPreferences }>('/email/preferences', { signal }).then((b) => b.preferences),
  });
}

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: EmailPreferences) =>
      api
        .put<{ preferences: EmailPreferences }>('/email/preferences', preferences)
        .then((b) => b.preferences),
    onSuccess: (preferences) => queryClient.setQueryData(emailKeys.preferences, preferences),
  });
}
