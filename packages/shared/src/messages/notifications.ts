export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  allRead: 'All notifications marked as read',
} as const;
