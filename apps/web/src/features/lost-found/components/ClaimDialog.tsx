import {
  type ClaimLostFoundBody,
  LOST_FOUND_LIMITS,
  LOST_FOUND_UI,
  type LostFoundPost,
  claimLostFoundSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useClaimLostFound } from '@/api/lost-found';

export interface ClaimDialogProps {
  post: LostFoundPost;
  open: boolean;
  onClose: () => void;
}

const T = LOST_FOUND_UI.claim;
const resolver = zodResolver(claimLostFoundSchema) as unknown as Resolver<
  ClaimLostFoundBody,
  unknown,
  ClaimLostFoundBody
>;

/**
 * "That's mine": the finder's question and the member's answer, which only the finder sees. Sent, the
 * post's page shows the claim; a refusal (claimed before, too many open claims, no longer open) shows
 * in the dialog, with what was typed.
 */
export function ClaimDialog({ post, open, onClose }: ClaimDialogProps) {
  const formId = useId();
  const mutation = useClaimLostFound();
  const form = useForm<ClaimLostFoundBody, unknown, ClaimLostFoundBody>({
    resolver,
    defaultValues: { answer: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    clearErrors,
    formState: { errors },
  } = form;
  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, {
    fields: ['answer'],
    submit: (body) => mutation.mutateAsync({ id: post.id, ...body }),
    onSuccess: ({ message }) => {
      toast.success(message, { toastId: 'lost-found:claim' });
      reset();
      onClose();
    },
    fallback: T.failed,
  });
  const close = () => {
    if (mutation.isPending) return;
    clearErrors();
    setGeneralError(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={T.action}
      description={T.description}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            {LOST_FOUND_UI.poster.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            {T.submit}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">
            {LOST_FOUND_UI.post.question}
          </p>
          <p className="mt-1 text-sm font-medium wrap-anywhere text-slate-900">{post.question}</p>
        </div>
        <Field label={T.answerLabel} error={errors.answer?.message}>
          {({ invalid, ...control }) => (
            <Textarea
              rows={2}
              autoComplete="off"
              maxLength={LOST_FOUND_LIMITS.answerMax}
              invalid={invalid}
              {...control}
              {...register('answer')}
            />
          )}
        </Field>
        {generalError && <Alert>{generalError}</Alert>}
      </form>
    </Dialog>
  );
}
