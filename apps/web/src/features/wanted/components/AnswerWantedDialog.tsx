import {
  type AnswerWantedBody,
  WANTED_MESSAGES,
  WANTED_NOTICES,
  type WantedPost,
  answerWantedSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Resolver, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Select, Textarea } from '@/components/ui/Input';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatRupees } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAvailableListings } from '@/api/products';
import { useAnswerWanted } from '@/api/wanted';
import { upTo } from './wanted-state';

export interface AnswerWantedDialogProps {
  post: WantedPost;
  open: boolean;
  onClose: () => void;
}

interface AnswerValues {
  content: string;
  /** One of the answerer's available listings, or '' for none. */
  productId: string;
}

const blankToUndefined = (typed: string): unknown => (typed.trim() === '' ? undefined : typed);

const resolver = zodResolver(
  z.object({
    content: z.string().transform(blankToUndefined).pipe(answerWantedSchema.shape.content),
    productId: z.string().transform(blankToUndefined).pipe(answerWantedSchema.shape.productId),
  }),
) as unknown as Resolver<AnswerValues, unknown, AnswerWantedBody>;

const ANSWER_TOAST = { toastId: 'wanted:answer' } as const;
const MESSAGE_MAX = 1000;

/** The member's own listings on sale, to link one: a choice, or why there is none. */
function ListingField({
  error,
  registered,
}: {
  error?: string;
  registered: UseFormRegisterReturn<'productId'>;
}) {
  const { user } = useAuth();
  // Only hostellers sell: a day scholar has nothing to link, and is not asked about it.
  const sells = user?.role === 'hosteller';
  const listings = useAvailableListings(user?.id ?? '', { enabled: sells });
  if (!sells) return null;
  if (listings.isPending)
    return (
      <div role="status" aria-label="Loading your listings" className="space-y-1.5">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  if (listings.isError)
    return (
      <p className="text-sm text-slate-600">
        Your listings could not be loaded.{' '}
        <button
          type="button"
          onClick={() => void listings.refetch()}
          className="inline-flex min-h-11 items-center font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Try again
        </button>
      </p>
    );
  if (listings.data.length === 0)
    return (
      <p className="text-sm text-slate-600">You have nothing on sale to link. Your message is enough.</p>
    );
  return (
    <Field
      label="Link one of your listings (optional)"
      error={error}
      hint="They see its photo and price in the chat."
    >
      {({ invalid, ...control }) => (
        <Select invalid={invalid} {...control} {...registered}>
          <option value="">No listing</option>
          {listings.data.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name} · {formatRupees(product.price)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/**
 * "I have one": a note (optional; without one the chat says "I have one: …") and, optionally, one
 * of the member's own listings on sale. Sent as a chat message to the poster with the post as a
 * card; the chat opens. A listing no longer on sale is refused at its field; a post no longer open
 * in a toast, and the dialog closes (its page then says so).
 */
export function AnswerWantedDialog({ post, open, onClose }: AnswerWantedDialogProps) {
  const formId = useId();
  const navigate = useNavigate();
  const mutation = useAnswerWanted();
  const form = useForm<AnswerValues, unknown, AnswerWantedBody>({
    resolver,
    defaultValues: { content: '', productId: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { onSubmit } = useServerSubmit(form, {
    fields: ['content', 'productId'],
    submit: (body) => mutation.mutateAsync({ id: post.id, ...body }),
    onSuccess: ({ receiverId, message }) => {
      toast.success(message, ANSWER_TOAST);
      reset();
      onClose();
      navigate(paths.chatWith(receiverId));
    },
    onError: (error) => {
      if (error.status !== 409) return false;
      toast.error(error.message || WANTED_MESSAGES.notOpen, ANSWER_TOAST);
      onClose();
      return true;
    },
    fallback: 'Could not send your answer',
    showGeneral: (message) => toast.error(message, ANSWER_TOAST),
  });
  const close = () => {
    if (mutation.isPending) return;
    reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="I have one"
      description={`${post.poster.name} gets a chat message with “${post.title}” (${upTo(post.maxPrice)}). Agree on the price in the chat.`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            Send answer
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          label="Message (optional)"
          error={errors.content?.message}
          hint={`Without one, they read “${WANTED_NOTICES.answer(post.title)}”.`}
        >
          {({ invalid, ...control }) => (
            <Textarea
              rows={3}
              maxLength={MESSAGE_MAX}
              placeholder="Condition, where to meet, your price…"
              invalid={invalid}
              {...control}
              {...register('content')}
            />
          )}
        </Field>
        <ListingField error={errors.productId?.message} registered={register('productId')} />
      </form>
    </Dialog>
  );
}
