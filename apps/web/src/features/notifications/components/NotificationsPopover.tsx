import type { AppNotification, NotificationType } from '@campusrun/shared';
import { CloseButton, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import clsx from 'clsx';
import {
  BellOff,
  Bike,
  CheckCheck,
  CircleCheck,
  CircleX,
  Info,
  type LucideIcon,
  MessageCircle,
  Package,
  Scale,
  RotateCw,
  Search,
  PackageSearch,
  ShieldAlert,
  ShoppingBag,
  Truck,
  Users,
  Wallet,
} from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { type Arrival, useArrival } from '@/lib/deferred';
import { formatRelativeTime } from '@/lib/format';
import { useNotifications, useMarkAllNotificationsRead, useMarkNotificationRead } from '@/api/notifications';
import { BELL_BUTTON, BellFace, bellLabel } from './BellFace';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';

const ICONS: Record<NotificationType, { icon: LucideIcon; className: string }> = {
  request_accepted: { icon: CircleCheck, className: 'bg-blue-50 text-blue-700' },
  request_completed: { icon: Package, className: 'bg-green-50 text-green-700' },
  request_cancelled: { icon: CircleX, className: 'bg-red-50 text-red-700' },
  message: { icon: MessageCircle, className: 'bg-indigo-50 text-indigo-700' },
  delivery: { icon: Truck, className: 'bg-amber-50 text-amber-800' },
  product: { icon: ShoppingBag, className: 'bg-violet-50 text-violet-700' },
  other: { icon: Info, className: 'bg-slate-100 text-slate-700' },
  moderation: { icon: ShieldAlert, className: 'bg-orange-50 text-orange-800' },
  trip: { icon: Bike, className: 'bg-teal-50 text-teal-700' },
  run: { icon: Users, className: 'bg-sky-50 text-sky-700' },
  settlement: { icon: Wallet, className: 'bg-emerald-50 text-emerald-700' },
  dispute: { icon: Scale, className: 'bg-rose-50 text-rose-700' },
  search: { icon: Search, className: 'bg-fuchsia-50 text-fuchsia-700' },
  wanted: { icon: PackageSearch, className: 'bg-lime-50 text-lime-800' },
  lost_found: { icon: Search, className: 'bg-cyan-50 text-cyan-800' },
};

/**
 * Where a notification leads: the request, the chat with its sender, the product, trip, run or lost
 * and found post it is about; a saved search's one new match, or the search itself for several.
 */
export function notificationTarget(notification: AppNotification): string | null {
  const {
    requestId,
    senderId,
    productId,
    tripId,
    runId,
    settlementId,
    reportId,
    sellerId,
    savedSearchId,
    lostFoundPostId,
  } = notification.data;
  if (notification.type === 'search') {
    if (productId) return paths.product(productId);
    if (requestId) return paths.request(requestId);
    return savedSearchId ? paths.savedSearch(savedSearchId) : paths.searches;
  }
  if (notification.type === 'message' && senderId) return paths.chatWith(senderId);
  // A moderator's notice of a new case opens its queue.
  if (notification.type === 'moderation' && settlementId) return `${paths.moderation}?tab=disputes`;
  if (notification.type === 'moderation' && reportId) return paths.moderation;
  if (notification.type === 'lost_found' && lostFoundPostId) return paths.lostFound(lostFoundPostId);
  if (notification.type === 'trip' && tripId) return paths.trip(tripId);
  if (notification.type === 'run' && runId) return paths.run(runId);
  if (notification.type === 'product' && productId) return paths.product(productId);
  // A followed seller's new listings, grouped: their profile.
  if (notification.type === 'product' && sellerId) return paths.user(sellerId);
  if (notification.type === 'settlement' || notification.type === 'dispute')
    return requestId ? paths.request(requestId) : productId ? paths.product(productId) : paths.money;
  if (requestId) return paths.request(requestId);
  if (senderId) return paths.chatWith(senderId);
  if (productId) return paths.product(productId);
  return null;
}

/** The bell's dropdown (Headless UI): the latest notifications, mark read, refresh. */
export function NotificationsPopover({ unread, arrivedAs }: { unread: number; arrivedAs?: Arrival }) {
  const button = useArrival(arrivedAs);
  return (
    <Popover className="relative">
      <PopoverButton ref={button} aria-label={bellLabel(unread)} className={BELL_BUTTON}>
        <BellFace unread={unread} />
      </PopoverButton>
      {/*
        Not anchored: an anchored panel is portalled, and Headless UI then adds aria-hidden focusable
        "focus sentinel" buttons to stitch the tab order back together (axe aria-hidden-focus). In
        place, right after the bell, the tab order is natural. Phones: across the screen under the
        top bar; from sm: under the bell, right-aligned.
      */}
      <PopoverPanel
        transition
        className="fixed inset-x-2 top-[calc(var(--top-bar-height)+0.5rem)] z-40 rounded-xl bg-white shadow-lg ring-1 ring-slate-200 transition duration-150 data-closed:opacity-0 motion-reduce:transition-none sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
      >
        <NotificationsPanel />
      </PopoverPanel>
    </Popover>
  );
}

function NotificationsPanel() {
  const query = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const refreshRef = useRef<HTMLButtonElement>(null);
  const unread = query.data?.unreadCount ?? 0;

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-medium text-slate-900">Notifications</h2>
        <div className="flex items-center gap-1">
          {unread > 0 && (
            <button
              type="button"
              // The button goes away once nothing is unread: keep focus in the panel.
              onClick={() => markAll.mutate(undefined, { onSuccess: () => refreshRef.current?.focus() })}
              disabled={markAll.isPending}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60"
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              Mark all as read
            </button>
          )}
          <button
            ref={refreshRef}
            type="button"
            onClick={() => void query.refetch()}
            aria-label="Refresh notifications"
            className="flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <RotateCw className={clsx('size-4', query.isFetching && 'animate-spin')} aria-hidden="true" />
          </button>
        </div>
      </div>
      <div className="max-h-[min(24rem,calc(100dvh-9rem))] overflow-y-auto">
        {waitsForNetwork(query) ? (
          <NotKeptOffline what="Your notifications" />
        ) : query.isPending ? (
          <ul aria-label="Loading notifications" className="divide-y divide-slate-100">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex gap-3 px-4 py-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3 w-4/5" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <ErrorState
            title="Failed to load notifications"
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
            className="py-6"
          />
        ) : query.data.notifications.length === 0 ? (
          <EmptyState icon={BellOff} title="No notifications yet" className="py-8" />
        ) : (
          <ul className="divide-y divide-slate-100">
            {query.data.notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function NotificationItem({ notification }: { notification: AppNotification }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const { icon: Icon, className } = ICONS[notification.type] ?? ICONS.other;
  const unread = !notification.isRead;

  function open() {
    if (unread) markRead.mutate(notification.id);
    const target = notificationTarget(notification);
    if (target) void navigate(target);
  }

  return (
    <li>
      <CloseButton
        as="button"
        type="button"
        onClick={open}
        className={clsx(
          'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
          unread && 'bg-indigo-50/60',
        )}
      >
        <span className={clsx('flex size-8 shrink-0 items-center justify-center rounded-full', className)}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className={clsx('block text-sm', unread ? 'font-medium text-slate-900' : 'text-slate-700')}>
            {notification.message}
          </span>
          <time dateTime={notification.createdAt} className="mt-0.5 block text-xs text-slate-600">
            {formatRelativeTime(notification.createdAt)}
          </time>
        </span>
        {unread && (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-indigo-600">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </CloseButton>
    </li>
  );
}
