import {
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '@campusrun/shared';
import { useId, useState } from 'react';
import { useSendReport } from '@/api/reports';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, for the title: "this product", "Asha". */
  what: string;
}

/**
 * Reports a user, product, request or received message to the campus moderators: a reason (required)
 * and optional details. Whatever fails is said in the dialog, and nothing typed is lost.
 */
export function ReportDialog({ open, onClose, targetType, targetId, what }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();
  const legendId = useId();
  const mutation = useSendReport();

  const close = () => {
    if (mutation.isPending) return;
    setError(undefined);
    onClose();
  };
  const submit = async () => {
    if (!reason) return setError(REPORT_MESSAGES.reasonRequired);
    try {
      await mutation.mutateAsync({ targetType, targetId, reason, details: details.trim() || undefined });
      toast.success(REPORT_MESSAGES.sent);
      setReason(null);
      setDetails('');
      setError(undefined);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to send the report'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Report ${what}`}
      description="Moderators review every report. The person you report is not told who reported them."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void submit()} isLoading={mutation.isPending}>
            Send report
          </Button>
        </>
      }
    >
      <fieldset aria-labelledby={legendId} aria-describedby={error ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="text-sm font-medium text-slate-700">
          Reason
        </legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-500"
            >
              <input
                type="radio"
                name={`${legendId}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(undefined);
                }}
                className="size-4 accent-indigo-600"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        <Field label="Details (optional)" hint={`${details.length}/${REPORT_LIMITS.detailsMax} characters`}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={REPORT_LIMITS.detailsMax}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
          )}
        </Field>
      </div>
      {error && (
        <p id={`${legendId}-error`} role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </Dialog>
  );
}
