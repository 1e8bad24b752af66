import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  DeleteAccountBody,
  DeviceSession,
  EmailPreferences,
  ProfileUpdateBody,
  PushPreferences,
  Role,
} from '@campusrun/shared';
import { resizePhoto } from '@/lib/resize-photo';
import * as endpoints from './endpoints/account';
import * as identityApi from './endpoints/identity';
import * as emailsApi from './endpoints/emails';
import * as pushApi from './endpoints/push';

const accountKeys = {
  pushConfig: ['push', 'config'] as const,
  emailPreferences: ['email', 'preferences'] as const,
  sessions: ['auth', 'sessions'] as const,
  deletionBlockers: ['account', 'deletion-blockers'] as const,
};

/**
 * The user's avatar is embedded in many answers (requests, products, chat): after a change every
 * cached one is marked stale, so a screen shows the new photo when it is next opened (open ones
 * refetch now).
 */
function invalidateAfterAvatarChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries();
}

/** PUT /users/change-password → { message, token }: the old token is revoked, the new one replaces it. */
const changePassword = (body: ChangePasswordBody) => endpoints.changePassword({ body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/**
 * DELETE /users/me → { message }: the account is deleted and every one of its sessions ended. Sent
 * with the password, or with `confirm: 'DELETE'` by a member who has none. Refusals: 400 on the
 * field, 403 `signInAgain`, 409 `accountInUse` with the `blockers`, 429 after too many attempts.
 */
const deleteAccount = (body: DeleteAccountBody) => endpoints.deleteAccount({ body });

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/**
 * GET /users/me/deletion-blockers → { blockers }: what keeps the account from being deleted now (the
 * Delete dialog asks each time it opens, while `enabled`). The deletion itself checks again.
 */
const getDeletionBlockers = (signal?: AbortSignal) =>
  endpoints.deletionBlockers({ signal }).then((body) => body.blockers);

export function useDeletionBlockers(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.deletionBlockers,
    queryFn: ({ signal }) => getDeletionBlockers(signal),
    enabled,
    // Asked afresh each time the dialog opens, and only then: never under a password being typed.
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /auth/logout-all → { message }: every device of the account is signed out, this one included. */
const endAllSessions = () => identityApi.logoutAll();

export function useEndAllSessions() {
  return useMutation({ mutationFn: endAllSessions });
}

/** DELETE /auth/sessions/{id} → { message }: signs one of the account's other devices out. */
const endSession = (id: string) => identityApi.endSession({ params: { id } });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<DeviceSession[]>(accountKeys.sessions, (old) =>
        old?.filter((s) => s.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/**
 * GET /users/me/export → a JSON file of everything held about the signed-in user, with its name
 * (campusrun-data-YYYY-MM-DD.json). A few exports an hour; more are refused with 429 and a message.
 */
const exportMyData = () => endpoints.exportData();

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}

/** GET /email/preferences → { preferences }: which e-mails the user gets while away. */
const getEmailPreferences = (signal?: AbortSignal) =>
  emailsApi.preferences({ signal }).then((b) => b.preferences);

const emailPreferencesQuery = () =>
  queryOptions({
    queryKey: accountKeys.emailPreferences,
    queryFn: ({ signal }) => getEmailPreferences(signal),
  });

export function useEmailPreferences() {
  return useQuery(emailPreferencesQuery());
}

export type PushConfig = { publicKey: string | null; preferences: PushPreferences };

/** GET /push/config: the server's VAPID key (null: pushes are off) and the user's choices. */
const getPushConfig = (signal?: AbortSignal) => pushApi.config({ signal });

const pushConfigQuery = () =>
  queryOptions({ queryKey: accountKeys.pushConfig, queryFn: ({ signal }) => getPushConfig(signal) });

export function usePushConfig() {
  return useQuery(pushConfigQuery());
}

/** GET /auth/sessions → { sessions }: the devices signed in to the account, most recently used first. */
const getSessions = (signal?: AbortSignal) => identityApi.sessions({ signal }).then((body) => body.sessions);

const sessionsQuery = () =>
  queryOptions({ queryKey: accountKeys.sessions, queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQuery());
}

/*
 * POST /push/subscriptions (this browser's subscription) and DELETE /push/subscriptions { endpoint }:
 * the one address is turned on and off, together with the browser's own subscription.
 */

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
  // The keys as the browser encodes them (base64url); a missing one is refused by the server.
  const { keys } = subscription.toJSON();
  const { p256dh = '', auth = '' } = keys ?? {};
  await pushApi.subscribe({ body: { endpoint: subscription.endpoint, keys: { p256dh, auth } } });
  return permission;
}

/** Unsubscribes this browser and tells the server. */
export async function turnOffPush() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await pushApi.unsubscribe({ body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/** DELETE /users/avatar → { message, user }. */
const removeAvatar = () => endpoints.removeAvatar();

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeAvatar, onSuccess: () => invalidateAfterAvatarChange(queryClient) });
}

/** PUT /email/preferences → { preferences }. */
const saveEmailPreferences = (preferences: EmailPreferences) =>
  emailsApi.setPreferences({ body: preferences }).then((b) => b.preferences);

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(accountKeys.emailPreferences, preferences),
  });
}

/** PUT /push/preferences → { preferences }: which pushes the user gets. */
const savePushPreferences = (preferences: PushPreferences) => pushApi.setPreferences({ body: preferences });

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushPreferences,
    onSuccess: ({ preferences }) =>
      queryClient.setQueryData<PushConfig>(accountKeys.pushConfig, (old) => old && { ...old, preferences }),
  });
}

/** PUT /users/profile → { message, user }. */
const updateProfile = (body: ProfileUpdateBody) => endpoints.updateProfile({ body });

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

interface UploadAvatarVariables {
  file: File;
  /** Upload progress, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** PUT /users/avatar, multipart with one `avatar` file (resized on this device first) → { message, user }. */
async function uploadAvatar({ file, onProgress }: UploadAvatarVariables) {
  const photo = await resizePhoto(file);
  const form = new FormData();
  form.append('avatar', photo, photo.name);
  return endpoints.setAvatar({ body: form }, { onProgress });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: () => invalidateAfterAvatarChange(queryClient) });
}

interface CompleteProfileBody {
  role: Role;
  phoneNumber: string;
  hostelBlock: string | null;
  roomNumber: string | null;
}

/** PUT /users/complete-google-profile → { user }. */
const completeGoogleProfile = (body: CompleteProfileBody) => endpoints.completeGoogleProfile({ body });

export function useCompleteGoogleProfile() {
  return useMutation({ mutationFn: completeGoogleProfile });
}
