import { COMMON_MESSAGES, type ChatMessage } from '@campusrun/shared';
import { ArrowLeft, MessageCircle, UserX } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar } from '@/components/ui/Avatar';
import { isDeletedUser } from '@/components/users/ProfileLink';
import { buttonClasses } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatTime } from '@/lib/format';
import { useOpenThread } from '@/lib/open-thread';
import { useToastClearance } from '@/lib/toast';
import { clearUnread, threadMessages, useChatUser, useThread, useThreadProduct } from '@/api/chat';
import { usePresence } from '../hooks/usePresence';
import { useSendMessage } from '../hooks/useSendMessage';
import { useSendPhoto } from '../hooks/useSendPhoto';
import { mediaUrl } from '@/lib/media';
import { usePartnerTyping, useTypingEmitter } from '../hooks/useTyping';
import { ConversationList } from './ChatPage';
import { Composer } from './Composer';
import { OfferCard, ProductContextCard } from './MessageCards';
import { ReceivedMessage } from './MessageMenu';
import { MessageText } from './MessageText';
import { OnlineDot } from './OnlineDot';
import { ThreadMenu } from './ThreadMenu';

type Status = 'Sending...' | 'Sent' | 'Read';

/** The question a buyer finds ready when they contact a seller from a product page. */
const STILL_AVAILABLE = 'Is this still available?';

/** What the thread shows when the other person has no account. */
const USER_NOT_FOUND = COMMON_MESSAGES.userNotFound;

interface Row {
  key: string;
  content: string;
  sentAt: string;
  mine: boolean;
  status: Status | null;
  /** A received, stored message: it can be reported. */
  reportable?: string;
  product?: ChatMessage['product'];
  offer?: ChatMessage['offer'];
  image?: string | null;
}

/** Pixels from the top at which the next older page is fetched. */
const LOAD_OLDER_AT = 80;
/** Pixels from the bottom within which a new message scrolls the list down. */
const STICK_TO_BOTTOM = 120;

