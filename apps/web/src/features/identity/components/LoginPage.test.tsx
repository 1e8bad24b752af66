import { HTTP_MESSAGES, SESSION_REFUSAL_MESSAGES, type SessionRefusal } from '@campusrun/shared';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { campusConfig, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { toastTexts, toastsSettled } from '@/test/toasts';
import { api, meHandler, server } from '@/test/server';

async function openLogin(path = '/login') {
  const result = renderApp(path);
  await screen.findByLabelText('Email');
  return result;
}

describe('login', () => {
  it('requires email and password', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    // The message is tied to its input and announced.
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(screen.getByText('Email is required')).toHaveAttribute('role', 'alert');
  });

  it('only accepts the campus e-mail domain', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'someone@gmail.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Only Example University email addresses are allowed'),
    ).toBeInTheDocument();
  });

  it('editing a field clears its error and keeps what was typed', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'someone@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Only Example University email addresses are allowed');
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByText('Only Example University email addresses are allowed')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('someone@gmail.comx');
  });

  it('signs in, stores the session and opens the role dashboard, with no toast', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'jwt-1', user: hosteller });
      }),
      meHandler(hosteller),
    );
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'Asha@Example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(location().pathname).toBe('/hosteller/dashboard'));
    expect(body).toEqual({ email: 'asha@example.edu', password: 'secret123' });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ id: hosteller.id });
    // The dashboard is the answer: no "Login successful!" on top of it.
    await toastsSettled();
    expect(document.querySelectorAll('.Toastify__toast--success')).toHaveLength(0);
  });

  it('sends an unverified account to /verify-email with its email and userId', async () => {
    server.use(
      http.post(api('/auth/login'), () =>
        HttpResponse.json(
          { message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED', isVerified: false, userId: 'user-42' },
          { status: 403 },
        ),
      ),
    );
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'new@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('Your email is not verified. Please verify your email.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(location().pathname).toBe('/verify-email');
    expect(location().state).toEqual({ email: 'new@example.edu', userId: 'user-42' });
    expect(screen.getByText('new@example.edu')).toBeInTheDocument();
  });

  it("shows the server's message in the form only, not again as a toast, keeping the input", async () => {
    server.use(
      http.post(api('/auth/login'), () =>
        HttpResponse.json({ message: 'Invalid email or password', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'asha@example.edu');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await toastsSettled();
    expect(toastTexts().filter((text) => text.includes('Invalid email or password'))).toEqual([]);
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(1);
    expect(location().pathname).toBe('/login');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.edu');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-password');
  });

  it('shows server field errors under the fields', async () => {
    server.use(
      http.post(api('/auth/login'), () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            code: 'VALIDATION_FAILED',
            errors: [{ param: 'password', msg: 'Password is too long' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'asha@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is too long');
  });

  it('reports an unreachable server as an unexpected error', async () => {
    server.use(http.post(api('/auth/login'), () => HttpResponse.error()));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'asha@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
    // The form says it already: no toast repeats it.
    await toastsSettled();
    expect(toastTexts().filter((text) => text.includes('An unexpected error occurred'))).toEqual([]);
  });

  it('disables the submit button while signing in', async () => {
    let release: () => void = () => {};
    server.use(
      http.post(api('/auth/login'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(
          { message: 'Invalid email or password', code: 'UNAUTHORIZED' },
          { status: 401 },
        );
      }),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'asha@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
  });

  it.each([
    [
      'google_auth_not_configured',
      'Google sign-in is not available at this time. Please try the email/password login.',
    ],
    ['google_auth_failed', 'Google sign-in failed. Please try again or use email/password login.'],
  ])('explains ?error=%s', async (code, message) => {
    await openLogin(`/login?error=${code}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('offers Google sign-in only when the campus has it on', async () => {
    const { unmount } = await openLogin();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    unmount();

    server.use(http.get(api('/config'), () => HttpResponse.json({ ...campusConfig, googleEnabled: true })));
    await openLogin();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveAttribute(
      'data-href',
      '/api/auth/google',
    );
  });

  it('shows a retry when the campus settings cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(api('/config'), () =>
        fail
          ? HttpResponse.json({ message: 'Down', code: 'INTERNAL' }, { status: 503 })
          : HttpResponse.json({
              campusName: 'Example University',
              emailDomain: 'example.edu',
              googleEnabled: false,
              supportEmail: 'support@example.edu',
            }),
      ),
    );
    const { user } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(
      await screen.findByText("Can't reach CampusRun right now", {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    // Plain words only: no error name or status code.
    expect(screen.queryByText(/ApiError|HTTP 503/)).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});

describe('after the server signed this device out', () => {
  beforeEach(() => sessionStorage.clear());

  /** The member's next call is refused with this reason (as the server says it for an ended or old token). */
  function refuseSession(reason: SessionRefusal) {
    server.use(
      http.get(api('/auth/me'), () =>
        HttpResponse.json(
          { message: SESSION_REFUSAL_MESSAGES[reason], code: 'UNAUTHORIZED', reason },
          { status: 401 },
        ),
      ),
    );
  }

  it('says it was signed out from another device', async () => {
    refuseSession('sessionEnded');
    const { location } = renderApp('/hosteller/dashboard', { user: hosteller, token: 'ended-token' });
    await waitFor(() => expect(location().pathname).toBe('/login'));
    const notice = await screen.findByText(SESSION_REFUSAL_MESSAGES.sessionEnded);
    expect(notice).toHaveTextContent('You were signed out from another device.');
    // Announced: it arrives in a polite live region.
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(sessionStore.getToken()).toBeNull();
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('says the session expired', async () => {
    refuseSession('sessionExpired');
    const { location } = renderApp('/hosteller/dashboard', { user: hosteller, token: 'old-token' });
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByText(HTTP_MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(screen.queryByText(SESSION_REFUSAL_MESSAGES.sessionEnded)).not.toBeInTheDocument();
  });

  it('says it once: the sign-in page opened again later is plain', async () => {
    refuseSession('sessionEnded');
    const first = renderApp('/hosteller/dashboard', { user: hosteller, token: 'ended-token' });
    expect(await screen.findByText(SESSION_REFUSAL_MESSAGES.sessionEnded)).toBeInTheDocument();
    first.unmount();

    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByText(SESSION_REFUSAL_MESSAGES.sessionEnded)).not.toBeInTheDocument();
  });
});
