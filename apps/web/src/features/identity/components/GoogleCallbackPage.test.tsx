import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { hosteller, incompleteUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { api, server } from '@/test/server';
import { toastsSettled } from '@/test/toasts';

describe('Google sign-in', () => {
  it('trades the one-time code for a session and opens the role dashboard, with no toast', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/google/exchange'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'g-token', user: hosteller, completeProfile: false });
      }),
    );
    const { location } = renderApp('/auth/google-callback?code=one-time-code');
    await waitFor(() => expect(location().pathname).toBe('/hosteller/dashboard'));
    expect(body).toEqual({ code: 'one-time-code' });
    expect(localStorage.getItem('token')).toBe('g-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: hosteller.id });
    await toastsSettled();
    expect(document.querySelectorAll('.Toastify__toast--success')).toHaveLength(0);
  });

  it('says sign-in failed without a code, ignores a token in the address, and leads back to sign in', async () => {
    const { location, user } = renderApp('/auth/google-callback?token=attacker-token');
    expect(await screen.findByRole('heading', { name: 'Couldn’t sign you in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication failed. Please try again.');
    expect(localStorage.getItem('token')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('asks a new Google user to complete the profile, then opens the dashboard', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/google/exchange'), () =>
        HttpResponse.json({ token: 'g-token', user: incompleteUser, completeProfile: true }),
      ),
      http.put(api('/users/complete-google-profile'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          user: {
            ...incompleteUser,
            role: 'hosteller',
            phoneNumber: '9876543210',
            hostelBlock: 'C',
            roomNumber: '12',
            isProfileComplete: true,
          },
        });
      }),
    );
    const { location, user } = renderApp('/auth/google-callback?code=one-time-code');
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(location().pathname).toBe('/complete-profile');

    await user.click(screen.getByRole('button', { name: 'Complete profile' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Hosteller/ }));
    await user.type(screen.getByLabelText('Phone number'), '98765');
    await user.click(screen.getByRole('button', { name: 'Complete profile' }));
    expect(await screen.findByText('Phone number must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Hostel block is required')).toBeInTheDocument();
    expect(screen.getByText('Room number is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Phone number'), '43210');
    await user.type(screen.getByLabelText('Hostel block'), 'C');
    await user.type(screen.getByLabelText('Room number'), '12');
    await user.click(screen.getByRole('button', { name: 'Complete profile' }));

    await waitFor(() => expect(location().pathname).toBe('/hosteller/dashboard'));
    // The dashboard is the answer: no "Profile completed" toast on top of it.
    await toastsSettled();
    expect(document.querySelectorAll('.Toastify__toast--success')).toHaveLength(0);
    expect(body).toEqual({
      role: 'hosteller',
      phoneNumber: '9876543210',
      hostelBlock: 'C',
      roomNumber: '12',
    });
  });

  it('says the server is busy when the exchange fails on the server side', async () => {
    server.use(
      http.post(api('/auth/google/exchange'), () =>
        HttpResponse.json({ message: 'Server error', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp('/auth/google-callback?code=one-time-code');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google authentication failed. The server is busy — try again in a moment.',
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it("says 'Authentication failed. Please try again.' when the server refuses the code", async () => {
    server.use(
      http.post(api('/auth/google/exchange'), () =>
        HttpResponse.json(
          { message: 'Authentication failed. Please try again.', code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/auth/google-callback?code=someone-elses-code');
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed. Please try again.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
