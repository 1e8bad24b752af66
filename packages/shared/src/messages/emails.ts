/** E-mails sent while the user is away; each kind can be turned off (Profile, or the mail's link). */
export const EMAIL_KINDS = ['messages', 'requests'] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  messages: 'Unread messages',
  requests: 'My requests accepted or delivered',
};

export const EMAIL_LIMITS = {
  /** A message unread this long, while its receiver is away, sends one e-mail. */
  unreadDelaySeconds: 600,
  /** At most one e-mail per conversation in this window. */
  perConversationSeconds: 3600,
  /** At most this many e-mails per user per day. */
  dailyCap: 10,
} as const;
