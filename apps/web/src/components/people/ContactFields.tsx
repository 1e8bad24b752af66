import { TextField, type TextFieldProps } from '@/components/ui/Field';

type InputFieldProps = Omit<TextFieldProps, 'label'>;

/** The account's phone number (sign-up, completing a profile, editing it). */
export function PhoneField(props: InputFieldProps) {
  return (
    <TextField label="Phone number" type="tel" inputMode="numeric" autoComplete="tel-national" {...props} />
  );
}

/** A hosteller's hostel block and room number, side by side. */
export function HostelFields({
  hostelBlock,
  roomNumber,
}: {
  hostelBlock: InputFieldProps;
  roomNumber: InputFieldProps;
}) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <TextField label="Hostel block" placeholder="e.g. Block A" {...hostelBlock} />
      <TextField label="Room number" placeholder="e.g. 101" {...roomNumber} />
    </div>
  );
}
