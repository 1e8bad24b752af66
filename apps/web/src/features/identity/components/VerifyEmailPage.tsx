import { AUTH_MESSAGES, LIMITS, otpFormSchema } from '@campusrun/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ClipboardEvent, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { dashboardPath, paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useServerSubmit } from '@/lib/forms';
import { useSendOtp, useVerifyOtp } from '@/api/identity';
import {
  type PendingVerification,
  clearPendingVerification,
  clearSignUpTicket,
  readPendingVerification,
  readSignUpTicket,
  savePendingVerification,
  savePendingWithCodeSent,
} from '../hooks/pending-verification';
import { useCountdown } from '../hooks/useCountdown';
import { AuthHeading } from './AuthHeading';

const COOLDOWN_MS = LIMITS.otpResendCooldownSeconds * 1000;
const WHOLE_CODE = new RegExp(`^\\d{${LIMITS.otpLength}}$`);

function usePending(): PendingVerification | null {
  const location = useLocation();
  const [pending] = useState<PendingVerification | null>(() => {
    const state = location.state as Partial<PendingVerification> | null;
    const stored = readPendingVerification();
    if (state?.email) {
      // Same address as the stored entry: keep its send time (the cooldown survives a reload).
      const codeSentAt = stored?.email === state.email ? stored.codeSentAt : undefined;
      const next = { email: state.email, userId: state.userId ?? stored?.userId ?? '', codeSentAt };
      savePendingVerification(next);
      return next;
    }
    return stored;
  });
  return pending;
}

/**
 * The code is sent by itself once all its digits are in (typed, pasted or filled in by the phone),
 * once: again only when it changes (to another whole code, or retyped after a digit went), and never
 * while one is being checked.
 */
function useSubmitWholeCode(otp: string, isSubmitting: boolean, submit: () => Promise<void>) {
  const sent = useRef<string | null>(null);
  const latest = useRef(submit);
  useEffect(() => {
    latest.current = submit;
  });
  useEffect(() => {
    if (!WHOLE_CODE.test(otp)) {
      sent.current = null;
      return;
    }
    if (otp === sent.current || isSubmitting) return;
    sent.current = otp;
    void latest.current();
  }, [otp, isSubmitting]);
}

function VerifyEmailForm({ pending }: { pending: PendingVerification }) {
  const navigate = useNavigate();
  const auth = useAuth();
  // The sign-up this screen belongs to: a code only activates the details submitted with it.
  const signUp = { email: pending.email, ...(pending.userId ? { userId: pending.userId } : {}) };
  const verifyMutation = useVerifyOtp();
  const sendMutation = useSendOtp();
  const [cooldownEndsAt, setCooldownEndsAt] = useState<number | null>(() =>
    pending.codeSentAt ? pending.codeSentAt + COOLDOWN_MS : null,
  );
  const secondsLeft = useCountdown(cooldownEndsAt);

  const form = useForm({
    resolver: zodResolver(otpFormSchema),
    defaultValues: { otp: '' },
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;

  // Every failure shows at the code.
  const { onSubmit } = useServerSubmit(form, {
    fields: ['otp'],
    submit: ({ otp }) => {
      // The tab that signed up holds the sign-up's ticket: with it the answer signs the student in.
      const ticket = pending.userId ? readSignUpTicket(pending.userId) : undefined;
      return verifyMutation.mutateAsync({ ...signUp, otp, ...(ticket ? { ticket } : {}) });
    },
    onSuccess: ({ token, user }) => {
      clearPendingVerification();
      clearSignUpTicket();
      // Signed in, the screen that opens says it worked; sent to sign in, the toast says why.
      if (token && user) {
        auth.login(token, user);
        navigate(user.isProfileComplete ? dashboardPath(user.role) : paths.completeProfile, {
          replace: true,
        });
        return;
      }
      toast.success(AUTH_MESSAGES.verified, { toastId: 'auth:verify' });
      navigate(paths.login, { replace: true, state: { email: pending.email } });
    },
    fallback: 'OTP verification failed',
    showGeneral: (message) => setError('otp', { type: 'server', message }, { shouldFocus: true }),
  });

  useSubmitWholeCode(useWatch({ control, name: 'otp' }), isSubmitting, onSubmit);

  // A code pasted with spaces or dashes ("123 456") is taken as its digits, not cut at six characters.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!WHOLE_CODE.test(digits)) return;
    event.preventDefault();
    setValue('otp', digits, { shouldDirty: true });
  };

  async function resend() {
    try {
      await sendMutation.mutateAsync(signUp);
      const { codeSentAt = 0 } = savePendingWithCodeSent(pending);
      setCooldownEndsAt(codeSentAt + COOLDOWN_MS);
      toast.success(AUTH_MESSAGES.otpSent, { toastId: 'auth:resend-code' });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to send OTP'), { toastId: 'auth:resend-code' });
    }
  }

  const coolingDown = secondsLeft > 0;

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.otpLength}
          placeholder="••••••"
          className="text-center font-mono text-xl tracking-[0.5em] sm:text-xl"
          hint={`Enter the ${LIMITS.otpLength}-digit code from the email.`}
          error={errors.otp?.message}
          onPaste={paste}
          {...register('otp')}
        />
        <Button type="submit" fullWidth isLoading={isSubmitting}>
          Verify Email
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-1 text-sm text-slate-600">
        <span>Didn&apos;t get the code?</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={resend}
          disabled={coolingDown}
          isLoading={sendMutation.isPending}
          className="text-indigo-700 hover:text-indigo-800"
        >
          Resend OTP{coolingDown && <span aria-hidden="true"> ({secondsLeft}s)</span>}
        </Button>
        {coolingDown && (
          <span className="text-xs text-slate-500">You can ask for a new code in {secondsLeft} seconds.</span>
        )}
      </div>
    </>
  );
}

export function VerifyEmailPage() {
  const pending = usePending();
  if (!pending) return <Navigate to={paths.login} replace />;

  return (
    <>
      <AuthHeading title="Verify your email">
        We sent a {LIMITS.otpLength}-digit code to{' '}
        <strong className="font-medium [overflow-wrap:anywhere] text-slate-900">{pending.email}</strong>.
        Enter it below to activate your account.
      </AuthHeading>
      <VerifyEmailForm pending={pending} />
      <p className="mt-6 text-center text-sm">
        <Link
          to={paths.login}
          className="rounded font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Back to login
        </Link>
      </p>
    </>
  );
}
