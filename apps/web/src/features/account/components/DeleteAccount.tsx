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
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { PasswordField, TextField } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useServerSubmit } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useDeleteAccount, useDeletionBlockers } from '@/api/account';

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

/** What stands in the way, each row a link to where it is finished. */
function BlockerList({ blockers }: { blockers: AccountBlocker[] }) {
  const headingId = useId();
  return (
    <div className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
      <p id={headingId}>{ACCOUNT_MESSAGES.blocked}</p>
      <ul aria-labelledby={headingId} className="mt-1">
        {blockers.map((blocker) => (
          <li key={`${blocker.kind}:${blocker.id}`}>
            {/* The whole row is the link: a finger's tap target, and its words say what it opens. */}
            <Link
              to={blockerPath(blocker)}
              className="flex min-h-11 items-center rounded wrap-anywhere hover:underline focus-visible:outline-2 focus-visible:outline-amber-800"
            >
              <span>
                {ACCOUNT_BLOCKER_LABELS[blocker.kind]}:{' '}
                <span className="font-medium underline">{blocker.title}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-1">{ACCOUNT_MESSAGES.blockedAfter}</p>
    </div>
  );
}

/** The check of what stands in the way failed: why, and Retry. */
function CheckFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert>
      <p>{errorMessage(error, ACCOUNT_MESSAGES.checkFailed)}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={retry}>
        Retry
      </Button>
    </Alert>
  );
}

/** Before anything is asked: what is still open is looked up. */
function Checking() {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner className="size-4" />
      {ACCOUNT_MESSAGES.checking}
    </p>
  );
}

/**
 * Delete account: a row in Your data, and its dialog. The dialog first looks up what still stands in
 * the way (deliveries, requests, trips, runs, payments) and lists it, each a link to where it is
 * finished; only when nothing does it say what happens and ask for the password (or, for an account
 * without one, the word DELETE). The server checks again: what it refuses is said in the dialog, a
 * field's error under it, what appeared in the way meanwhile as the same list, or that the member
 * must sign in again first. Once deleted, this device is signed out like Sign out does and lands on
 * the sign-in page.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  // The dialog (its form and checks) is drawn from the first press on, then kept so that it can
  // close as it opened: the Me tab is not slower to open for a dialog nobody asked for.
  const [asked, setAsked] = useState(false);
  return (
    <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="min-w-0 text-sm text-slate-600">
        Delete your account and the personal details it holds. This cannot be undone.
      </p>
      <Button
        variant="danger"
        size="sm"
        className="shrink-0"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete account
      </Button>
      {asked && <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />}
    </div>
  );
}

// eslint-disable-next-line max-lines-per-function -- one dialog: its steps (checking, blocked, confirming) share the form's state.
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const mutation = useDeleteAccount();
  const check = useDeletionBlockers(open);
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
    setFocus,
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

  // What stands in the way: the server's latest word (a refusal), else what the dialog looked up.
  const blockers = refusal?.kind === 'blocked' ? refusal.blockers : (check.data ?? []);
  const step =
    refusal?.kind === 'blocked'
      ? 'blocked'
      : check.isFetching
        ? 'checking'
        : check.isError
          ? 'failed'
          : blockers.length > 0
            ? 'blocked'
            : 'confirm';
  // The field appears once nothing stands in the way (after the dialog opened): the cursor goes there.
  useEffect(() => {
    if (open && step === 'confirm') setFocus(hasPassword ? 'password' : 'confirm');
  }, [open, step, hasPassword, setFocus]);

  const close = () => {
    if (busy) return;
    onClose();
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
    <Dialog
      open={open}
      onClose={close}
      title={ACCOUNT_MESSAGES.confirmTitle}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {step === 'confirm' ? 'Cancel' : 'Close'}
          </Button>
          {step === 'confirm' && (
            <Button variant="danger" type="submit" form={FORM_ID} isLoading={busy}>
              Delete my account
            </Button>
          )}
        </>
      }
    >
      {/* Said as it changes: still looking, what is in the way, or what deleting does. */}
      <div aria-live="polite">
        {step === 'checking' && <Checking />}
        {step === 'failed' && <CheckFailed error={check.error} retry={() => void check.refetch()} />}
        {step === 'blocked' && <BlockerList blockers={blockers} />}
        {step === 'confirm' && (
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-600">
            {ACCOUNT_MESSAGES.confirmBody.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      {step === 'confirm' && (
        <form id={FORM_ID} onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
          {/* The cursor goes here: when the dialog opens with it (data-autofocus), or as it appears. */}
          {hasPassword ? (
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
      )}
    </Dialog>
  );
}
