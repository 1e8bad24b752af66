import type { Conversation } from '@campusrun/shared';
import clsx from 'clsx';
import { Clock, MessageCircle, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { buttonClasses } from '@/components/ui/Button';
import { isDeletedUser } from '@/components/people/ProfileLink';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatRelativeTime } from '@/lib/format';
import { useConversations } from '@/api/chat';
import { usePendingMessages } from '../hooks/outboxes';
import { usePresence } from '../hooks/usePresence';
import { OnlineDot } from './OnlineDot';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';

/** The /chat screen: conversations with search by user name; from 1,024 px a thread pane beside them. */
export function ChatPage() {
  return (
    <div className="mx-auto max-w-3xl lg:mx-0 lg:grid lg:max-w-none lg:grid-cols-[20rem_1fr] lg:gap-6">
      <title>Chat · CampusRun</title>
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Chat</h1>
        <ConversationList className="mt-4" />
      </div>
      <div className="hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:flex lg:items-center lg:justify-center">
        <EmptyState
          icon={MessageCircle}
          title="Choose a conversation"
          description="Messages open here, next to your conversations."
        />
      </div>
    </div>
  );
}

/** Where a member starts a first conversation: a day scholar with a requester, anyone with a seller. */
function NoConversations() {
  const { user } = useAuth();
  const dayscholar = user?.role === 'dayscholar';
  return (
    <EmptyState
      icon={MessageCircle}
      title="No conversations yet"
      description={
        dayscholar
          ? 'Message a requester from their request, or a seller from their product.'
          : 'Message a seller from their product, or your deliverer once they accept your request.'
      }
      action={
        <Link
          to={dayscholar ? paths.dayscholar.browseRequests : paths.marketplace}
          className={buttonClasses()}
        >
          {dayscholar ? 'Browse requests' : 'Go to the Marketplace'}
        </Link>
      }
    />
  );
}

/** The searchable list of conversations; `activeId` marks the thread open beside it. */
export function ConversationList({ activeId, className }: { activeId?: string; className?: string }) {
  const query = useConversations();
  const [search, setSearch] = useState('');
  const conversations = query.data ?? [];
  const presence = usePresence(conversations.map((c) => c.user.id));
  const term = search.trim().toLowerCase();
  const shown = term ? conversations.filter((c) => c.user.name.toLowerCase().includes(term)) : conversations;

  return (
    <div className={className}>
      {(query.isPending || conversations.length > 0) && (
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-label="Search conversations by name"
            placeholder="Search by name"
            className="block w-full rounded-lg border-0 py-2.5 pr-3 pl-9 text-base text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 sm:text-sm"
          />
        </div>
      )}

      <div className="mt-4 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {waitsForNetwork(query) ? (
          <NotKeptOffline what="Your conversations" />
        ) : query.isPending ? (
          <ul aria-label="Loading conversations" className="divide-y divide-slate-100">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="flex items-center gap-3 px-4 py-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3 w-1/3" />
                  <Skeleton className="h-3 w-2/3" />
                </div>
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <ErrorState
            title="Failed to load conversations"
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : conversations.length === 0 ? (
          <NoConversations />
        ) : shown.length === 0 ? (
          <EmptyState icon={Search} title={`No conversations match “${search.trim()}”`} />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Conversations">
            {shown.map((conversation) => (
              <ConversationItem
                key={conversation.user.id}
                conversation={conversation}
                online={(presence[conversation.user.id] ?? false) && !isDeletedUser(conversation.user)}
                active={conversation.user.id === activeId}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ConversationItem({
  conversation,
  online,
  active = false,
}: {
  conversation: Conversation;
  online: boolean;
  active?: boolean;
}) {
  const { user: me } = useAuth();
  const { user, latestMessage, unreadCount } = conversation;
  const mine = latestMessage.senderId === me?.id;
  // A message written offline shows here until it is sent, so the member knows it is queued.
  const waiting = usePendingMessages(user.id).findLast((message) => message.waiting);
  return (
    <li>
      <Link
        to={paths.chatWith(user.id)}
        aria-current={active ? 'page' : undefined}
        className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 aria-[current=page]:bg-indigo-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        <span className="relative">
          <Avatar id={user.id} name={user.name} src={user.avatar} />
          <OnlineDot online={online} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span
              className={clsx(
                'truncate text-sm text-slate-900',
                unreadCount > 0 ? 'font-semibold' : 'font-medium',
              )}
            >
              {user.name}
            </span>
            <time dateTime={latestMessage.sentAt} className="shrink-0 text-xs text-slate-600">
              {formatRelativeTime(latestMessage.sentAt)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            {waiting ? (
              <span className="flex min-w-0 items-center gap-1 text-sm text-slate-700">
                <Clock className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">Waiting to send: {waiting.content}</span>
              </span>
            ) : (
              <span
                className={clsx('truncate text-sm', unreadCount > 0 ? 'text-slate-900' : 'text-slate-600')}
              >
                {mine && 'You: '}
                {latestMessage.content}
              </span>
            )}
            {unreadCount > 0 && (
              <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-on-fill">
                {unreadCount > 9 ? '9+' : unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
