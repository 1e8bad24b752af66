import clsx from 'clsx';
import { Star } from 'lucide-react';

const sizes = { sm: 14, md: 18, lg: 24 } as const;

/** An average is shown rounded to the nearest half star. */
function roundToHalf(value: number): number {
  return Math.min(5, Math.max(0, Math.round(value * 2) / 2));
}

export interface StarRatingProps {
  /** The average, 0 to 5. */
  value: number;
  size?: keyof typeof sizes;
  className?: string;
}

/** A read-only row of five stars (filled, half, empty), announced as "Rated 4.5 out of 5". */
export function StarRating({ value, size = 'md', className }: StarRatingProps) {
  const rounded = roundToHalf(value);
  const px = sizes[size];
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      className={clsx('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = rounded >= star ? 1 : rounded >= star - 0.5 ? 0.5 : 0;
        return (
          <span key={star} className="relative inline-block shrink-0" style={{ width: px, height: px }}>
            <Star
              aria-hidden="true"
              className="absolute inset-0 text-slate-300"
              fill="currentColor"
              strokeWidth={0}
              size={px}
            />
            {fill > 0 && (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star
                  aria-hidden="true"
                  className="max-w-none text-amber-400"
                  fill="currentColor"
                  strokeWidth={0}
                  size={px}
                />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
