import { SETTLEMENT_LIMITS } from '@campusrun/shared';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { OfflineReason } from '@/components/OfflineReason';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Textarea } from '@/components/ui/Input';

/**
 * "Not received", asked first: the payee may say what the moderator should know (optional; left
 * blank, the dispute says the money did not arrive). What is typed stays while the dialog is open,
 * a refusal included; offline it cannot be sent.
 */
export function NotReceivedDialog({
  open,
  close,
  pending,
  title,
  description,
  error,
  onConfirm,
  offline,
  describedBy,
}: {
  open: boolean;
  close: () => void;
  pending: boolean;
  title: string;
  description: string;
  /** Why the server refused it, said in the dialog. */
  error: string | null;
  onConfirm: (details: string) => void;
  offline: boolean;
  describedBy: string | undefined;
}) {
  const formId = useId();
  const [details, setDetails] = useState('');
  return (
    <Dialog
      open={open}
      onClose={() => !pending && close()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            type="submit"
            form={formId}
            isLoading={pending}
            disabled={offline}
            aria-describedby={describedBy}
          >
            Not received
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(details.trim());
        }}
      >
        <Field
          label="What should the moderator know? (optional)"
          hint={`For example, when you checked your UPI app. ${details.length}/${SETTLEMENT_LIMITS.disputeDetailsMax} characters`}
          error={error ?? undefined}
        >
          {(props) => (
            <Textarea
              {...props}
              rows={3}
              maxLength={SETTLEMENT_LIMITS.disputeDetailsMax}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
          )}
        </Field>
        {offline && <OfflineReason id={describedBy} />}
      </form>
    </Dialog>
  );
}
