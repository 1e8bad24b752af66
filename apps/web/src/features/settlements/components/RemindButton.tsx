import { SETTLEMENT_MESSAGES, type Settlement } from '@campusrun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { SETTLEMENT_TOAST, useRemindSettlement } from '@/api/settlements';
import { settlementKeys } from '@/api/cache';
import { firstName } from './parties';

/**
 * The payee's Remind: the payer is told what they still owe, at most once a day (the server decides,
 * and `can.remind` says when). Once sent it is gone for the day. Offline it is off, its reason shown
 * by the group it sits in (`describedBy`), like the other money actions.
 */
export function RemindButton({
  settlement,
  offline,
  describedBy,
  disabled = false,
}: {
  settlement: Settlement;
  offline: boolean;
  describedBy: string | undefined;
  /** Another action of the same settlement is on its way. */
  disabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const reminded = useRemindSettlement();
  const remind = () =>
    reminded.mutate(settlement.id, {
      onSuccess: () =>
        toast.success(SETTLEMENT_MESSAGES.reminderSent(firstName(settlement.payer.name)), SETTLEMENT_TOAST),
      onError: (failure) => {
        toast.error(errorMessage(failure, 'Failed to send the reminder'), SETTLEMENT_TOAST);
        // Refused because it changed meanwhile (paid, or reminded from another screen): show it as it is now.
        if (failure instanceof ApiError && (failure.status === 409 || failure.status === 403))
          void queryClient.invalidateQueries({ queryKey: settlementKeys.all });
      },
    });
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={remind}
      isLoading={reminded.isPending}
      disabled={offline || disabled}
      aria-label={`Remind ${settlement.payer.name}`}
      aria-describedby={describedBy}
    >
      <BellRing className="size-4" aria-hidden="true" />
      Remind
    </Button>
  );
}
