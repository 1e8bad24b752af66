import { screen, waitFor, within } from '@testing-library/react';
import { PUSH_TOPIC_LABELS, SETTLEMENT_MESSAGES } from '@campusrun/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { sessionStore } from '@/lib/session';
import { dayscholar, hosteller } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { toastsSettled } from '@/test/toasts';
import { api, meHandler, server } from '@/test/server';

async function openProfile(user = hosteller) {
  server.use(meHandler(user));
  const result = renderApp('/profile', { user, token: 'old-token' });
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return result;
}

const passwordForm = () => within(screen.getByRole('region', { name: 'Password' }));

/** Opens the folded password form, as a member does. */
async function openPasswordForm(user: ReturnType<typeof renderApp>['user']) {
  await user.click(passwordForm().getByRole('button', { name: 'Change password' }));
  return passwordForm().getByLabelText('Current password');
}

describe('profile', () => {
  it('shows the account details', async () => {
    await openProfile();
    expect(screen.getByText('asha@example.edu')).toBeInTheDocument();
    expect(screen.getByText('Block A')).toBeInTheDocument();
    expect(screen.getByText('101')).toBeInTheDocument();
    expect(screen.getByText('Member since September 2026')).toBeInTheDocument();
  });

  it('comes in sections under the photo and says each thing once', async () => {
    await openProfile();
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Account',
      'Security and sessions',
      'Notifications',
      'Blocked users',
      'Appearance',
      'Your data',
    ]);
    expect(main.getAllByText(hosteller.name)).toHaveLength(1);
    expect(main.getAllByText(/Member since/)).toHaveLength(1);
    expect(main.getAllByText('Hosteller')).toHaveLength(1);
    expect(main.getAllByRole('img', { name: 'Your profile photo' })).toHaveLength(1);
    // The photo at the top is the way to change it.
    expect(main.getByRole('button', { name: 'Change photo' })).toContainElement(
      main.getByRole('img', { name: 'Your profile photo' }),
    );
  });

  it('notification choices: saved when changed; urgent requests only for day scholars', async () => {
    const saved: unknown[] = [];
    server.use(
      http.put(api('/push/preferences'), async ({ request }) => {
        const preferences = await request.json();
        saved.push(preferences);
        return HttpResponse.json({ preferences });
      }),
    );
    const { user } = await openProfile();
    const notifications = within(screen.getByRole('region', { name: 'Notifications' }));
    // jsdom has no service worker: this device cannot subscribe, the choices still apply elsewhere.
    expect(notifications.getByText('This browser cannot show notifications.')).toBeInTheDocument();
    expect(notifications.queryByLabelText('New urgent requests (day scholars)')).not.toBeInTheDocument();
    const messages = await notifications.findByLabelText('New messages');
    expect(messages).toBeChecked();
    await user.click(messages);
    await waitFor(() =>
      expect(saved).toEqual([
        { messages: false, requests: true, urgent: true, marketplace: true, lostFound: true },
      ]),
    );
    await waitFor(() => expect(notifications.getByLabelText('New messages')).not.toBeChecked());
    // Lost-and-found notices have a choice of their own, on unless turned off.
    const lostFound = notifications.getByLabelText(PUSH_TOPIC_LABELS.lostFound);
    expect(lostFound).toBeChecked();
    await user.click(lostFound);
    await waitFor(() =>
      expect(saved.at(-1)).toEqual({
        messages: false,
        requests: true,
        urgent: true,
        marketplace: true,
        lostFound: false,
      }),
    );
    await waitFor(() => expect(notifications.getByLabelText(PUSH_TOPIC_LABELS.lostFound)).not.toBeChecked());
    // E-mails while away have their own choices.
    expect(await notifications.findByLabelText('Unread messages')).toBeChecked();
    expect(notifications.getByLabelText('My requests accepted or delivered')).toBeChecked();
  });

  it('hides hostel details for a day scholar', async () => {
    await openProfile(dayscholar);
    expect(screen.queryByText('Hostel block')).not.toBeInTheDocument();
  });

  it('hostellers must keep hostel block and room', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.clear(screen.getByLabelText('Hostel block'));
    await user.clear(screen.getByLabelText('Room number'));
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Hostel block is required for hostellers')).toBeInTheDocument();
    expect(screen.getByText('Room number is required for hostellers')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeDisabled();
  });

  it('saves the profile and updates the stored user', async () => {
    let body: unknown;
    server.use(
      http.put(api('/users/profile'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          message: 'Updated',
          user: { ...hosteller, name: 'Asha R', roomNumber: '202' },
        });
      }),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Asha R');
    await user.clear(screen.getByLabelText('Room number'));
    await user.type(screen.getByLabelText('Room number'), '202');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Asha R',
      phoneNumber: '9876543210',
      hostelBlock: 'Block A',
      roomNumber: '202',
      upiId: null,
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      name: 'Asha R',
      roomNumber: '202',
    });
    expect(await screen.findByText('202')).toBeInTheDocument();
  });

  describe('UPI ID', () => {
    /** PUT /users/profile answering with the user as sent; the bodies it received. */
    function profileSaves(base = hosteller) {
      const bodies: Record<string, unknown>[] = [];
      server.use(
        http.put(api('/users/profile'), async ({ request }) => {
          const body = (await request.json()) as Record<string, unknown>;
          bodies.push(body);
          return HttpResponse.json({ message: 'Updated', user: { ...base, upiId: body.upiId ?? null } });
        }),
      );
      return bodies;
    }
    const account = () => within(screen.getByRole('region', { name: 'Account' }));

    it('is sent with the profile and then shown in the account details', async () => {
      const bodies = profileSaves();
      const { user } = await openProfile();
      expect(account().getByText('UPI ID').nextElementSibling).toHaveTextContent('Not set');
      await user.click(screen.getByRole('button', { name: 'Edit profile' }));
      const field = screen.getByLabelText('UPI ID (optional)');
      expect(field).toHaveAccessibleDescription(
        'People who owe you see it inside a settlement, to pay you by UPI',
      );
      await user.type(field, ' asha.rao@okaxis ');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
      expect(bodies).toHaveLength(1);
      expect(bodies[0]!.upiId).toBe('asha.rao@okaxis');
      expect(account().getByText('asha.rao@okaxis')).toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ upiId: 'asha.rao@okaxis' });
    });

    it('starts from the saved one, and emptying the field removes it', async () => {
      const withUpi = { ...hosteller, upiId: 'asha@ybl' };
      const bodies = profileSaves(withUpi);
      const { user } = await openProfile(withUpi);
      expect(account().getByText('asha@ybl')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Edit profile' }));
      const field = screen.getByLabelText('UPI ID (optional)');
      expect(field).toHaveValue('asha@ybl');
      await user.clear(field);
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
      expect(bodies[0]!.upiId).toBeNull();
      expect(account().queryByText('asha@ybl')).not.toBeInTheDocument();
      expect(account().getByText('UPI ID').nextElementSibling).toHaveTextContent('Not set');
    });

    it('refuses something that is not a UPI ID and sends nothing', async () => {
      const bodies = profileSaves();
      const { user } = await openProfile();
      await user.click(screen.getByRole('button', { name: 'Edit profile' }));
      const field = screen.getByLabelText('UPI ID (optional)');
      await user.type(field, '98765 43210');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText(SETTLEMENT_MESSAGES.upiIdInvalid)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(bodies).toEqual([]);
    });
  });

  it('change password is folded: the button opens the form with the cursor in it, Cancel folds it back', async () => {
    const { user } = await openProfile();
    const toggle = passwordForm().getByRole('button', { name: 'Change password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(passwordForm().queryByLabelText('Current password')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const current = passwordForm().getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-controls', current.closest('form')!.id);

    await user.click(passwordForm().getByRole('button', { name: 'Cancel' }));
    expect(passwordForm().queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    // The keyboard opens it too.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(passwordForm().getByLabelText('Current password')).toHaveFocus());
  });

  it('change password: validates current, new and confirmation', async () => {
    const { user } = await openProfile();
    await openPasswordForm(user);
    await user.click(passwordForm().getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();

    await user.type(passwordForm().getByLabelText('New password'), 'short');
    await user.type(passwordForm().getByLabelText('Confirm new password'), 'other');
    await user.click(passwordForm().getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('change password: keeps the session with the new token, then folds again', async () => {
    let body: unknown;
    let authorization: string | null = null;
    server.use(
      http.put(api('/users/change-password'), async ({ request }) => {
        body = await request.json();
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ message: 'Changed', token: 'new-token' });
      }),
    );
    const { user } = await openProfile();
    await user.type(await openPasswordForm(user), 'old-secret-1');
    await user.type(passwordForm().getByLabelText('New password'), 'new-secret-1');
    await user.type(passwordForm().getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(passwordForm().getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(body).toEqual({ currentPassword: 'old-secret-1', newPassword: 'new-secret-1' });
    expect(authorization).toBe('Bearer old-token');
    expect(localStorage.getItem('token')).toBe('new-token');
    // Folded again, the cursor back on its button; opened again, it is empty.
    const toggle = passwordForm().getByRole('button', { name: 'Change password' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    expect(passwordForm().queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(await openPasswordForm(user)).toHaveValue('');
  });

  it("change password: shows the server's message", async () => {
    server.use(
      http.put(api('/users/change-password'), () =>
        HttpResponse.json(
          { message: 'Current password is incorrect', code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openProfile();
    await user.type(await openPasswordForm(user), 'wrong-one');
    await user.type(passwordForm().getByLabelText('New password'), 'new-secret-1');
    await user.type(passwordForm().getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(passwordForm().getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    // Refused: the form stays open with what was typed.
    expect(passwordForm().getByLabelText('New password')).toHaveValue('new-secret-1');
    await toastsSettled();
    expect(screen.getAllByText('Current password is incorrect')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('old-token');
  });
});

describe('the end of the Me tab', () => {
  it('Appearance: the theme is chosen here, as in the user menu, and applied at once', async () => {
    const { user } = await openProfile();
    const appearance = within(screen.getByRole('region', { name: 'Appearance' }));
    const theme = within(appearance.getByRole('group', { name: 'Theme' }));
    expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();

    await user.click(theme.getByRole('radio', { name: 'Dark' }));
    expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(theme.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('Sign out is the last thing: this device signs out and the sign-in page opens, saying nothing more', async () => {
    const logouts: (string | null)[] = [];
    server.use(
      http.post(api('/auth/logout'), ({ request }) => {
        logouts.push(request.headers.get('authorization'));
        return HttpResponse.json({ message: 'Logged out successfully' });
      }),
    );
    const { user, location } = await openProfile();
    const buttons = within(screen.getByRole('main')).getAllByRole('button');
    expect(buttons.at(-1)).toHaveAccessibleName('Sign out');

    await user.click(buttons.at(-1)!);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(sessionStore.getToken()).toBeNull();
    await waitFor(() => expect(logouts).toEqual(['Bearer old-token']));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText(/signed out from another device|session has expired/i)).not.toBeInTheDocument();
  });

  it('a link to the UPI ID opens the profile form with the cursor in it, scrolled to', async () => {
    // jsdom does not scroll; the page scrolls to the element its #hash names.
    const scrolled = vi.fn();
    const jsdomScroll = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled(this.id);
    };
    onTestFinished(() => {
      Element.prototype.scrollIntoView = jsdomScroll;
    });
    const { navigate } = await openProfile();
    expect(screen.queryByLabelText('UPI ID (optional)')).not.toBeInTheDocument();
    await navigate('/profile#upi-id');
    const field = await screen.findByLabelText('UPI ID (optional)');
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('id', 'upi-id');
    expect(scrolled).toHaveBeenCalledWith('upi-id');
  });
});
