import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { toastTexts, toastsSettled } from '@/test/toasts';
import { api, server } from '@/test/server';

async function openRegister() {
  const result = renderApp('/register');
  await screen.findByLabelText('Full name');
  return result;
}

type Events = Awaited<ReturnType<typeof openRegister>>['user'];

async function fillValid(user: Events, role: 'Hosteller' | 'Day Scholar' = 'Day Scholar') {
  await user.type(screen.getByLabelText('Full name'), 'Ravi Kumar');
  await user.type(screen.getByLabelText('Email'), 'ravi@example.edu');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm password'), 'secret123');
  await user.type(screen.getByLabelText('Phone number'), '9123456780');
  await user.click(screen.getByRole('radio', { name: new RegExp(role) }));
}

const submit = (user: Events) => user.click(screen.getByRole('button', { name: 'Create account' }));

describe('register', () => {
  it('says at the role that it cannot be changed later', async () => {
    renderApp('/register');
    const roles = await screen.findByRole('group', { name: 'I am a' }, { timeout: 15_000 });
    expect(roles).toHaveAccessibleDescription('You cannot change this later.');
  });

  it('validates every field with its form message', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Full name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'ravi@gmail.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.type(screen.getByLabelText('Phone number'), '12345');
    await submit(user);

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Only Example University email addresses are allowed')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(screen.getByText('Please choose Hosteller or Day Scholar')).toBeInTheDocument();
  });

  it('shows an error only for a field the student has left, then for every field on submit', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'ravi@gmail.com');
    expect(screen.queryByText('Only Example University email addresses are allowed')).not.toBeInTheDocument();
    await user.tab();
    expect(
      await screen.findByText('Only Example University email addresses are allowed'),
    ).toBeInTheDocument();
    // Fields not reached yet say nothing, not even the name above it that was never touched.
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid 10-digit phone number')).not.toBeInTheDocument();
    expect(screen.queryByText('Please choose Hosteller or Day Scholar')).not.toBeInTheDocument();

    await submit(user);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please choose Hosteller or Day Scholar')).toBeInTheDocument();
  });

  it('says when the passwords do not match', async () => {
    const { user } = await openRegister();
    await fillValid(user);
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'secret124');
    await submit(user);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
  });

  it('asks hostellers, and only hostellers, for hostel block and room', async () => {
    const { user } = await openRegister();
    expect(screen.queryByLabelText('Hostel block')).not.toBeInTheDocument();

    await fillValid(user, 'Hosteller');
    expect(screen.getByLabelText('Hostel block')).toHaveAttribute('placeholder', 'e.g. Block A');
    expect(screen.getByLabelText('Room number')).toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText('Hostel block is required for hostellers')).toBeInTheDocument();
    expect(screen.getByText('Room number is required for hostellers')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Day Scholar/ }));
    expect(screen.queryByLabelText('Hostel block')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Room number')).not.toBeInTheDocument();
  });

  it('registers a hosteller and moves on to /verify-email with the pending e-mail', async () => {
    let body: unknown;
    server.use(
      http.post(api('/auth/register'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { message: 'Registered. Check your email for the code.', userId: 'user-7', ticket: 'ticket-7' },
          { status: 201 },
        );
      }),
    );
    const { user, location } = await openRegister();
    await fillValid(user, 'Hosteller');
    await user.type(screen.getByLabelText('Hostel block'), 'Block A');
    await user.type(screen.getByLabelText('Room number'), '101');
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(location().pathname).toBe('/verify-email');
    expect(location().state).toEqual({ email: 'ravi@example.edu', userId: 'user-7' });
    // The code screen says where the code went; the server's "Registered" is not toasted over it.
    await toastsSettled();
    expect(toastTexts()).not.toContain('Registered. Check your email for the code.');
    // The sign-up's ticket stays in this tab only, beside its id.
    expect(JSON.parse(sessionStorage.getItem('signUpTicket') ?? '{}')).toEqual({
      userId: 'user-7',
      ticket: 'ticket-7',
    });
    sessionStorage.clear();
    expect(body).toEqual({
      name: 'Ravi Kumar',
      email: 'ravi@example.edu',
      password: 'secret123',
      role: 'hosteller',
      phoneNumber: '9123456780',
      hostelBlock: 'Block A',
      roomNumber: '101',
    });
    expect(JSON.parse(localStorage.getItem('pendingVerification') ?? '{}')).toMatchObject({
      email: 'ravi@example.edu',
      userId: 'user-7',
    });
  });

  it('sends no hostel details for a day scholar', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post(api('/auth/register'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'ok', userId: 'user-8', ticket: 'ticket-8' }, { status: 201 });
      }),
    );
    const { user } = await openRegister();
    await fillValid(user, 'Hosteller');
    await user.type(screen.getByLabelText('Hostel block'), 'Block A');
    await user.click(screen.getByRole('radio', { name: /Day Scholar/ }));
    await submit(user);
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(body).toMatchObject({ role: 'dayscholar', hostelBlock: null, roomNumber: null });
  });

  it("puts the server's field errors under the fields", async () => {
    server.use(
      http.post(api('/auth/register'), () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            code: 'VALIDATION_FAILED',
            errors: [
              { param: 'email', msg: 'An account with this email already exists' },
              { param: 'phoneNumber', msg: 'This phone number is already registered' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user, location } = await openRegister();
    await fillValid(user);
    await submit(user);

    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining('An account with this email already exists'),
    );
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'This phone number is already registered',
    );
    expect(location().pathname).toBe('/register');
    expect(screen.getByLabelText('Full name')).toHaveValue('Ravi Kumar');
  });

  it('falls back to the default message when the server gives none', async () => {
    server.use(http.post(api('/auth/register'), () => new HttpResponse(null, { status: 500 })));
    const { user } = await openRegister();
    await fillValid(user);
    await submit(user);
    const words = 'Registration failed. Please try again. The server is busy.';
    expect(await screen.findByText(words)).toBeInTheDocument();
    await toastsSettled();
    expect(screen.getAllByText(words)).toHaveLength(1);
    expect(toastTexts().some((text) => text.includes('Please fix the errors'))).toBe(false);
  });
});
