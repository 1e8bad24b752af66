import {
  type CreateReportBody,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
  createReportSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { useSendReport } from '@/api/reports';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, for the title: "this product", "Asha". */
  what: string;
  /** After the report is sent (the dialog closes itself). */
  onSent?: () => void;
}

interface ReportValues {
  reason: ReportReason | null;
  details: string;
}
type ReportFields = Pick<CreateReportBody, 'reason' | 'details'>;

const resolver = zodResolver(createReportSchema.pick({ reason: true, details: true })) as unknown as Resolver<
  ReportValues,
  unknown,
  ReportFields
>;

/**
 * Reports a user, product, request, lost and found post or claim, or received message to the campus moderators: a reason (required)
 * and optional details. Whatever fails is said in the dialog, and nothing typed is lost.
 */
export function ReportDialog({ open, onClose, targetType, targetId, what, onSent }: ReportDialogProps) {
  const legendId = useId();
  const mutation = useSendReport();
  const form = useForm<ReportValues, unknown, ReportFields>({
    resolver,
    defaultValues: { reason: null, details: '' },
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
    fields: ['reason', 'details'],
    submit: (fields) => mutation.mutateAsync({ targetType, targetId, ...fields }),
    onSuccess: () => {
      toast.success(REPORT_MESSAGES.sent);
      reset();
      onClose();
      onSent?.();
    },
    fallback: 'Failed to send the report',
  });
  // The missing reason and a refusal show in one place, under the form.
  const error = errors.reason?.message ?? generalError;

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
      title={`Report ${what}`}
      description="Moderators review every report. The person you report is not told who reported them."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form={legendId} isLoading={mutation.isPending}>
            Send report
          </Button>
        </>
      }
    >
      <form id={legendId} onSubmit={onSubmit} noValidate>
        <fieldset
          aria-labelledby={`${legendId}-legend`}
          aria-describedby={error ? `${legendId}-error` : undefined}
        >
          <legend id={`${legendId}-legend`} className="text-sm font-medium text-slate-700">
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
                  value={value}
                  {...register('reason')}
                  className="size-4 accent-indigo-600"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <Field
            label="Details (optional)"
            error={errors.details?.message}
            hint={`${details.length}/${REPORT_LIMITS.detailsMax} characters`}
          >
            {(control) => (
              <Textarea {...control} rows={3} maxLength={REPORT_LIMITS.detailsMax} {...register('details')} />
            )}
          </Field>
        </div>
        {error && (
          <p id={`${legendId}-error`} role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
