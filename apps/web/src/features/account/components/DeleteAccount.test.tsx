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

/** GET /users/me/deletion-blockers answering these (none unless a test says so); how often it was asked. */
function answerBlockers(
  answer: () => Response | Promise<Response> = () => HttpResponse.json({ blockers: [] }),
) {
  const asked = { count: 0 };
  server.use(
    http.get(api('/users/me/deletion-blockers'), () => {
      asked.count++;
      return answer();
    }),
  );
  return asked;
}

const BLOCKERS = [
  { kind: 'delivery', id: 'r-1', title: 'Notebooks from the stationery shop' },
  { kind: 'trip', id: 't-1', title: 'City market' },
  { kind: 'run', id: 'u-1', title: 'Evening snacks' },
  { kind: 'settlement', id: 's-1', title: 'Desk lamp' },
] as const;

async function openDialog(user: User = hosteller, { blockers = true } = {}) {
  server.use(
    meHandler(user),
    http.get(api('/users/blocked'), () => HttpResponse.json({ users: [] })),
  );
  if (blockers) answerBlockers();
  const result = renderApp('/profile', { user, token: 'my-token' });
  await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
  const yourData = within(screen.getByRole('region', { name: 'Your data' }));
  await result.user.click(yourData.getByRole('button', { name: 'Delete account' }));
  const dialog = await screen.findByRole('dialog', { name: ACCOUNT_MESSAGES.confirmTitle });
  // First it looks up what is still open.
  await waitFor(() => expect(within(dialog).queryByText(ACCOUNT_MESSAGES.checking)).not.toBeInTheDocument());
  return { ...result, dialog: within(dialog) };
}

/** The list of what stands in the way, as the dialog shows it: each row's words and its link. */
function shownBlockers(dialog: ReturnType<typeof within>) {
  const list = within(dialog.getByRole('list', { name: ACCOUNT_MESSAGES.blocked }));
  const rows = list.getAllByRole('listitem');
  const links = list.getAllByRole('link');
  // Each row is its link.
  rows.forEach((row, i) => expect(row).toHaveTextContent(links[i]!.textContent!));
  return {
    rows: rows.map((row) => row.textContent),
    hrefs: links.map((link) => link.getAttribute('href')),
  };
}
const SHOWN = {
  rows: [
    `${ACCOUNT_BLOCKER_LABELS.delivery}: Notebooks from the stationery shop`,
    `${ACCOUNT_BLOCKER_LABELS.trip}: City market`,
    `${ACCOUNT_BLOCKER_LABELS.run}: Evening snacks`,
    `${ACCOUNT_BLOCKER_LABELS.settlement}: Desk lamp`,
  ],
  hrefs: ['/requests/r-1', '/trips/t-1', '/runs/u-1', '/money'],
};

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

  it('shows what is in the way as soon as it opens, each a link, and asks for nothing until it is done', async () => {
    const calls = answerDelete(() => HttpResponse.json({ message: ACCOUNT_MESSAGES.deleted }));
    const held = deferred();
    server.use(
      meHandler(hosteller),
      http.get(api('/users/blocked'), () => HttpResponse.json({ users: [] })),
    );
    answerBlockers(async () => {
      await held.promise;
      return HttpResponse.json({ blockers: BLOCKERS });
    });
    const { user, location } = renderApp('/profile', { user: hosteller, token: 'my-token' });
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
    await user.click(
      within(screen.getByRole('region', { name: 'Your data' })).getByRole('button', {
        name: 'Delete account',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: ACCOUNT_MESSAGES.confirmTitle }));
    // Looking it up: nothing is asked yet.
    expect(dialog.getByText(ACCOUNT_MESSAGES.checking)).toBeInTheDocument();
    expect(dialog.queryByLabelText('Your password')).not.toBeInTheDocument();
    held.resolve();

    expect(await dialog.findByRole('list', { name: ACCOUNT_MESSAGES.blocked })).toBeInTheDocument();
    expect(shownBlockers(dialog)).toEqual(SHOWN);
    expect(dialog.queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    for (const line of ACCOUNT_MESSAGES.confirmBody) expect(dialog.queryByText(line)).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(calls).toEqual([]);

    await user.click(dialog.getByRole('link', { name: `${ACCOUNT_BLOCKER_LABELS.trip}: City market` }));
    await waitFor(() => expect(location().pathname).toBe('/trips/t-1'));
    expect(sessionStore.getToken()).toBe('my-token');
  });

  it('asks again each time it opens: once what was in the way is done, the password is asked for', async () => {
    server.use(
      meHandler(hosteller),
      http.get(api('/users/blocked'), () => HttpResponse.json({ users: [] })),
    );
    let blockers: readonly unknown[] = BLOCKERS;
    const asked = answerBlockers(() => HttpResponse.json({ blockers }));
    const { user } = renderApp('/profile', { user: hosteller, token: 'my-token' });
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
    const open = async () => {
      await user.click(
        within(screen.getByRole('region', { name: 'Your data' })).getByRole('button', {
          name: 'Delete account',
        }),
      );
      return within(await screen.findByRole('dialog', { name: ACCOUNT_MESSAGES.confirmTitle }));
    };
    let dialog = await open();
    expect(await dialog.findByRole('list', { name: ACCOUNT_MESSAGES.blocked })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    blockers = [];
    dialog = await open();
    const password = await dialog.findByLabelText('Your password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(dialog.queryByRole('list', { name: ACCOUNT_MESSAGES.blocked })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    expect(asked.count).toBe(2);
  });

  it('a failed look-up says so, asks nothing, and Retry looks again', async () => {
    let fail = true;
    server.use(
      meHandler(hosteller),
      http.get(api('/users/blocked'), () => HttpResponse.json({ users: [] })),
    );
    answerBlockers(() =>
      fail
        ? HttpResponse.json({ message: 'Something went wrong', code: 'INTERNAL' }, { status: 500 })
        : HttpResponse.json({ blockers: [] }),
    );
    const { user } = renderApp('/profile', { user: hosteller, token: 'my-token' });
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
    await user.click(
      within(screen.getByRole('region', { name: 'Your data' })).getByRole('button', {
        name: 'Delete account',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: ACCOUNT_MESSAGES.confirmTitle }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.checkFailed);
    expect(dialog.queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();

    fail = false;
    await user.click(dialog.getByRole('button', { name: 'Retry' }));
    expect(await dialog.findByLabelText('Your password')).toBeInTheDocument();
  });

  it('what came in the way meanwhile (409) replaces the form with the same list', async () => {
    answerDelete(() =>
      HttpResponse.json(
        { message: ACCOUNT_MESSAGES.blocked, code: 'CONFLICT', reason: 'accountInUse', blockers: BLOCKERS },
        { status: 409 },
      ),
    );
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Your password'), 'correct-password');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    expect(await dialog.findByRole('list', { name: ACCOUNT_MESSAGES.blocked })).toBeInTheDocument();
    expect(shownBlockers(dialog)).toEqual(SHOWN);
    expect(dialog.queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(sessionStore.getToken()).toBe('my-token');
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
