import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import type * as AuthRules from './auth-rules';
import { RULES_UNAVAILABLE } from './useAuthForm';

// The sign-in rules' chunk cannot be had (offline, or replaced by a new version) until the test says.
const chunk = vi.hoisted(() => ({ unavailable: true }));
vi.mock('./auth-rules', async (importOriginal) => {
  const real = await importOriginal<typeof AuthRules>();
  return {
    get createAuthSchemas() {
      if (chunk.unavailable) throw new TypeError('Failed to fetch dynamically imported module');
      return real.createAuthSchemas;
    },
    zodResolver: real.zodResolver,
  };
});

describe('sign-in form rules loaded on first use', () => {
  it('says so when they cannot be loaded, sends nothing, and checks with them on the next try', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'someone@gmail.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(RULES_UNAVAILABLE)).toBeInTheDocument();

    // Nothing reached the API (an unexpected request fails the test). Back online, the next try checks.
    chunk.unavailable = false;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Only Example University email addresses are allowed'),
    ).toBeInTheDocument();
  });
});
