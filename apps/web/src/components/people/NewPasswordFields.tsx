import { PasswordField, type TextFieldProps } from '@/components/ui/Field';

type InputFieldProps = Omit<TextFieldProps, 'label'>;

/** A new password and its confirmation (resetting or changing a password). */
export function NewPasswordFields({
  password,
  confirm,
}: {
  password: InputFieldProps;
  confirm: InputFieldProps;
}) {
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...password}
      />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...confirm} />
    </>
  );
}
