/** What a push may be about; each can be turned off in Profile. */
export const PUSH_TOPICS = ['messages', 'requests', 'urgent', 'marketplace', 'lostFound'] as const;

export type PushTopic = (typeof PUSH_TOPICS)[number];

export const PUSH_TOPIC_LABELS: Record<PushTopic, string> = {
  messages: 'New messages',
  requests: 'Request updates',
  urgent: 'New urgent requests (day scholars)',
  marketplace: 'Marketplace activity',
  lostFound: 'Lost and found: matches and claims',
};

/** Answers of the push subscription endpoints. */
export const PUSH_MESSAGES = {
  subscribed: 'Notifications are on for this device',
  unsubscribed: 'Notifications are off for this device',
  /** The endpoint is not https on an allowed port, or its host is not on the public internet. */
  endpointRefused: 'This push endpoint cannot be used. Push services must be public https addresses.',
  /** The host name of the endpoint does not resolve at all. */
  endpointUnknown: 'This push endpoint could not be found',
  /** Another account stored this endpoint with other keys. */
  endpointTaken: 'This push endpoint belongs to another account',
} as const;

/** How many devices of one account may receive pushes; subscribing another drops the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

/** The title of a push that carries a notification. */
export const PUSH_TITLE = 'CampusRun';
