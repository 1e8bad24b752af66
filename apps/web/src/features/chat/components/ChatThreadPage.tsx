import { CHAT_MESSAGES, COMMON_MESSAGES, type ChatMessage } from '@campusrun/shared';
import { MessageCircle, UserX } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isDeletedUser } from '@/components/people/ProfileLink';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatTime } from '@/lib/format';
import { pageNow } from '@/lib/page-clock';
import { useOpenThread } from '@/lib/open-thread';
import { useToastClearance } from '@/lib/toast';
import { clearUnread, threadMessages, useChatUser, useThread } from '@/api/chat';
import { usePresence } from '../hooks/usePresence';
import type { PendingMessage } from '../hooks/outbox';
import { mediaUrl } from '@/lib/media';
import { usePartnerTyping } from '../hooks/useTyping';
import { useThreadComposer } from '../hooks/useThreadComposer';
import { ConversationList } from './ChatPage';
import { Composer } from './Composer';
import { LostFoundCard, OfferCard, ProductContextCard, WantedCard } from './MessageCards';
import { ReceivedMessage } from './MessageMenu';
import { MessageText } from './MessageText';
import { ThreadHeader } from './ThreadHeader';
import { WaitingBubble } from './WaitingBubble';
import { NotKeptOffline, waitsForNetwork } from '@/components/ui/NotKeptOffline';
import { usePhotoRefresh } from '@/lib/photo-refresh';

type Status = 'Sending...' | 'Sent' | 'Read';

/** What the thread shows when the other person has no account. */
const USER_NOT_FOUND = COMMON_MESSAGES.userNotFound;

interface Row {
  key: string;
  content: string;
  sentAt: string;
  mine: boolean;
  status: Status | null;
  /** Mine, held until the network returns: its bubble says so and offers Cancel. */
  waiting?: boolean;
  /** A received, stored message: it can be reported. */
  reportable?: string;
  product?: ChatMessage['product'];
  offer?: ChatMessage['offer'];
  image?: string | null;
  /** An "I have one" answer: the wanted post it answers, as a card above its listing and text. */
  wanted?: ChatMessage['wanted'];
  /** A lost and found post the message is about (an accepted claim), as a card above its text. */
  lostFound?: ChatMessage['lostFound'];
}

/** Pixels from the top at which the next older page is fetched. */
const LOAD_OLDER_AT = 80;
/** Pixels from the bottom within which a new message scrolls the list down. */
const STICK_TO_BOTTOM = 120;

function dayLabel(iso: string, now = new Date(pageNow())): string {
  const date = new Date(iso);
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(now) - day(date)) / 86_400_000);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return formatDate(date);
}

export function ChatThreadPage() {
  const { userId = '' } = useParams();
  // A fresh page per partner: drafts, pending messages and scroll state never leak between threads.
  return <Thread key={userId} partnerId={userId} />;
}

