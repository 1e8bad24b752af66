// The bell lives in the notifications feature; the layout only places it in the header.
export { NotificationsMenu } from '@/features/notifications/components/NotificationsMenu';
