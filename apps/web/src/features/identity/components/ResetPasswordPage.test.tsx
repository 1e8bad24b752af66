import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { toastsSettled } from '@/test/toasts';
import { api, server } from '@/test/server';

describe('reset password', () => {
  it('without a token: says so and goes to /forgot-password', async () => {
    const { location } = renderApp('/reset-password');
    expect(await screen.findByText('Invalid or missing reset token')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('validates the new password and its confirmation', async () => {
    const { user } = renderApp('/reset-password?token=abc');
    const button = await screen.findByRole('button', { name: 'Reset password' });
    await user.click(button);
    expect(await screen.findByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(button);
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'enough');
    await user.type(screen.getByLabelText('Confirm new password'), 'something-else');
    await user.click(button);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('resets the password with the token and goes to /login', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/reset-password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Password updated' });
      }),
    );
    const { user, location } = renderApp('/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Password reset successful!')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(body).toEqual({ token: 'tok-123', password: 'new-secret-1' });
  });

  it("shows the server's message when the link is no longer valid", async () => {
    server.use(
      http.post(api('/auth/reset-password'), () =>
        HttpResponse.json(
          { message: 'This reset link has expired', code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This reset link has expired')).toBeInTheDocument();
    await toastsSettled();
    expect(screen.getAllByText('This reset link has expired')).toHaveLength(1);
  });
});