function Thread({ partnerId }: { partnerId: string }) {
  const { user } = useAuth();
  const myId = user?.id ?? '';
  const queryClient = useQueryClient();
  // Messages from this person raise no toast while their thread is on screen.
  useOpenThread(partnerId);
  // Toasts open below this header, never over the back button or the partner's name.
  const headerRef = useRef<HTMLElement>(null);
  useToastClearance(headerRef);
  const thread = useThread(partnerId);
  const partner = useChatUser(partnerId);
  const online = usePresence([partnerId])[partnerId] ?? false;
  const partnerTyping = usePartnerTyping(myId, partnerId);
  const composer = useThreadComposer(myId, partnerId, thread);
  const refreshPhotos = usePhotoRefresh(() => void thread.refetch());

  const knownName = partner.data?.name ?? thread.data?.pages[0]?.user.name;
  const name = knownName ?? 'Chat';
  // A deleted account keeps its messages here but has no profile, presence or inbox any more. Its
  // name says so; a member who merely calls themselves that has a profile, which then loads.
  const deleted = isDeletedUser(thread.data?.pages[0]?.user) && !partner.isSuccess;
  // The thread answers 404 for an unknown user, and for an id that is not a user id at all.
  const notFound = thread.error instanceof ApiError && thread.error.status === 404;

  // Opening the thread marked its messages read on the server.
  const loaded = thread.isSuccess;
  useEffect(() => {
    if (loaded) clearUnread(queryClient, partnerId);
  }, [loaded, queryClient, partnerId]);

  if (notFound)
    return (
      <NoThread
        title={USER_NOT_FOUND}
        description="The link may be wrong, or the account no longer exists."
      />
    );
  if (partnerId === myId)
    return <NoThread title={CHAT_MESSAGES.self} description="Open a conversation with someone else." />;

  return (
    <div className="-mx-4 -my-6 flex h-[calc(100dvh-var(--top-bar-height)-var(--reconnecting-banner-height,0px))] bg-white sm:-mx-6 lg:-mx-8 lg:-my-8">
      {/* From 1,024 px the conversations stay beside the thread. */}
      <aside
        aria-label="Conversations"
        className="hidden w-80 shrink-0 overflow-y-auto border-r border-slate-200 bg-slate-50 p-4 lg:block"
      >
        <ConversationList activeId={partnerId} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <title>{knownName ? `${knownName} · Chat · CampusRun` : 'Chat · CampusRun'}</title>
        <ThreadHeader
          headerRef={headerRef}
          partnerId={partnerId}
          knownName={knownName}
          name={name}
          avatar={partner.data?.avatar ?? thread.data?.pages[0]?.user.avatar ?? null}
          deleted={deleted}
          online={online}
          typing={partnerTyping}
        />

        {waitsForNetwork(thread) ? (
          <div className="flex-1">
            <NotKeptOffline what="This conversation" />
          </div>
        ) : thread.isPending ? (
          <div className="flex-1 space-y-4 p-4" role="status" aria-label="Loading conversation">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="ml-auto h-10 w-1/2" />
            <Skeleton className="h-10 w-3/5" />
          </div>
        ) : thread.isError ? (
          <div className="flex-1">
            <ErrorState
              title="Failed to load conversation"
              error={thread.error}
              onRetry={() => void thread.refetch()}
              isRetrying={thread.isFetching}
            />
          </div>
        ) : (
          <MessageList
            rows={toRows(threadMessages(thread.data), composer.pending, myId)}
            name={name}
            hasOlder={thread.hasNextPage}
            loadingOlder={thread.isFetchingNextPage}
            loadOlder={() => void thread.fetchNextPage()}
            onPhotoError={refreshPhotos}
            onCancel={composer.cancel}
          />
        )}

        {composer.aboutCard && (
          <section
            aria-label="The product you are asking about"
            className="border-t border-slate-200 px-3 pt-3"
          >
            <ProductContextCard product={composer.aboutCard} />
          </section>
        )}
        {deleted ? (
          <p className="border-t border-slate-200 p-4 text-center text-sm text-slate-600">
            This account was deleted. You can read your messages, but not reply.
          </p>
        ) : (
          <Composer
            value={composer.draft}
            inputRef={composer.inputRef}
            onPhoto={(file) => void composer.photo.send(file)}
            photoProgress={composer.photo.progress}
            offline={composer.offline}
            onChange={composer.change}
            onSend={composer.submit}
          />
        )}
      </div>
    </div>
  );
}

/** The stored messages, then those still being sent or held (until the server's copy arrives). */
function toRows(stored: ChatMessage[], pending: PendingMessage[], myId: string): Row[] {
  const storedClientIds = new Set(stored.map((m) => m.clientId).filter(Boolean));
  return [
    ...stored.map((m) => {
      const mine = m.senderId === myId;
      return {
        key: m.id,
        content: m.content,
        sentAt: m.sentAt,
        mine,
        status: mine ? (m.isRead ? 'Read' : 'Sent') : null,
        ...(mine ? {} : { reportable: m.id }),
        product: m.product,
        offer: m.offer,
        image: m.image,
        wanted: m.wanted,
        lostFound: m.lostFound,
      } satisfies Row;
    }),
    ...pending
      .filter((p) => !storedClientIds.has(p.clientId))
      .map((p): Row => ({
        key: p.clientId,
        content: p.content,
        sentAt: p.sentAt,
        mine: true,
        // A held message says so inside its bubble.
        status: p.waiting ? null : 'Sending...',
        waiting: p.waiting,
      })),
  ];
}

