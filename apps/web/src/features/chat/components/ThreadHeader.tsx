import { ArrowLeft } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { OnlineDot } from './OnlineDot';
import { ThreadMenu } from './ThreadMenu';

export interface ThreadHeaderProps {
  headerRef: RefObject<HTMLElement | null>;
  partnerId: string;
  /** The partner's name once known (from their profile or the thread). */
  knownName: string | undefined;
  /** What the status line names while they type. */
  name: string;
  avatar: string | null;
  /** Their account was deleted: no profile, presence or menu. */
  deleted: boolean;
  online: boolean;
  typing: boolean;
}

/** The thread's header: back to the conversations, the partner (a link to their profile), the ⋯ menu. */
export function ThreadHeader({
  headerRef,
  partnerId,
  knownName,
  name,
  avatar,
  deleted,
  online,
  typing,
}: ThreadHeaderProps) {
  const statusLine = <StatusLine name={name} typing={typing} online={online && !deleted} />;
  return (
    <header
      ref={headerRef}
      className="flex items-center gap-3 border-b border-slate-200 px-4 pt-[max(0.75rem,env(safe-area-inset-top,0px))] pb-3 lg:pt-3"
    >
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
  );
}

/**
 * One line, always there: the name above does not move when a status comes or goes, and a long
 * name gives way so "is typing…" still shows.
 */
function StatusLine({ name, typing, online }: { name: string; typing: boolean; online: boolean }) {
  return (
    <p className="flex h-4 text-xs leading-4 whitespace-pre text-slate-500" aria-live="polite">
      {typing ? (
        <>
          <span className="truncate">{name}</span>
          <span className="shrink-0"> is typing…</span>
        </>
      ) : online ? (
        'Online'
      ) : (
        ''
      )}
    </p>
  );
}
