import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dayscholar, hosteller, incompleteUser } from '@/test/fixtures';
import { makeProduct } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

describe('route guards', () => {
  it('sends a signed-out visitor to /login', async () => {
    const { location } = renderApp('/hosteller/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('sends / to /login when signed out', async () => {
    const { location } = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(location().pathname).toBe('/login');
  });

  it('sends / to the role dashboard when signed in', async () => {
    server.use(meHandler(dayscholar));
    const { location } = renderApp('/', { user: dayscholar });
    await waitFor(() => expect(location().pathname).toBe('/dayscholar/dashboard'));
    expect(await screen.findByText('Day Scholar Dashboard')).toBeInTheDocument();
  });

  it('sends a user on a route of the other role to their own dashboard', async () => {
    server.use(meHandler(hosteller));
    const { location } = renderApp('/dayscholar/browse-requests', { user: hosteller });
    // The layout's header names the role's dashboard at once; the address follows with its screen.
    expect(await screen.findByText('Hosteller Dashboard')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/hosteller/dashboard'));
  });

  it('keeps a day scholar away from hosteller routes', async () => {
    server.use(meHandler(dayscholar));
    const { location } = renderApp('/hosteller/sell-product', { user: dayscholar });
    await waitFor(() => expect(location().pathname).toBe('/dayscholar/dashboard'));
  });

  it('opens the marketplace to a day scholar, with Marketplace and Saved in the menu', async () => {
    server.use(
      meHandler(dayscholar),
      http.get(api('/products'), () => HttpResponse.json({ products: [], nextCursor: null })),
    );
    const { location } = renderApp('/marketplace', { user: dayscholar });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Marketplace' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe('/marketplace');
    const menu = within(screen.getAllByRole('navigation', { name: 'Main' })[0]!);
    expect(menu.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(menu.getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/saved');
    // Selling stays with hostellers.
    expect(screen.queryByRole('link', { name: 'Sell Product' })).not.toBeInTheDocument();
  });

  it('sends the old /hosteller/marketplace address to /marketplace with its filters, for either role', async () => {
    server.use(meHandler(dayscholar));
    const { location } = renderApp('/hosteller/marketplace?category=books&sort=price-low', {
      user: dayscholar,
    });
    await waitFor(() => expect(location().pathname).toBe('/marketplace'));
    expect(location().search).toBe('?category=books&sort=price-low');
  });

  it('brings a signed-out visitor of a shared product link back to the product after sign-in', async () => {
    const product = makeProduct({ name: 'Lady Bird cycle' });
    server.use(
      http.post(api('/auth/login'), () => HttpResponse.json({ token: 'jwt-ds', user: dayscholar })),
      meHandler(dayscholar),
      http.get(api(`/products/${product.id}`), () => HttpResponse.json({ product })),
      http.get(api('/ratings/user/:id'), () => HttpResponse.json({ rating: { average: 0, count: 0 } })),
    );
    const { user, location } = renderApp(`/products/${product.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' });
    expect(location().pathname).toBe('/login');
    await user.type(await screen.findByLabelText('Email'), 'dia@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lady Bird cycle' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe(`/products/${product.id}`);
  });

  it('never returns to another site after sign-in', async () => {
    server.use(
      http.post(api('/auth/login'), () => HttpResponse.json({ token: 'jwt-ds', user: dayscholar })),
      meHandler(dayscholar),
    );
    const { user, location } = renderApp('/login', { state: { from: '//evil.example/x' } });
    await screen.findByLabelText('Email');
    await user.type(screen.getByLabelText('Email'), 'dia@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/dayscholar/dashboard'));
  });

  it('sends a user with an incomplete profile to /complete-profile with the info toast', async () => {
    const withRole = { ...incompleteUser, role: 'hosteller' as const };
    server.use(meHandler(withRole));
    const { location } = renderApp('/hosteller/dashboard', { user: withRole });
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(location().pathname).toBe('/complete-profile');
    expect(await screen.findByText('Please complete your profile to continue.')).toBeInTheDocument();
  });

  it('redirects a signed-in user away from /login and /register', async () => {
    server.use(meHandler(hosteller));
    const { location } = renderApp('/register', { user: hosteller });
    await waitFor(() => expect(location().pathname).toBe('/hosteller/dashboard'));
  });

  it('/dashboard goes to the role dashboard', async () => {
    server.use(meHandler(dayscholar));
    const { location } = renderApp('/dashboard', { user: dayscholar });
    await waitFor(() => expect(location().pathname).toBe('/dayscholar/dashboard'));
  });

  it('signs out when the stored session no longer checks out (401 from /auth/me)', async () => {
    server.use(
      http.get(api('/auth/me'), () =>
        HttpResponse.json({ message: 'Invalid token', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    const { location } = renderApp('/profile', { user: hosteller });
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(location().pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the stored session when /auth/me fails for another reason (offline, 503)', async () => {
    let calls = 0;
    server.use(
      http.get(api('/auth/me'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({ message: 'Service unavailable' }, { status: 503 });
      }),
    );
    const { location } = renderApp('/hosteller/dashboard', { user: hosteller });
    expect(await screen.findByText('Hosteller Dashboard')).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(1));
    // Let the failed check settle: a cleared session would now be on its way to /login.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(location().pathname).toBe('/hosteller/dashboard');
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('shows the 404 page for any other path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The page you are looking for doesn't exist or has been moved."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it("tells a day scholar who opens an edit-product link 'Only hostellers can edit products' and leaves", async () => {
    server.use(
      meHandler(dayscholar),
      http.get(api('/products/:id'), () =>
        HttpResponse.json(
          { code: 'FORBIDDEN', message: 'Only hostellers can use the marketplace' },
          { status: 403 },
        ),
      ),
    );
    const { location } = renderApp('/hosteller/edit-product/9d1f0000-0000-4000-8000-000000000001', {
      user: dayscholar,
    });
    expect(await screen.findByText('Only hostellers can edit products')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/dayscholar/dashboard'));
  });
});