function MessageList({
  rows,
  name,
  hasOlder,
  loadingOlder,
  loadOlder,
  onPhotoError,
  onCancel,
}: {
  rows: Row[];
  name: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  onPhotoError: () => void;
  /** Take back a held message (by its clientId, the row's key). */
  onCancel: (clientId: string) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const firstKey = rows[0]?.key;
  const lastKey = rows.at(-1)?.key;
  const lastMine = rows.at(-1)?.mine ?? false;
  const previous = useRef<{ first?: string; last?: string; fromBottom: number }>({ fromBottom: 0 });

  // Older page in: keep what was on screen in place. New message: follow it when at the bottom.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const before = previous.current;
    if (before.first !== undefined && firstKey !== before.first && lastKey === before.last) {
      list.scrollTop = list.scrollHeight - before.fromBottom;
    } else if (lastKey !== before.last) {
      const nearBottom = before.fromBottom - list.clientHeight < STICK_TO_BOTTOM;
      if (before.last === undefined || lastMine || nearBottom) list.scrollTop = list.scrollHeight;
    }
    previous.current = { first: firstKey, last: lastKey, fromBottom: list.scrollHeight - list.scrollTop };
  }, [firstKey, lastKey, lastMine]);

  function onScroll() {
    const list = listRef.current;
    if (!list) return;
    previous.current.fromBottom = list.scrollHeight - list.scrollTop;
    if (list.scrollTop < LOAD_OLDER_AT && hasOlder && !loadingOlder) loadOlder();
  }

  return (
    // The scrolling pane is the chat log: focusable so the keyboard can scroll it (axe
    // scrollable-region-focusable), a live region that reads out new messages, holding a real list.
    <div
      ref={listRef}
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-label={`Messages with ${name}`}
      tabIndex={0}
      className="flex-1 overflow-y-auto px-4 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
    >
      {hasOlder && (
        <div className="flex justify-center pb-2">
          <button
            type="button"
            onClick={loadOlder}
            disabled={loadingOlder}
            className="inline-flex items-center gap-2 rounded-md px-3 py-1 text-sm text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {loadingOlder && <Spinner className="size-4" />}
            Load older messages
          </button>
        </div>
      )}
      {rows.length === 0 && (
        <EmptyState icon={MessageCircle} title="No messages yet" description={`Say hello to ${name}.`} />
      )}
      <ol className="space-y-2">
        {rows.map((row, index) => {
          const day = dayLabel(row.sentAt);
          const separator = index === 0 || dayLabel(rows[index - 1].sentAt) !== day;
          return (
            <li key={row.key}>
              {separator && (
                <p className="my-3 text-center text-xs font-medium text-slate-600">
                  <span className="rounded-full bg-slate-100 px-3 py-1">{day}</span>
                </p>
              )}
              <div className={row.mine ? 'flex flex-col items-end' : 'flex flex-col items-start'}>
                {row.wanted && <WantedCard wanted={row.wanted} />}
                {row.lostFound && <LostFoundCard lostFound={row.lostFound} />}
                {row.product && <ProductContextCard product={row.product} />}
                {row.waiting ? (
                  <WaitingBubble content={row.content} onCancel={() => onCancel(row.key)} />
                ) : row.reportable ? (
                  <ReceivedMessage
                    messageId={row.reportable}
                    what={`the message of ${formatTime(row.sentAt)}`}
                  >
                    <Bubble row={row} name={name} onPhotoError={onPhotoError} />
                  </ReceivedMessage>
                ) : (
                  <Bubble row={row} name={name} onPhotoError={onPhotoError} />
                )}
                <p className="mt-0.5 text-xs text-slate-500">
                  <time dateTime={row.sentAt}>{formatTime(row.sentAt)}</time>
                  {row.status && (
                    <>
                      <span aria-hidden="true"> · </span>
                      <span>{row.status}</span>
                    </>
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** What a message shows: its offer, its photo or its text (with its web addresses as links). */
function Bubble({ row, name, onPhotoError }: { row: Row; name: string; onPhotoError: () => void }) {
  return row.offer ? (
    <OfferCard offer={row.offer} mine={row.mine} />
  ) : row.image ? (
    <a
      href={mediaUrl(row.image)}
      target="_blank"
      rel="noreferrer"
      className="block max-w-[80%] overflow-hidden rounded-2xl ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <img
        src={mediaUrl(row.image)}
        alt={row.mine ? 'Photo you sent' : `Photo from ${name}`}
        loading="lazy"
        onError={onPhotoError}
        className="max-h-72 w-auto object-contain"
      />
    </a>
  ) : (
    <p
      className={
        row.mine
          ? 'max-w-[80%] rounded-2xl rounded-br-sm bg-indigo-600 px-3 py-2 text-sm whitespace-pre-wrap break-words text-on-fill'
          : 'max-w-[80%] rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm whitespace-pre-wrap break-words text-slate-900'
      }
    >
      <MessageText text={row.content} />
    </p>
  );
}

/** Nothing to show or send: 'User not found' (no such user), or the viewer's own id. */
function NoThread({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-3xl">
      <title>Chat · CampusRun</title>
      <h1 className="sr-only">Chat</h1>
      <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <EmptyState
          icon={UserX}
          title={title}
          description={description}
          action={
            <Link to={paths.chat} className={buttonClasses()}>
              Back to conversations
            </Link>
          }
        />
      </div>
    </div>
  );
}
