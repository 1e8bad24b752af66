import { formatDateTime } from '@/lib/format';
import { localToIso } from '@/lib/local-time';
import { TextField, type TextFieldProps } from './Field';

/**
 * A datetime-local picker with the picked time written under it as the app writes dates elsewhere
 * (`describe` words it, "Due …"), until the field has an error. Spread the field's registration on it.
 */
export function TimeField({
  picked,
  describe = (time) => time,
  error,
  ...props
}: Omit<TextFieldProps, 'type' | 'hint'> & {
  /** The field's value as it is now (useWatch). */
  picked: string;
  describe?: (time: string) => string;
}) {
  const iso = localToIso(picked);
  const time = typeof iso === 'string' && iso !== picked ? formatDateTime(iso) : undefined;
  return (
    <TextField
      type="datetime-local"
      hint={error || time === undefined ? undefined : describe(time)}
      error={error}
      {...props}
    />
  );
}
