/** E-mails sent while the user is away, and the daily digest of saved searches' matches (off unless chosen). */
export const EMAIL_KINDS = ['messages', 'requests', 'searches'] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  messages: 'Unread messages',
  requests: 'My requests accepted or delivered',
  searches: 'New matches of my saved searches, in one e-mail a day instead of alerts',
};

export const EMAIL_LIMITS = {
  /** A message unread this long, while its receiver is away, sends one e-mail. */
  unreadDelaySeconds: 600,
  /** At most one e-mail per conversation in this window. */
  perConversationSeconds: 3600,
  /** At most this many e-mails per user per day. */
  dailyCap: 10,
} as const;

/** The wording of the e-mails sent while a member is away, and of the unsubscribe link's page. */
export const AWAY_EMAILS = {
  greeting: (name: string) => `Hi ${name},`,
  unread: (count: number, sender: string) =>
    `You have ${count} unread ${count === 1 ? 'message' : 'messages'} from ${sender}`,
  /** `what` is what the deliverer did. */
  requestUpdate: (deliverer: string, what: 'accepted' | 'delivered', item: string) =>
    `${deliverer} ${what} your request for ${item}`,
  /** The body's line under the greeting: the subject as a sentence. */
  sentence: (subject: string) => `${subject}.`,
  unreadSentence: (subject: string) => `${subject} on CampusRun.`,
  openConversation: 'Open the conversation',
  openRequest: 'Open the request',
  settleUp: 'Settle up',
  whyYouGetThis: 'You get this because you were away.',
  /** The footer's link: "Stop unread-message e-mails". */
  stop: (kind: EmailKind) =>
    `Stop ${{ messages: 'unread-message', requests: 'request-update', searches: 'saved-search digest' }[kind]} e-mails`,
  unsubscribed: {
    title: 'Unsubscribed',
    text: (label: string) => `You will no longer get “${label}” e-mails.`,
  },
  linkInvalid: {
    title: 'Link not valid',
    text: 'This unsubscribe link is not valid. Change e-mails in your profile.',
  },
  settingsLink: 'Notification settings',
} as const;

/** The daily e-mail of new matches, for members who chose it instead of alerts. */
export const SEARCH_DIGEST_EMAIL = {
  subject: (count: number) => `${count} new ${count === 1 ? 'match' : 'matches'} for your saved searches`,
  /** One line per search: its name, how many new posts, and the first few of them. */
  line: (search: string, count: number, examples: string[]) =>
    `“${search}”: ${count} new — ${examples.join(', ')}${count > examples.length ? ', …' : ''}`,
  open: 'Open your saved searches',
  why: 'You get this because you chose one e-mail a day for your saved searches.',
} as const;
