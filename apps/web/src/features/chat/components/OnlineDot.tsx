import clsx from 'clsx';

/** A presence dot on an avatar's corner, with words for screen readers. */
export function OnlineDot({ online, className }: { online: boolean; className?: string }) {
  if (!online) return null;
  return (
    <span
      data-testid="online-dot"
      className={clsx(
        'absolute right-0 bottom-0 size-3 rounded-full bg-green-500 ring-2 ring-white',
        className,
      )}
    >
      <span className="sr-only">Online</span>
    </span>
  );
}
