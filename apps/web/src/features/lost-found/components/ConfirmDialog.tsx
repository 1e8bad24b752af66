import { LOST_FOUND_UI } from '@campusrun/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';

/**
 * Asks before an action that cannot be taken back: its title, one sentence of consequence, Cancel
 * and the action (red when it removes or gives something up). It stays open while the action runs.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirm,
  onConfirm,
  pending,
  danger = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirm: string;
  onConfirm: () => void;
  pending: boolean;
  danger?: boolean;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {LOST_FOUND_UI.poster.cancel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} isLoading={pending}>
            {confirm}
          </Button>
        </>
      }
    />
  );
}
