import type { ApiErrorBody } from '@campusrun/shared';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { type ServerSubmitOptions, useServerSubmit } from './forms';

interface Values {
  name: string;
  email: string;
}
type Options = Partial<ServerSubmitOptions<Values, Values, string>>;

function TestForm({ options }: { options: Options }) {
  const form = useForm<Values>({ defaultValues: { name: 'Asha', email: 'asha@example.edu' } });
  const { onSubmit, generalError } = useServerSubmit(form, {
    fields: ['name', 'email'],
    submit: async () => 'ok',
    fallback: 'Saving failed',
    ...options,
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate>
      {generalError && <p role="alert">{generalError}</p>}
      <label>
        Name
        <input aria-invalid={Boolean(errors.name)} {...form.register('name')} />
      </label>
      {errors.name && <p>{errors.name.message}</p>}
      <label>
        Email
        <input aria-invalid={Boolean(errors.email)} {...form.register('email')} />
      </label>
      {errors.email && <p>{errors.email.message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

const refusal = (status: number, body: Partial<ApiErrorBody> | null) =>
  new ApiError(status, body, `Request failed with status ${status}`);

async function submitWith(options: Options) {
  const user = userEvent.setup();
  render(<TestForm options={options} />);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return user;
}

describe('useServerSubmit', () => {
  it('sends the values and hands the answer to onSuccess', async () => {
    const submit = vi.fn(async (values: Values) => `saved ${values.name}`);
    const onSuccess = vi.fn();
    await submitWith({ submit, onSuccess });
    await vi.waitFor(() =>
      expect(onSuccess).toHaveBeenCalledWith('saved Asha', { name: 'Asha', email: 'asha@example.edu' }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("puts a 400's field errors under their fields, focuses the first, and shows no general error", async () => {
    const failure = refusal(400, {
      code: 'VALIDATION_FAILED',
      reason: 'invalidInput',
      message: 'Email is taken',
      errors: [
        { param: 'email', msg: 'Email is taken' },
        { param: 'name', msg: 'Name is too long' },
      ],
    });
    await submitWith({ submit: () => Promise.reject(failure) });
    expect(await screen.findByText('Email is taken')).toBeInTheDocument();
    expect(screen.getByText('Name is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the errors that match no field as the general error, and clears it on an edit', async () => {
    const failure = refusal(400, {
      code: 'VALIDATION_FAILED',
      message: 'Name is too long',
      errors: [
        { param: 'name', msg: 'Name is too long' },
        { param: 'campus', msg: 'Campus is closed' },
      ],
    });
    const user = await submitWith({ submit: () => Promise.reject(failure) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Campus is closed');
    expect(screen.getByText('Name is too long')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Name is too long')).not.toBeInTheDocument();
  });

  it("shows the server's message, else the fallback, where the form says", async () => {
    await submitWith({ submit: () => Promise.reject(refusal(409, { message: 'Already saved' })) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Already saved');

    cleanup();
    const shown: string[] = [];
    await submitWith({
      submit: () => Promise.reject(new TypeError('Failed to fetch')),
      fallback: (error) => (error.status === 0 ? 'Unreachable' : 'Saving failed'),
      showGeneral: (message) => shown.push(message),
    });
    await vi.waitFor(() => expect(shown).toEqual(['Unreachable. Check your connection and try again.']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("gives the failure's reason to onError, which may show it itself", async () => {
    const failure = refusal(409, { code: 'CONFLICT', reason: 'taken', message: 'Any words at all' });
    const onError = vi.fn((error: ApiError) => error.reason === 'taken');
    await submitWith({ submit: () => Promise.reject(failure), onError });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(onError.mock.calls[0]?.[0].reason).toBe('taken');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Any words at all')).not.toBeInTheDocument();
  });

  it('shows the failure as usual when onError leaves it', async () => {
    const failure = refusal(409, { code: 'CONFLICT', reason: 'changed', message: 'Someone changed it' });
    await submitWith({ submit: () => Promise.reject(failure), onError: (error) => error.reason === 'taken' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone changed it');
  });
});
