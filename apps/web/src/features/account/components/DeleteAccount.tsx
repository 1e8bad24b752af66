import {
  ACCOUNT_BLOCKER_LABELS,
  ACCOUNT_DELETION,
  ACCOUNT_MESSAGES,
  type AccountBlocker,
  type DeleteAccountBody,
  deleteAccountSchema,
} from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { PasswordField, TextField } from '@/components/ui/Field';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '@/api/account';

const FORM_ID = 'delete-account-form';
const EMPTY = { password: '', confirm: '' };

// The server decides which of the two applies; the form asks for the one the account has, and checks
// it before sending only so that an empty or mistyped field is said at once.
const passwordForm = deleteAccountSchema.refine((values) => Boolean(values.password), {
  path: ['password'],
  message: ACCOUNT_MESSAGES.passwordRequired,
});
const confirmForm = deleteAccountSchema.refine(
  (values) => values.confirm?.trim() === ACCOUNT_DELETION.confirmWord,
  { path: ['confirm'], message: ACCOUNT_MESSAGES.confirmWrong },
);

/** Where each thing in the way of deleting is finished or handed back. */
function blockerPath({ kind, id }: AccountBlocker): string {
  switch (kind) {
    case 'delivery':
    case 'request':
      return paths.request(id);
    case 'trip':
      return paths.trip(id);
    case 'run':
      return paths.run(id);
    case 'settlement':
      return paths.money;
  }
}

/** The refusals the dialog shows in place of the general error. */
type Refusal = { kind: 'blocked'; blockers: AccountBlocker[] } | { kind: 'signInAgain'; message: string };

/**
 * Delete account: a row in Your data, and its confirmation. The dialog says what happens, then asks
 * for the password (or, for an account without one, the word DELETE). What the server refuses is
 * said in the dialog: a field's error under it, what still stands in the way as links to each thing,
 * or that the member must sign in again first. Once deleted, this device is signed out like Sign out
 * does and lands on the sign-in page.
 */
// eslint-disable-next-line max-lines-per-function -- one form: the steps of confirming a deletion share its state.
export function DeleteAccount() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const mutation = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const hasPassword = user?.hasPassword ?? true;

  const form = useForm<DeleteAccountBody>({
    resolver: zodResolver(hasPassword ? passwordForm : confirmForm),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const busy = isSubmitting || mutation.isSuccess;

  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, {
    fields: ['password', 'confirm'],
    submit: (values) => {
      setRefusal(null);
      return mutation.mutateAsync(
        hasPassword ? { password: values.password } : { confirm: values.confirm?.trim() },
      );
    },
    onSuccess: () => {
      // The server has ended every session of the account: this device only forgets its own.
      logout({ serverEnded: true });
      toast.success(ACCOUNT_MESSAGES.deleted, { toastId: 'profile:deleted' });
      navigate(paths.login, { replace: true });
    },
    onError: (error) => {
      if (error.reason === 'accountInUse' && error.blockers?.length) {
        setRefusal({ kind: 'blocked', blockers: error.blockers });
        return true;
      }
      if (error.reason === 'signInAgain') {
        setRefusal({ kind: 'signInAgain', message: error.message || ACCOUNT_MESSAGES.signInAgain });
        return true;
      }
      return false;
    },
    fallback: (error) =>
      error.status === 429
        ? ACCOUNT_MESSAGES.tooMany
        : error.status === 0
          ? 'Could not reach the server. Check your connection and try again.'
          : 'Could not delete your account',
  });

  const close = () => {
    if (busy) return;
    setOpen(false);
    setRefusal(null);
    setGeneralError(null);
    reset(EMPTY);
  };
  const signInAgain = () => {
    logout();
    // Back to the profile once signed in, to delete within the minutes that follow.
    navigate(paths.login, { replace: true, state: { from: paths.profile } });
  };

  return (
    <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="min-w-0 text-sm text-slate-600">
        Delete your account and the personal details it holds. This cannot be undone.
      </p>
      <Button variant="danger" size="sm" className="shrink-0" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete account
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={ACCOUNT_MESSAGES.confirmTitle}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form={FORM_ID} isLoading={busy}>
              Delete my account
            </Button>
          </>
        }
      >
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-600">
          {ACCOUNT_MESSAGES.confirmBody.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <form id={FORM_ID} onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
          {hasPassword ? (
            // The dialog opens with the cursor in its one field (data-autofocus, read by the dialog).
            <PasswordField
              data-autofocus
              label="Your password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
          ) : (
            <TextField
              data-autofocus
              label={`Type ${ACCOUNT_DELETION.confirmWord} to confirm`}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={errors.confirm?.message}
              {...register('confirm')}
            />
          )}
          {refusal?.kind === 'blocked' && (
            <Alert>
              <p>{ACCOUNT_MESSAGES.blocked}</p>
              <ul className="mt-1">
                {refusal.blockers.map((blocker) => (
                  <li key={`${blocker.kind}:${blocker.id}`}>
                    {/* The whole row is the link: a finger's tap target, and its words say what it opens. */}
                    <Link
                      to={blockerPath(blocker)}
                      className="flex min-h-11 items-center rounded break-words hover:underline focus-visible:outline-2 focus-visible:outline-red-700"
                    >
                      <span>
                        {ACCOUNT_BLOCKER_LABELS[blocker.kind]}:{' '}
                        <span className="font-medium underline">{blocker.title}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {refusal?.kind === 'signInAgain' && (
            <Alert>
              <p>{refusal.message}</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={signInAgain}>
                Sign out and sign in again
              </Button>
            </Alert>
          )}
          {generalError && <Alert>{generalError}</Alert>}
        </form>
      </Dialog>
    </div>
  );
}
