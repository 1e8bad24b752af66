import { ACCOUNT_BLOCKER_LABELS, ACCOUNT_MESSAGES, type User } from '@campusrun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CAMPUS_CONFIG_KEY } from '@/lib/campus-config';
import { sessionStore } from '@/lib/session';
import { hosteller } from '@/test/fixtures';
import { deferred } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

/** A member who signed in with Google and has no password. */
const googleUser: User = { ...hosteller, hasPassword: false };

/** Every DELETE /users/me the server received: its bearer token and its body. */
function answerDelete(answer: (body: unknown) => Response | Promise<Response>) {
  const calls: { authorization: string | null; body: unknown }[] = [];
  server.use(
    http.delete(api('/users/me'), async ({ request }) => {
      const body = await request.json();
      calls.push({ authorization: request.headers.get('authorization'), body });
      return answer(body);
    }),
  );
  return calls;
}

async function openDialog(user: User = hosteller) {
  server.use(
    meHandler(user),
    http.get(api('/users/blocked'), () => HttpResponse.json({ users: [] })),
  );
  const result = renderApp('/profile', { user, token: 'my-token' });
  await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
  const yourData = within(screen.getByRole('region', { name: 'Your data' }));
  await result.user.click(yourData.getByRole('button', { name: 'Delete account' }));
  const dialog = await screen.findByRole('dialog', { name: ACCOUNT_MESSAGES.confirmTitle });
  return { ...result, dialog: within(dialog) };
}

