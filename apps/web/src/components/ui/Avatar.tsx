import { DELETED_USER_NAME } from '@campusrun/shared';
import clsx from 'clsx';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { mediaUrl } from '@/lib/media';

// White text on each of these keeps a contrast ratio of at least 4.5:1.
const COLOURS = [
  'bg-indigo-600',
  'bg-emerald-700',
  'bg-sky-700',
  'bg-rose-600',
  'bg-amber-700',
  'bg-violet-600',
  'bg-teal-700',
  'bg-fuchsia-700',
  'bg-blue-600',
  'bg-orange-700',
] as const;

/** A stable colour for an id (same user, same colour, everywhere). */
function avatarColour(id: string): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return COLOURS[hash % COLOURS.length];
}

const sizes = {
  xs: 'size-6 text-xs',
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-16 text-2xl',
  xl: 'size-24 text-4xl',
} as const;

export interface AvatarProps {
  id: string;
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  /**
   * What a screen reader says for it, when no name is shown beside it. Without it the avatar is
   * decorative (hidden from screen readers): the name next to it already says who this is.
   */
  alt?: string;
  className?: string;
}

/**
 * The user's picture, or else the first letter of the name on a colour derived from the id. A deleted
 * account has neither a picture nor a name of its own: it shows a plain grey silhouette.
 */
export function Avatar({ id, name, src, size = 'md', alt, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const deleted = name === DELETED_USER_NAME;
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  const url = deleted ? undefined : mediaUrl(src);
  const showImage = Boolean(url) && failedSrc !== url;

  return (
    <span
      data-avatar=""
      aria-hidden={alt ? undefined : true}
      role={alt && !showImage ? 'img' : undefined}
      aria-label={alt && !showImage ? alt : undefined}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold text-on-fill select-none',
        sizes[size],
        deleted ? 'bg-slate-200 text-slate-500' : !showImage && avatarColour(id),
        className,
      )}
    >
      {deleted ? (
        <UserRound className="size-3/5" aria-hidden="true" />
      ) : showImage ? (
        <img
          src={url}
          alt={alt ?? ''}
          className="size-full object-cover"
          onError={() => setFailedSrc(url ?? null)}
        />
      ) : (
        <span aria-hidden="true">{letter}</span>
      )}
    </span>
  );
}
