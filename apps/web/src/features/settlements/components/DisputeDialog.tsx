import {
  DISPUTE_MESSAGES,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type DisputeReason,
  type DisputeSettlementBody,
  SETTLEMENT_LIMITS,
  disputeSettlementSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { OfflineReason, useOfflineReason } from '@/components/OfflineReason';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Select, Textarea } from '@/components/ui/Input';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useOpenDispute, SETTLEMENT_TOAST } from '@/api/settlements';
import { useTellOwnChange } from '../own-changes';

export interface DisputeDialogProps {
  open: boolean;
  onClose: () => void;
  /** The settlement it is about (it outlives the product sold). */
  settlementId: string;
}

interface DisputeValues {
  reason: DisputeReason | '';
  details: string;
}

const resolver = zodResolver(disputeSettlementSchema) as unknown as Resolver<
  DisputeValues,
  unknown,
  DisputeSettlementBody
>;
const FIELDS = ['reason', 'details'] as const;

/**
 * "Report a problem" with a request or a sale: a reason and what went wrong, checked with the same
 * rules as the server; whatever the server refuses is said in the dialog and nothing typed is lost.
 * Offline it cannot be sent (the other side may settle meanwhile): what is typed stays until the
 * network returns.
 */
export function DisputeDialog({ open, onClose, settlementId }: DisputeDialogProps) {
  const formId = useId();
  const mutation = useOpenDispute();
  const tellOwnChange = useTellOwnChange();
  const { offline, describedBy } = useOfflineReason();
  const form = useForm<DisputeValues, unknown, DisputeSettlementBody>({
    resolver,
    defaultValues: { reason: '', details: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    clearErrors,
    control,
    formState: { errors },
  } = form;
  const details = useWatch({ control, name: 'details' });
  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, {
    fields: FIELDS,
    submit: (body) => mutation.mutateAsync({ settlementId, ...body }),
    onSuccess: () => {
      toast.success(DISPUTE_MESSAGES.opened, SETTLEMENT_TOAST);
      reset();
      onClose();
      // An open dispute holds its settlement in Disputed until it is decided or withdrawn.
      tellOwnChange({ id: settlementId, state: 'disputed' });
    },
    fallback: 'Failed to open the dispute',
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
      title="Report a problem"
      description="A moderator reads both sides and the chat between you, then decides what is owed."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            type="submit"
            form={formId}
            isLoading={mutation.isPending}
            disabled={offline}
            aria-describedby={describedBy}
          >
            Open dispute
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Reason" error={errors.reason?.message}>
          {(control) => (
            <Select {...control} {...register('reason')}>
              <option value="">Choose a reason</option>
              {DISPUTE_REASONS.map((value) => (
                <option key={value} value={value}>
                  {DISPUTE_REASON_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="What went wrong"
          error={errors.details?.message}
          hint={`${details.length}/${SETTLEMENT_LIMITS.disputeDetailsMax} characters`}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              maxLength={SETTLEMENT_LIMITS.disputeDetailsMax}
              {...register('details')}
            />
          )}
        </Field>
        {generalError && (
          <p role="alert" className="text-sm text-red-700">
            {generalError}
          </p>
        )}
        <OfflineReason id={describedBy} />
      </form>
    </Dialog>
  );
}
