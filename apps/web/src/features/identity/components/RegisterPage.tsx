import type { CampusConfig } from '@campusrun/shared';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { HostelFields, PhoneField } from '@/components/people/ContactFields';
import { Button } from '@/components/ui/Button';
import { PasswordField, TextField } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { useServerSubmit } from '@/lib/forms';
import { useRegister } from '@/api/identity';
import { savePendingWithCodeSent, saveSignUpTicket } from '../hooks/pending-verification';
import { useAuthForm } from '../hooks/useAuthForm';
import { AuthHeading } from './AuthHeading';
import { CampusConfigGate } from './CampusConfigGate';
import { GoogleSignIn } from './GoogleSignIn';
import { RoleField } from './RoleField';

const FIELDS = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'phoneNumber',
  'role',
  'hostelBlock',
  'roomNumber',
] as const;

function RegisterForm({ config }: { config: CampusConfig }) {
  const navigate = useNavigate();
  const registerMutation = useRegister();

  // A field's error shows once the student has left it, or on submit; never for a field not reached yet.
  const { form, formProps } = useAuthForm(
    config,
    'registerForm',
    {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      phoneNumber: '',
      hostelBlock: '',
      roomNumber: '',
    },
    'onBlur',
  );
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const role = useWatch({ control, name: 'role' });

  // Each error shows under its field (or in the form's alert): no toast repeats them.
  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: FIELDS,
    submit: (values) => {
      const isHosteller = values.role === 'hosteller';
      return registerMutation.mutateAsync({
        name: values.name,
        email: values.email,
        password: values.password,
        role: values.role,
        phoneNumber: values.phoneNumber,
        hostelBlock: isHosteller ? values.hostelBlock : null,
        roomNumber: isHosteller ? values.roomNumber : null,
      });
    },
    // The code screen that opens says where the code went: no toast.
    onSuccess: ({ userId, ticket }, values) => {
      const pending = { email: values.email, userId };
      savePendingWithCodeSent(pending);
      saveSignUpTicket(userId, ticket);
      navigate(paths.verifyEmail, { state: pending });
    },
    fallback: 'Registration failed. Please try again.',
  });

  return (
    <>
      <form {...formProps} onSubmit={onSubmit} className="space-y-5">
        {generalError && <Alert>{generalError}</Alert>}
        <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={`you@${config.emailDomain}`}
          hint={`Use your ${config.campusName} email address.`}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <PhoneField
          placeholder="10-digit mobile number"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <RoleField registration={register('role')} error={errors.role?.message} />
        {role === 'hosteller' && (
          <HostelFields
            hostelBlock={{ ...register('hostelBlock'), error: errors.hostelBlock?.message }}
            roomNumber={{ ...register('roomNumber'), error: errors.roomNumber?.message }}
          />
        )}
        <Button type="submit" fullWidth isLoading={isSubmitting}>
          Create account
        </Button>
      </form>
      <GoogleSignIn enabled={config.googleEnabled} />
    </>
  );
}

export function RegisterPage() {
  return (
    <>
      <AuthHeading title="Create your account">Join CampusRun with your campus email.</AuthHeading>
      <CampusConfigGate fields={6}>{(config) => <RegisterForm config={config} />}</CampusConfigGate>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link
          to={paths.login}
          className="rounded font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Sign in
        </Link>
      </p>
    </>
  );
}
