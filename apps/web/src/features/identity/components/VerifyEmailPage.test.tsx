import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { dayscholar } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';
import { toastsSettled, toastTexts } from '@/test/toasts';

const pending = { email: 'ravi@example.edu', userId: '0b7c6a1e-5d2f-4e8a-9c3b-1f2e3d4c5b6a' };

function storePending(codeSentAt?: number) {
  localStorage.setItem('pendingVerification', JSON.stringify({ ...pending, codeSentAt }));
}

const TICKET = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3';
afterEach(() => sessionStorage.clear());

describe('verify email', () => {
  it('goes to /login when no pending e-mail is known', async () => {
    const { location } = renderApp('/verify-email');
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(location().pathname).toBe('/login');
  });

  it('shows the pending e-mail from the navigation state and a one-time-code input', async () => {
    renderApp('/verify-email', { state: pending });
    expect(await screen.findByText('ravi@example.edu')).toBeInTheDocument();
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('asks for the OTP when it is empty', async () => {
    const { user } = renderApp('/verify-email', { state: pending });
    await user.click(await screen.findByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText('Please enter the OTP')).toBeInTheDocument();
  });

  it('holds Resend OTP for 60 seconds after registration sent a code, then allows it', async () => {
    // Registration sent the code 59.5 s ago: half a second of cooldown is left.
    storePending(Date.now() - 59_500);
    const { user } = renderApp('/verify-email');
    const resend = await screen.findByRole('button', { name: /Resend OTP/ });
    expect(resend).toBeDisabled();
    expect(screen.getByText(/You can ask for a new code in 1 seconds?/)).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('button', { name: /Resend OTP/ })).toBeEnabled(), {
      timeout: 2000,
    });

    let body: unknown;
    server.use(
      http.post(api('/auth/send-otp'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'OTP sent' });
      }),
    );
    await user.click(screen.getByRole('button', { name: /Resend OTP/ }));
    expect(await screen.findByText('OTP sent successfully')).toBeInTheDocument();
    // The new code is asked for the sign-up this screen holds.
    expect(body).toEqual(pending);
    // A new code restarts the cooldown.
    expect(screen.getByRole('button', { name: /Resend OTP/ })).toBeDisabled();
    expect(screen.getByText('You can ask for a new code in 60 seconds.')).toBeInTheDocument();
  });

  it('starts the cooldown on arrival from registration', async () => {
    storePending(Date.now());
    renderApp('/verify-email', { state: pending });
    expect(await screen.findByRole('button', { name: /Resend OTP/ })).toBeDisabled();
  });

  it("shows the server's message when resending is rate limited", async () => {
    storePending(undefined);
    server.use(
      http.post(api('/auth/send-otp'), () =>
        HttpResponse.json(
          { message: 'Please wait 42 seconds before asking for a new code', code: 'RATE_LIMITED' },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderApp('/verify-email');
    await user.click(await screen.findByRole('button', { name: /Resend OTP/ }));
    expect(
      await screen.findByText('Please wait 42 seconds before asking for a new code'),
    ).toBeInTheDocument();
  });

  it('verifies the code, forgets the pending e-mail and goes to /login', async () => {
    storePending(Date.now());
    let body: unknown;
    server.use(
      http.post(api('/auth/verify-otp'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Verified' });
      }),
    );
    const { user, location } = renderApp('/verify-email', { state: pending });
    await user.type(await screen.findByLabelText('Verification code'), '123456');

    // Sent to sign in, the toast says why.
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(body).toEqual({ email: 'ravi@example.edu', otp: '123456', userId: pending.userId });
    expect(localStorage.getItem('pendingVerification')).toBeNull();
    // The e-mail is carried over to the sign-in form.
    expect(await screen.findByLabelText('Email')).toHaveValue('ravi@example.edu');
  });

  it("shows the server's message for a wrong code", async () => {
    server.use(
      http.post(api('/auth/verify-otp'), () =>
        HttpResponse.json({ message: 'Invalid or expired OTP', code: 'VALIDATION_FAILED' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/verify-email', { state: pending });
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    // Shown under the field, where the code is typed again; not toasted a second time.
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();
    await toastsSettled();
    expect(toastTexts()).not.toContain('Invalid or expired OTP');
    expect(screen.getByLabelText('Verification code')).toHaveValue('000000');
  });

  it('signs in with the code on the browser that signed up and opens the dashboard, with no toast', async () => {
    storePending(Date.now());
    sessionStorage.setItem('signUpTicket', JSON.stringify({ userId: pending.userId, ticket: TICKET }));
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/auth/verify-otp'), async ({ request }) => {
        const body = (await request.json()) as { otp: string };
        bodies.push(body);
        if (body.otp === '000000')
          return HttpResponse.json(
            { message: 'Invalid or expired OTP', code: 'VALIDATION_FAILED' },
            { status: 400 },
          );
        return HttpResponse.json({
          message: 'Email verified successfully!',
          token: 'jwt-signed-up',
          user: dayscholar,
        });
      }),
      meHandler(dayscholar),
    );
    const { user, location } = renderApp('/verify-email', { state: pending });
    const code = await screen.findByLabelText('Verification code');
    // A mistyped code first: its message shows under the field, never as a toast.
    await user.type(code, '000000');
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');

    await waitFor(() => expect(location().pathname).toBe('/dayscholar/dashboard'));
    // The dashboard is the answer: no "Email verified" toast on top of it, and no error one.
    await toastsSettled();
    expect(toastTexts()).not.toContain('Email verified successfully!');
    expect(document.querySelectorAll('.Toastify__toast--error')).toHaveLength(0);
    expect(bodies).toHaveLength(2);
    expect(bodies.at(-1)).toEqual({
      email: 'ravi@example.edu',
      otp: '123456',
      userId: pending.userId,
      ticket: TICKET,
    });
    expect(localStorage.getItem('token')).toBe('jwt-signed-up');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ id: dayscholar.id });
    // The sign-up is done: neither its e-mail nor its ticket is kept.
    expect(localStorage.getItem('pendingVerification')).toBeNull();
    expect(sessionStorage.getItem('signUpTicket')).toBeNull();
  });

  it('never sends the ticket of another sign-up, and then asks for the password as before', async () => {
    storePending(Date.now());
    sessionStorage.setItem(
      'signUpTicket',
      JSON.stringify({ userId: '9f8e7d6c-5b4a-4321-8fed-cba987654321', ticket: TICKET }),
    );
    let body: unknown;
    server.use(
      http.post(api('/auth/verify-otp'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Email verified successfully!' });
      }),
    );
    const { user, location } = renderApp('/verify-email', { state: pending });
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(body).toEqual({ email: 'ravi@example.edu', otp: '123456', userId: pending.userId });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends the code by itself on the sixth digit, once, and again only for a changed code', async () => {
    const sent: string[] = [];
    let answer = () => {};
    server.use(
      http.post(api('/auth/verify-otp'), async ({ request }) => {
        sent.push(((await request.json()) as { otp: string }).otp);
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(
          { message: 'Invalid or expired OTP', code: 'VALIDATION_FAILED' },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/verify-email', { state: pending });
    const code = await screen.findByLabelText('Verification code');
    await user.type(code, '12345');
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeEnabled();
    expect(sent).toEqual([]);

    await user.type(code, '6');
    await waitFor(() => expect(sent).toEqual(['123456']));
    // While it is checked, neither Enter nor the button sends it a second time.
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeDisabled();
    await user.type(code, '{Enter}');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    answer();
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();
    expect(sent).toEqual(['123456']);

    // The same whole code is not sent again by itself; a corrected one is.
    await user.type(code, '7');
    expect(sent).toEqual(['123456']);
    await user.type(code, '{Backspace}0');
    await waitFor(() => expect(sent).toEqual(['123456', '123450']));
    answer();
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();
  });

  it('sends a whole code that replaces another whole code in one step', async () => {
    const sent: string[] = [];
    server.use(
      http.post(api('/auth/verify-otp'), async ({ request }) => {
        sent.push(((await request.json()) as { otp: string }).otp);
        return HttpResponse.json(
          { message: 'Invalid or expired OTP', code: 'VALIDATION_FAILED' },
          { status: 400 },
        );
      }),
    );
    renderApp('/verify-email', { state: pending });
    const code = await screen.findByLabelText('Verification code');
    fireEvent.change(code, { target: { value: '000000' } });
    await waitFor(() => expect(sent).toEqual(['000000']));
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '390290' } });
    await waitFor(() => expect(sent).toEqual(['000000', '390290']));
  });

  it('takes a pasted code with spaces as its six digits and sends it', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/verify-otp'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Verified' });
      }),
    );
    const { user, location } = renderApp('/verify-email', { state: pending });
    await user.click(await screen.findByLabelText('Verification code'));
    await user.paste(' 123 456 ');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(body).toEqual({ email: 'ravi@example.edu', otp: '123456', userId: pending.userId });
  });
});
