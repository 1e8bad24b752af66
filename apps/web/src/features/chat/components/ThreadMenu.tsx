import { Ban, Flag, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ReportDialog } from '@/components/reports/deferred';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useBlockedUsers, useSetBlocked } from '@/api/people';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { moreButtonClasses } from './menu-styles';
import { MoreMenu } from './MoreMenu';

/**
 * The thread's ⋯ menu: report the partner to the moderators, and block or unblock them. Kept behind
 * one button so the partner's name and status have the header's room on a phone.
 */
export function ThreadMenu({ userId, name }: { userId: string; name: string }) {
  const blocked = useBlockedUsers();
  const setBlocked = useSetBlocked();
  const [reporting, setReporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const isBlocked = blocked.data?.some((u) => u.id === userId) ?? false;
  const change = async (block: boolean) => {
    try {
      const answer = await setBlocked.mutateAsync({ userId, blocked: block });
      toast.success(answer.message, { toastId: 'user:block' });
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error, block ? 'Failed to block user' : 'Failed to unblock user'), {
        toastId: 'user:block',
      });
    }
  };
  return (
    <>
      <MoreMenu
        label={`More actions for ${name}`}
        className="ml-auto shrink-0"
        buttonClassName={moreButtonClasses}
        items={[
          { label: 'Report user', icon: Flag, onSelect: () => setReporting(true) },
          ...(!blocked.isSuccess
            ? []
            : isBlocked
              ? [
                  {
                    label: 'Unblock',
                    icon: ShieldCheck,
                    onSelect: () => void change(false),
                    disabled: setBlocked.isPending,
                  },
                ]
              : [{ label: 'Block', icon: Ban, onSelect: () => setConfirming(true) }]),
        ]}
      />
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        targetType="user"
        targetId={userId}
        what={name}
      />
      <Dialog
        open={confirming}
        onClose={() => !setBlocked.isPending && setConfirming(false)}
        title={`Block ${name}?`}
        description="Neither of you can message the other, accept the other's requests or see the other's listings. You can unblock them later from your profile."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={setBlocked.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void change(true)} isLoading={setBlocked.isPending}>
              Block
            </Button>
          </>
        }
      />
    </>
  );
}
