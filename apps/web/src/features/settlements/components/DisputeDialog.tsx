import {
  DISPUTE_MESSAGES,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type DisputeReason,
  SETTLEMENT_LIMITS,
  disputeSettlementSchema,
} from '@campusrun/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Select, Textarea } from '@/components/ui/Input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useOpenDispute, SETTLEMENT_TOAST } from '@/api/settlements';

export interface DisputeDialogProps {
  open: boolean;
  onClose: () => void;
  /** The settlement it is about (it outlives the product sold). */
  settlementId: string;
}

type Errors = Partial<Record<'reason' | 'details' | 'form', string>>;

/**
 * "Report a problem" with a request or a sale: a reason and what went wrong, checked with the same
 * rules as the server; whatever the server refuses is said in the dialog and nothing typed is lost.
 */
export function DisputeDialog({ open, onClose, settlementId }: DisputeDialogProps) {
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useOpenDispute();

  const close = () => {
    if (mutation.isPending) return;
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const parsed = disputeSettlementSchema.safeParse({
      reason: reason || undefined,
      details,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const key = field === 'reason' || field === 'details' ? field : 'form';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      await mutation.mutateAsync({ settlementId, ...parsed.data });
      toast.success(DISPUTE_MESSAGES.opened, SETTLEMENT_TOAST);
      setReason('');
      setDetails('');
      setErrors({});
      onClose();
    } catch (failure) {
      const found: Errors = {};
      if (failure instanceof ApiError)
        for (const error of failure.errors ?? []) {
          if (error.param === 'reason' || error.param === 'details') found[error.param] ??= error.msg;
        }
      if (!found.reason && !found.details) found.form = errorMessage(failure, 'Failed to open the dispute');
      setErrors(found);
    }
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
          <Button variant="danger" onClick={() => void submit()} isLoading={mutation.isPending}>
            Open dispute
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field label="Reason" error={errors.reason}>
          {(control) => (
            <Select
              {...control}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value as DisputeReason | '');
                setErrors((e) => ({ ...e, reason: undefined }));
              }}
            >
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
          error={errors.details}
          hint={`${details.length}/${SETTLEMENT_LIMITS.disputeDetailsMax} characters`}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              maxLength={SETTLEMENT_LIMITS.disputeDetailsMax}
              value={details}
              onChange={(event) => {
                setDetails(event.target.value);
                setErrors((e) => ({ ...e, details: undefined }));
              }}
            />
          )}
        </Field>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
      </div>
    </Dialog>
  );
}
