import type { LostFoundKind } from '@campusrun/shared';
import clsx from 'clsx';
import { PackageCheck, SearchX } from 'lucide-react';

/**
 * The picture of a post without a photo: its kind's icon on a tile of the photo's size, so the rows
 * line up whether they have a photo or not. Decorative: the badge beside it says the kind in words.
 */
export function KindIcon({ kind, className }: { kind: LostFoundKind; className?: string }) {
  const Icon = kind === 'lost' ? SearchX : PackageCheck;
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-lg ring-1',
        kind === 'lost'
          ? 'bg-amber-50 text-amber-800 ring-amber-100'
          : 'bg-green-50 text-green-800 ring-green-200',
        className,
      )}
    >
      <Icon className="size-6" />
    </span>
  );
}
