import {
  RATING_LABELS,
  RATING_LIMITS,
  RATING_MESSAGES,
  type UserRef,
  ratingFormSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { Star } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';

/** Rating is one action: its toasts replace each other. */
const RATING_TOAST = { autoClose: 3000, toastId: 'rating' } as const;

const STARS = [1, 2, 3, 4, 5] as const;

/** Five radio stars with their labels (1 Poor … 5 Excellent). */
function StarSelector({
  value,
  onChange,
  error,
  firstStarRef,
}: {
  value: number | null;
  onChange: (value: number) => void;
  error?: string;
  /** The first star, focused when no rating was chosen. */
  firstStarRef?: Ref<HTMLInputElement>;
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
                ref={star === 1 ? firstStarRef : undefined}
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

interface RatingValues {
  rating: number | null;
  comment: string;
}
type RatingForm = { rating: number; comment?: string };

const resolver = zodResolver(ratingFormSchema) as unknown as Resolver<RatingValues, unknown, RatingForm>;

/** 'Rate {name}': stars with labels, an optional comment (4 rows). */
export function RatingDialog({ open, onClose, user, submit: store, isPending }: RatingDialogProps) {
  const formId = useId();
  const form = useForm<RatingValues, unknown, RatingForm>({
    resolver,
    defaultValues: { rating: null, comment: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    formState: { errors },
  } = form;
  // The stars are one field: its value is watched and set through the field's own change handler
  // (as a text input's would be), and the first star is what an error focuses.
  const rating = useWatch({ control: form.control, name: 'rating' });
  const stars = form.register('rating');
  const { onSubmit } = useServerSubmit(form, {
    fields: ['rating', 'comment'],
    submit: ({ rating, comment }) => store({ rating, comment: comment || null }),
    onSuccess: () => {
      toast.success(RATING_MESSAGES.submitted, RATING_TOAST);
      onClose();
    },
    fallback: 'Failed to submit rating',
    // What no field holds is toasted; a field's error shows beside it, in the dialog.
    showGeneral: (message) => toast.error(message, RATING_TOAST),
  });

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
          <Button type="submit" form={formId} isLoading={isPending}>
            Submit Rating
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <StarSelector
          value={rating}
          error={errors.rating?.message}
          onChange={(star) =>
            void stars.onChange({ target: { name: 'rating', value: star }, type: 'change' })
          }
          firstStarRef={stars.ref}
        />
        <Field label="Comment (optional)" error={errors.comment?.message}>
          {(control) => (
            <Textarea {...control} rows={4} maxLength={RATING_LIMITS.commentMax} {...register('comment')} />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
