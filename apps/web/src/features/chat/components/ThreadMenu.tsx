import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Ban, Flag, MoreHorizontal, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ReportDialog } from '@/components/reports/deferred';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useBlockedUsers, useSetBlocked } from '@/components/users/blocks';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { menuItemClasses, menuItemsClasses, moreButtonClasses } from './menu-styles';

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
      <Menu as="div" className="ml-auto shrink-0">
        <MenuButton aria-label={`More actions for ${name}`} className={moreButtonClasses}>
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </MenuButton>
        <MenuItems anchor={{ to: 'bottom end', gap: 4, padding: 8 }} transition className={menuItemsClasses}>
          <MenuItem>
            <button type="button" onClick={() => setReporting(true)} className={menuItemClasses}>
              <Flag className="size-4 text-slate-500" aria-hidden="true" />
              Report user
            </button>
          </MenuItem>
          {blocked.isSuccess && (
            <MenuItem>
              {isBlocked ? (
                <button
                  type="button"
                  onClick={() => void change(false)}
                  disabled={setBlocked.isPending}
                  className={menuItemClasses}
                >
                  <ShieldCheck className="size-4 text-slate-500" aria-hidden="true" />
                  Unblock
                </button>
              ) : (
                <button type="button" onClick={() => setConfirming(true)} className={menuItemClasses}>
                  <Ban className="size-4 text-slate-500" aria-hidden="true" />
                  Block
                </button>
              )}
            </MenuItem>
          )}
        </MenuItems>
      </Menu>
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
