import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { toastsSettled } from '@/test/toasts';
import { api, server } from '@/test/server';

describe('forgot password', () => {
  it('requires an e-mail on the campus domain', async () => {
    const { user } = renderApp('/forgot-password');
    const button = await screen.findByRole('button', { name: 'Send reset link' });
    await user.click(button);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'me@gmail.com');
    await user.click(button);
    expect(
      await screen.findByText('Only Example University email addresses are allowed'),
    ).toBeInTheDocument();
  });

  it("confirms with 'Check your email' and offers a resend", async () => {
    const calls: unknown[] = [];
    server.use(
      http.post(api('/auth/forgot-password'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ message: 'If the account exists, an email was sent' });
      }),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'asha@example.edu');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(await screen.findByText('Password reset instructions sent to your email')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ email: 'asha@example.edu' });
  });

  it("shows the failure with the server's message or the default", async () => {
    server.use(http.post(api('/auth/forgot-password'), () => HttpResponse.error()));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'asha@example.edu');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const words = 'Failed to process request. Check your connection and try again.';
    expect(await screen.findByText(words)).toBeInTheDocument();
    await toastsSettled();
    expect(screen.getAllByText(words)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });
});
