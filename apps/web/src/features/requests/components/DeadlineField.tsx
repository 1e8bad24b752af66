import { useMemo } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { Chip } from '@/components/ui/Chip';
import { formatDateTime } from '@/lib/format';
import { TimeField } from '@/components/ui/TimeField';
import { deadlineShortcuts, minDeadline } from './deadline-input';
import type { RequestFormValues } from './request-form';

/**
 * The deadline picker with its one-tap shortcuts, and the picked time written out under it
 * ("Due tomorrow 9:00 pm").
 */
export function DeadlineField({
  register,
  error,
  value,
  onShortcut,
}: {
  register: UseFormRegister<RequestFormValues>;
  error: string | undefined;
  value: string;
  onShortcut: (value: string) => void;
}) {
  const shortcuts = useMemo(() => deadlineShortcuts(), []);
  return (
    <div className="space-y-2">
      <TimeField
        label="Deadline"
        min={minDeadline()}
        picked={value}
        describe={(time) => `Due ${time}`}
        error={error}
        {...register('deadline')}
      />
      <ul aria-label="Time shortcuts" className="flex flex-wrap gap-2">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.label}>
            <Chip
              pressed={value === shortcut.value}
              title={formatDateTime(shortcut.value)}
              onClick={() => onShortcut(shortcut.value)}
            >
              {shortcut.label}
            </Chip>
          </li>
        ))}
      </ul>
    </div>
  );
}
