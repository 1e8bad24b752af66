import { MODERATION_LIMITS, type ModerateReportBody, moderateReportSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, TextField } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useModerate } from '@/api/moderation';

const DECISIONS = {
  dismiss: { title: 'Dismiss these reports?', confirm: 'Dismiss', danger: false },
  remove: { title: 'Remove it for everyone?', confirm: 'Remove', danger: true },
  suspend: { title: 'Suspend this account?', confirm: 'Suspend', danger: true },
} as const;

type Decision = keyof typeof DECISIONS;

interface DecisionValues {
  reason: string;
  /** Digits only; empty: until lifted. */
  days: string;
}
type DecisionFields = Pick<ModerateReportBody, 'reason' | 'days'>;

/** The shared rules, with the days read from the digits typed (none: no end). */
const resolver = zodResolver(
  moderateReportSchema.pick({ reason: true }).extend({
    days: z.preprocess((v) => (v === '' ? undefined : Number(v)), moderateReportSchema.shape.days),
  }),
) as unknown as Resolver<DecisionValues, unknown, DecisionFields>;

const describe = (action: Decision, who: string) =>
  action === 'suspend'
    ? `${who} cannot sign in while suspended, their sessions end now and their listings are hidden.`
    : action === 'remove'
      ? 'It disappears for everyone, and its owner is told your reason.'
      : 'The reports close; a listing hidden by them shows again.';

/** A moderator's decision on a reported target: why (told to its owner) and, for a suspension, how long. */
export function DecisionDialog({
  action,
  reportId,
  who,
  onClose,
}: {
  action: Decision;
  reportId: string;
  who: string;
  onClose: () => void;
}) {
  const formId = useId();
  const moderate = useModerate();
  const config = DECISIONS[action];
  const form = useForm<DecisionValues, unknown, DecisionFields>({
    resolver,
    defaultValues: { reason: '', days: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    setError,
    formState: { errors },
  } = form;
  const days = register('days');
  const { onSubmit } = useServerSubmit(form, {
    fields: ['reason', 'days'],
    submit: (body) => moderate.mutateAsync({ reportId, body: { action, ...body } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      onClose();
    },
    fallback: 'Failed to save the decision',
    // A refusal is said where the moderator writes their reason.
    showGeneral: (message) => setError('reason', { type: 'server', message }),
  });
  return (
    <Dialog
      open
      onClose={() => !moderate.isPending && onClose()}
      title={config.title}
      description={describe(action, who)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={moderate.isPending}>
            Cancel
          </Button>
          <Button
            variant={config.danger ? 'danger' : 'primary'}
            type="submit"
            form={formId}
            isLoading={moderate.isPending}
          >
            {config.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <Field label="Reason" error={errors.reason?.message}>
          {(control) => (
            <Textarea {...control} rows={3} maxLength={MODERATION_LIMITS.reasonMax} {...register('reason')} />
          )}
        </Field>
        {action === 'suspend' && (
          <div className="mt-3">
            <TextField
              label="Days (leave empty: until lifted)"
              inputMode="numeric"
              error={errors.days?.message}
              {...days}
              onChange={(event) => {
                // Digits only, as they are typed.
                event.target.value = event.target.value.replace(/\D/g, '');
                return days.onChange(event);
              }}
            />
          </div>
        )}
      </form>
    </Dialog>
  );
}