function dayLabel(iso: string, now = new Date()): string {
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
  const typing = useTypingEmitter(myId, partnerId);

  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Opened from a product page (?product=): the first message brings the product into the thread,
  // unless a message already did.
  const [searchParams] = useSearchParams();
  const aboutProduct = searchParams.get('product') ?? undefined;
  const mentioned = threadMessages(thread.data).some((m) => m.product?.id === aboutProduct);
  const unmentioned = aboutProduct && thread.isSuccess && !mentioned ? aboutProduct : undefined;
  const { pending, send } = useSendMessage(
    myId,
    partnerId,
    (content) => setDraft((current) => (current.trim() === '' ? content : current)),
    unmentioned,
  );

  const photo = useSendPhoto(myId, partnerId, unmentioned);

  // A buyer who contacts the seller from a product page sees that product's card above the composer
  // and a first question ready to send or edit; nothing is sent until they send it.
  const aboutCard = useThreadProduct(unmentioned, [partnerId]).data ?? null;
  const [askedAbout, setAskedAbout] = useState<string | null>(null);
  if (aboutCard && askedAbout !== aboutCard.id) {
    setAskedAbout(aboutCard.id);
    setDraft((current) => (current.trim() === '' ? STILL_AVAILABLE : current));
  }

  const knownName = partner.data?.name ?? thread.data?.pages[0]?.user.name;
  const name = knownName ?? 'Chat';
  const avatar = partner.data?.avatar ?? thread.data?.pages[0]?.user.avatar ?? null;
  // A deleted account keeps its messages here but has no profile, presence or inbox any more. Its
  // name says so; a member who merely calls themselves that has a profile, which then loads.
  const deleted = isDeletedUser(thread.data?.pages[0]?.user) && !partner.isSuccess;
  const shownOnline = online && !deleted;
  // The thread answers 404 for an unknown user, and for an id that is not a user id at all.
  const notFound = thread.error instanceof ApiError && thread.error.status === 404;

  // A photo's link lasts about an hour (and a removed photo is gone): when one does not load, the
  // thread is read again for fresh links, at most once a minute.
  const photosRefreshedAt = useRef(0);
  const refreshPhotos = () => {
    if (Date.now() - photosRefreshedAt.current < 60_000) return;
    photosRefreshedAt.current = Date.now();
    void thread.refetch();
  };

  // Opening the thread marked its messages read on the server.
  const loaded = thread.isSuccess;
  useEffect(() => {
    if (loaded) clearUnread(queryClient, partnerId);
  }, [loaded, queryClient, partnerId]);

  const stored = threadMessages(thread.data);
  const storedClientIds = new Set(stored.map((m) => m.clientId).filter(Boolean));
  const rows: Row[] = [
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
      } satisfies Row;
    }),
    ...pending
      .filter((p) => !storedClientIds.has(p.clientId))
      .map((p): Row => ({
        key: p.clientId,
        content: p.content,
        sentAt: p.sentAt,
        mine: true,
        status: 'Sending...',
      })),
  ];

  function submit() {
    const content = draft.trim();
    if (!content) return;
    typing.stop();
    setDraft('');
    send(content);
    inputRef.current?.focus();
  }

  if (notFound)
    return (
      <NoThread
        title={USER_NOT_FOUND}
        description="The link may be wrong, or the account no longer exists."
      />
    );
  if (partnerId === myId)
    return (
      <NoThread title="You cannot message yourself" description="Open a conversation with someone else." />
    );

  // One line, always there: the name above does not move when a status comes or goes, and a long
  // name gives way so "is typing…" still shows.
  const statusLine = (
    <p className="flex h-4 text-xs leading-4 whitespace-pre text-slate-500" aria-live="polite">
      {partnerTyping ? (
        <>
          <span className="truncate">{name}</span>
          <span className="shrink-0"> is typing…</span>
        </>
      ) : shownOnline ? (
        'Online'
      ) : (
        ''
      )}
    </p>
  );

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
        <header ref={headerRef} className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
          <Link
            to={paths.chat}
            aria-label="Back to conversations"
            className="-ml-1 flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
          {/* The partner's picture, name and status are one link to their profile, the name and the
              status line starting at the same edge; a long name ends in an ellipsis and leaves the
              ⋯ menu its room. */}
          {knownName && deleted ? (
            <div className="flex min-h-11 min-w-0 flex-1 items-center gap-3">
              <Avatar id={partnerId} name={knownName} />
              <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">{knownName}</h1>
            </div>
          ) : knownName ? (
            <Link
              to={paths.user(partnerId)}
              aria-label={knownName}
              className="group flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <span className="relative shrink-0">
                <Avatar id={partnerId} name={knownName} src={avatar} />
                <OnlineDot online={online} />
              </span>
              <span className="min-w-0 flex-1">
                <h1 className="truncate text-base font-semibold text-slate-900 group-hover:underline">
                  {knownName}
                </h1>
                {statusLine}
              </span>
            </Link>
          ) : (
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <Skeleton className="size-10 shrink-0 rounded-full" />
              <div className="min-w-0 flex-1">
                <h1 className="sr-only">Chat</h1>
                <Skeleton className="h-4 w-32" />
                {statusLine}
              </div>
            </div>
          )}
          {knownName && !deleted && <ThreadMenu userId={partnerId} name={knownName} />}
        </header>

        {thread.isPending ? (
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
            rows={rows}
            name={name}
            hasOlder={thread.hasNextPage}
            loadingOlder={thread.isFetchingNextPage}
            loadOlder={() => void thread.fetchNextPage()}
            onPhotoError={refreshPhotos}
          />
        )}

        {aboutCard && (
          <section
            aria-label="The product you are asking about"
            className="border-t border-slate-200 px-3 pt-3"
          >
            <ProductContextCard product={aboutCard} />
          </section>
        )}
        {deleted ? (
          <p className="border-t border-slate-200 p-4 text-center text-sm text-slate-600">
            This account was deleted. You can read your messages, but not reply.
          </p>
        ) : (
          <Composer
            value={draft}
            inputRef={inputRef}
            onPhoto={(file) => void photo.send(file)}
            photoProgress={photo.progress}
            onChange={(value) => {
              setDraft(value);
              if (value.trim()) typing.onInput();
              else typing.stop();
            }}
            onSend={submit}
          />
        )}
      </div>
    </div>
  );
}

function MessageList({
  rows,
  name,
  hasOlder,
  loadingOlder,
  loadOlder,
  onPhotoError,
}: {
  rows: Row[];
  name: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  onPhotoError: () => void;
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
                {row.product && <ProductContextCard product={row.product} />}
                {row.reportable ? (
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
