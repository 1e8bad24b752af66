import {
  RATING_LABELS,
  RATING_LIMITS,
  RATING_MESSAGES,
  type UserRef,
  ratingFormSchema,
} from '@campusrun/shared';
import clsx from 'clsx';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Rating is one action: its toasts replace each other. */
const RATING_TOAST = { autoClose: 3000, toastId: 'rating' } as const;

const STARS = [1, 2, 3, 4, 5] as const;

/** Five radio stars with their labels (1 Poor … 5 Excellent). */
function StarSelector({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (value: number) => void;
  error?: string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value;
  return (
    <fieldset aria-describedby={error ? 'rating-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">Rating</legend>
      <div className="mt-2 flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHover(null)}>
          {STARS.map((star) => (
            <label
              key={star}
              // 28 px star + padding: a 44 px tap target each.
              className="cursor-pointer rounded p-2 has-focus-visible:outline-2 has-focus-visible:outline-indigo-600"
              onMouseEnter={() => setHover(star)}
            >
              <input
                type="radio"
                name="rating"
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                className="sr-only"
              />
              <span className="sr-only">{`${star} star${star === 1 ? '' : 's'}, ${RATING_LABELS[star]}`}</span>
              <Star
                aria-hidden="true"
                size={28}
                strokeWidth={1.5}
                className={clsx(shown !== null && star <= shown ? 'text-amber-400' : 'text-slate-300')}
                fill="currentColor"
              />
            </label>
          ))}
        </div>
        <span className="text-sm font-medium text-slate-700" aria-live="polite">
          {shown ? RATING_LABELS[shown as keyof typeof RATING_LABELS] : ''}
        </span>
      </div>
      {error && (
        <p id="rating-error" role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export interface RatingDialogProps {
  open: boolean;
  onClose: () => void;
  user: UserRef;
  /** Stores the rating (a delivery's or a sale's). */
  submit: (rating: { rating: number; comment: string | null }) => Promise<unknown>;
  isPending: boolean;
}

/** 'Rate {name}': stars with labels, an optional comment (4 rows). */
export function RatingDialog({ open, onClose, user, submit: store, isPending }: RatingDialogProps) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    const parsed = ratingFormSchema.safeParse({ rating: rating ?? undefined, comment });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? RATING_MESSAGES.ratingRequired;
      // Shown in the dialog, beside the stars: not toasted again.
      setError(message);
      return;
    }
    try {
      await store({ rating: parsed.data.rating, comment: parsed.data.comment || null });
      toast.success('Rating submitted successfully', RATING_TOAST);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to submit rating'), RATING_TOAST);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !isPending && onClose()}
      title={`Rate ${user.name}`}
      description="How did it go? Your rating helps others on campus."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={isPending}>
            Submit Rating
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <StarSelector
          value={rating}
          error={error}
          onChange={(value) => {
            setRating(value);
            setError(undefined);
          }}
        />
        <Field label="Comment (optional)">
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              maxLength={RATING_LIMITS.commentMax}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          )}
        </Field>
      </div>
    </Dialog>
  );
}