describe('delete account', { timeout: 20_000 }, () => {
  it('says what happens and asks for the password; Escape closes it and nothing is sent', async () => {
    const calls = answerDelete(() => HttpResponse.json({ message: ACCOUNT_MESSAGES.deleted }));
    const { user, dialog } = await openDialog();
    for (const line of ACCOUNT_MESSAGES.confirmBody) expect(dialog.getByText(line)).toBeInTheDocument();
    expect(dialog.getByLabelText('Your password')).toHaveAttribute('type', 'password');
    await waitFor(() => expect(dialog.getByLabelText('Your password')).toHaveFocus());
    expect(dialog.queryByLabelText('Type DELETE to confirm')).not.toBeInTheDocument();

    // Nothing typed: said at once, without asking the server.
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(ACCOUNT_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(dialog.getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(sessionStore.getToken()).toBe('my-token');
  });

  it("shows the server's refusal of the password under the field, and the button waits while sending", async () => {
    const answer = deferred();
    const calls = answerDelete(async () => {
      await answer.promise;
      return HttpResponse.json(
        {
          message: 'Validation failed',
          code: 'VALIDATION_FAILED',
          reason: 'VALIDATION_FAILED',
          errors: [{ param: 'password', msg: ACCOUNT_MESSAGES.passwordWrong }],
        },
        { status: 400 },
      );
    });
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Your password'), 'not-my-password');
    const button = dialog.getByRole('button', { name: 'Delete my account' });
    await user.click(button);

    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer.resolve();

    expect(await dialog.findByText(ACCOUNT_MESSAGES.passwordWrong)).toBeInTheDocument();
    expect(dialog.getByLabelText('Your password')).toHaveFocus();
    expect(button).toBeEnabled();
    expect(calls).toEqual([{ authorization: 'Bearer my-token', body: { password: 'not-my-password' } }]);
    // Still signed in, still on the profile.
    expect(sessionStore.getToken()).toBe('my-token');
  });

  it('without a password asks to type DELETE, and sends only the word', async () => {
    const calls = answerDelete(() => HttpResponse.json({ message: ACCOUNT_MESSAGES.deleted }));
    const { user, dialog, location } = await openDialog(googleUser);
    expect(dialog.queryByLabelText('Your password')).not.toBeInTheDocument();
    const field = dialog.getByLabelText('Type DELETE to confirm');
    await waitFor(() => expect(field).toHaveFocus());

    await user.type(field, 'delete');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.confirmWrong);
    expect(calls).toEqual([]);

    await user.clear(field);
    await user.type(field, 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(calls.map((c) => c.body)).toEqual([{ confirm: 'DELETE' }]);
  });

  it('lists what is in the way (409), each a link to where it is finished', async () => {
    answerDelete(() =>
      HttpResponse.json(
        {
          message: ACCOUNT_MESSAGES.blocked,
          code: 'CONFLICT',
          reason: 'accountInUse',
          blockers: [
            { kind: 'delivery', id: 'r-1', title: 'Notebooks from the stationery shop' },
            { kind: 'trip', id: 't-1', title: 'City market' },
            { kind: 'run', id: 'u-1', title: 'Evening snacks' },
            { kind: 'settlement', id: 's-1', title: 'Desk lamp' },
          ],
        },
        { status: 409 },
      ),
    );
    const { user, dialog, location } = await openDialog();
    await user.type(dialog.getByLabelText('Your password'), 'correct-password');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    const alert = within(await dialog.findByRole('alert'));
    expect(alert.getByText(ACCOUNT_MESSAGES.blocked)).toBeInTheDocument();
    const rows = alert.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${ACCOUNT_BLOCKER_LABELS.delivery}: Notebooks from the stationery shop`,
      `${ACCOUNT_BLOCKER_LABELS.trip}: City market`,
      `${ACCOUNT_BLOCKER_LABELS.run}: Evening snacks`,
      `${ACCOUNT_BLOCKER_LABELS.settlement}: Desk lamp`,
    ]);
    const links = alert.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/requests/r-1',
      '/trips/t-1',
      '/runs/u-1',
      '/money',
    ]);
    // Each row is its link.
    rows.forEach((row, i) => expect(row).toHaveTextContent(links[i]!.textContent!));
    expect(sessionStore.getToken()).toBe('my-token');

    await user.click(alert.getByRole('link', { name: `${ACCOUNT_BLOCKER_LABELS.trip}: City market` }));
    await waitFor(() => expect(location().pathname).toBe('/trips/t-1'));
  });

  it('once deleted, signs this device out, lands on the sign-in page and says so', async () => {
    const logouts: string[] = [];
    server.use(
      http.post(api('/auth/logout'), () => {
        logouts.push('logout');
        return HttpResponse.json({ message: 'Logged out successfully' });
      }),
    );
    const calls = answerDelete(() => HttpResponse.json({ message: ACCOUNT_MESSAGES.deleted }));
    const { user, dialog, location, queryClient } = await openDialog();
    await user.type(dialog.getByLabelText('Your password'), 'correct-password');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByText(ACCOUNT_MESSAGES.deleted)).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ password: 'correct-password' }]);
    expect(sessionStore.getToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // Nothing of the account stays cached, and the session the server ended is not ended again.
    const cached = queryClient.getQueryCache().findAll();
    expect(cached.map((query) => query.queryKey[0])).toEqual([CAMPUS_CONFIG_KEY]);
    expect(logouts).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks to sign in again (403), with a button that signs out and returns to the profile after', async () => {
    answerDelete(() =>
      HttpResponse.json(
        { message: ACCOUNT_MESSAGES.signInAgain, code: 'FORBIDDEN', reason: 'signInAgain' },
        { status: 403 },
      ),
    );
    const { user, dialog, location } = await openDialog(googleUser);
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.signInAgain);
    await user.click(dialog.getByRole('button', { name: 'Sign out and sign in again' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().state).toEqual({ from: '/profile' });
    expect(sessionStore.getToken()).toBeNull();
  });

  it('says when there were too many attempts (429), and when the server could not be reached', async () => {
    let reachable = true;
    answerDelete(() =>
      reachable
        ? HttpResponse.json({ message: '', code: 'RATE_LIMITED', reason: 'RATE_LIMITED' }, { status: 429 })
        : HttpResponse.error(),
    );
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Your password'), 'correct-password');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooMany);

    reachable = false;
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(sessionStore.getToken()).toBe('my-token');
  });
});
