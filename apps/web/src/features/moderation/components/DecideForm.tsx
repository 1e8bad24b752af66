import {
  DISPUTE_MESSAGES,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_OUTCOMES,
  type DisputeOutcome,
  type ModerationDispute,
  type ResolveDisputeBody,
  SETTLEMENT_LIMITS,
  resolveDisputeSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useResolveDispute } from '@/api/moderation';

interface DecideValues {
  outcome: DisputeOutcome | '';
  note: string;
}
const decideResolver = zodResolver(resolveDisputeSchema) as unknown as Resolver<
  DecideValues,
  unknown,
  ResolveDisputeBody
>;

/**
 * What deciding would do, said before it is sent: "Decide for Asha Rao: nothing more is owed?",
 * "Decide for Ravi Kumar: Asha Rao owes ₹202?", "Split it: Asha Rao owes ₹101?", with what it does to
 * the record. The money is the server's (`settlement.outcomes`, the rule that moves the settlement).
 */
function decisionQuestion(dispute: ModerationDispute, outcome: DisputeOutcome) {
  const { payer, payee } = dispute;
  const effect = dispute.settlement?.outcomes[outcome];
  const money = !effect
    ? 'no settlement changes'
    : effect.state === 'open'
      ? `${payer.name} owes ${formatRupees(effect.amount)}`
      : outcome === 'favour_payee' || outcome === 'split'
        ? `${formatRupees(effect.amount)}, settled`
        : 'nothing more is owed';
  const title = {
    favour_payer: `Decide for ${payer.name}: ${money}?`,
    favour_payee: `Decide for ${payee.name}: ${money}?`,
    split: `Split it: ${money}?`,
    no_fault: `Decide no fault: ${money}?`,
  }[outcome];
  const record = {
    favour_payer: `${payee.name} loses this dispute on their record.`,
    favour_payee: `${payer.name} loses this dispute on their record.`,
    split: 'Nobody loses this dispute on their record.',
    no_fault: 'Nobody loses this dispute on their record.',
  }[outcome];
  return { title, description: `${record} Both are told the outcome and your note.` };
}

/**
 * A moderator's decision on an open dispute: the outcome and a note to both sides, checked like
 * the server checks them, then confirmed with its effect in money before it is sent.
 */
export function DecideForm({ dispute }: { dispute: ModerationDispute }) {
  const id = useId();
  const resolve = useResolveDispute();
  const [asking, setAsking] = useState<DisputeOutcome | null>(null);
  const form = useForm<DecideValues, unknown, ResolveDisputeBody>({
    resolver: decideResolver,
    defaultValues: { outcome: '', note: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const note = useWatch({ control, name: 'note' });
  const { onSubmit: send, generalError } = useServerSubmit(form, {
    fields: ['outcome', 'note'],
    submit: async (body) => {
      try {
        return await resolve.mutateAsync({ disputeId: dispute.id, body });
      } finally {
        setAsking(null);
      }
    },
    onSuccess: () => toast.success(DISPUTE_MESSAGES.resolved),
    // Decided by someone else meanwhile (or withdrawn): the list refreshes and shows it as it is.
    onError: (failure) => {
      if (failure.reason !== 'alreadyResolved') return false;
      toast.error(errorMessage(failure, DISPUTE_MESSAGES.alreadyResolved));
      return true;
    },
    fallback: 'Failed to save the decision',
  });
  const outcomeError = errors.outcome?.message;
  const question = asking && decisionQuestion(dispute, asking);

  return (
    <>
      <form
        onSubmit={handleSubmit((body) => setAsking(body.outcome))}
        noValidate
        className="mt-4 space-y-4 border-t border-slate-100 pt-4"
      >
        <fieldset aria-describedby={outcomeError ? `${id}-outcome-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700">Outcome</legend>
          <div className="mt-2 grid grid-cols-1 gap-2">
            {DISPUTE_OUTCOMES.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-500"
              >
                <input
                  type="radio"
                  value={value}
                  aria-invalid={outcomeError ? true : undefined}
                  className="size-4 shrink-0 accent-indigo-600"
                  {...register('outcome')}
                />
                {DISPUTE_OUTCOME_LABELS[value]}
              </label>
            ))}
          </div>
          {outcomeError && (
            <p id={`${id}-outcome-error`} role="alert" className="mt-1.5 text-sm text-red-700">
              {outcomeError}
            </p>
          )}
        </fieldset>
        <Field
          label="Note to both sides"
          hint={`Both are told the outcome and this note. ${note.length}/${SETTLEMENT_LIMITS.outcomeNoteMax} characters`}
          error={errors.note?.message}
        >
          {({ invalid, ...props }) => (
            <Textarea
              {...props}
              invalid={invalid}
              rows={3}
              maxLength={SETTLEMENT_LIMITS.outcomeNoteMax}
              {...register('note')}
            />
          )}
        </Field>
        {generalError && (
          <p role="alert" className="text-sm text-red-700">
            {generalError}
          </p>
        )}
        <div className="flex sm:justify-end">
          <Button type="submit" className="w-full sm:w-auto">
            Decide
          </Button>
        </div>
      </form>
      <Dialog
        open={question !== null}
        onClose={() => !resolve.isPending && setAsking(null)}
        title={question?.title ?? ''}
        description={question?.description}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)} disabled={resolve.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void send()} isLoading={resolve.isPending}>
              Decide
            </Button>
          </>
        }
      />
    </>
  );
}
