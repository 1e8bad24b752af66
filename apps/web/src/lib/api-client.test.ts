import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { api as url, server } from '@/test/server';
import {
  ApiError,
  call,
  download,
  errorMessage,
  filenameFromDisposition,
  setUnauthorizedHandler,
} from './api-client';
import { clearSignedOutNote, readSignedOutNote } from './auth-notice';
import { sessionStore } from './session';

function signIn() {
  localStorage.setItem('token', 'abc');
  localStorage.setItem('user', JSON.stringify(hosteller));
  sessionStore.reload();
}

describe('api client', () => {
  afterEach(() => setUnauthorizedHandler(() => {}));

  it('sends the stored token as a bearer header', async () => {
    signIn();
    let authorization: string | null = null;
    server.use(
      http.get(url('/ping'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(call('GET', '/ping')).resolves.toEqual({ ok: true });
    expect(authorization).toBe('Bearer abc');
  });

  it('keeps a change going after the page is left, but not a read or a photo upload', async () => {
    signIn();
    const kept: Record<string, boolean> = {};
    server.use(
      http.all(url('/products/:id/:what'), ({ request, params }) => {
        kept[`${request.method} ${String(params.what)}`] = request.keepalive;
        return HttpResponse.json({});
      }),
    );
    await call('POST', '/products/p1/save');
    await call('GET', '/products/p1/offers');
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(40 * 1024)], { type: 'image/jpeg' }), 'photo.jpg');
    await call('PUT', '/products/p1/photos', { body: form });
    expect(kept).toEqual({ 'POST save': true, 'GET offers': false, 'PUT photos': false });
  });

  it('sends no Authorization header when signed out', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get(url('/ping'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({});
      }),
    );
    await call('GET', '/ping');
    expect(authorization).toBeNull();
  });

  it('turns an error body into an ApiError', async () => {
    server.use(
      http.post(url('/auth/login'), () =>
        HttpResponse.json(
          { message: 'Please verify', code: 'EMAIL_NOT_VERIFIED', isVerified: false, userId: 'u-1' },
          { status: 403 },
        ),
      ),
    );
    const error = await call('POST', '/auth/login', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      message: 'Please verify',
      code: 'EMAIL_NOT_VERIFIED',
      isVerified: false,
      userId: 'u-1',
    });
    expect(errorMessage(error, 'fallback')).toBe('Please verify');
  });

  it('says after the action’s words that the server is busy or the network dropped, never a status', async () => {
    server.use(http.get(url('/broken'), () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const badGateway = await call('GET', '/broken').catch((e: unknown) => e);
    expect(errorMessage(badGateway, 'Failed to load')).toBe(
      'Failed to load. The server is busy — try again in a moment.',
    );

    server.use(http.get(url('/down'), () => HttpResponse.error()));
    const down = await call('GET', '/down').catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(errorMessage(down, 'Failed to load')).toBe('Failed to load. Check your connection and try again.');
    // An action's words that already say "try again" get the reason alone.
    expect(errorMessage(down, 'Sign-in failed. Please try again.')).toBe(
      'Sign-in failed. Please try again. Check your connection.',
    );
  });

  it('a 401 on a request that carried a token clears the session and leaves for /login', async () => {
    signIn();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(
      http.get(url('/hosteller/stats'), () =>
        HttpResponse.json({ message: 'Expired', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );

    await expect(call('GET', '/hosteller/stats')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStore.get()).toEqual({ token: null, user: null });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps why a held session was refused for the sign-in page, but not after signing out here', async () => {
    sessionStorage.clear();
    const refuse = (reason: string) =>
      server.use(
        http.get(url('/hosteller/stats'), () =>
          HttpResponse.json({ message: 'Refused', code: 'UNAUTHORIZED', reason }, { status: 401 }),
        ),
      );
    signIn();
    refuse('sessionEnded');
    await expect(call('GET', '/hosteller/stats')).rejects.toMatchObject({ status: 401 });
    expect(readSignedOutNote()).toBe('sessionEnded');

    clearSignedOutNote();
    signIn();
    refuse('unauthorized');
    await expect(call('GET', '/hosteller/stats')).rejects.toMatchObject({ status: 401 });
    expect(readSignedOutNote()).toBe('sessionExpired');

    // A call still on its way when this device signed out answers 401: that is no news.
    clearSignedOutNote();
    signIn();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(url('/hosteller/stats'), async () => {
        await answered;
        return HttpResponse.json(
          { message: 'Refused', code: 'UNAUTHORIZED', reason: 'sessionEnded' },
          { status: 401 },
        );
      }),
    );
    const late = call('GET', '/hosteller/stats');
    sessionStore.clear();
    answer();
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(readSignedOutNote()).toBeNull();
  });

  it('a 401 without a token (wrong password at login) is only an error', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(
      http.post(url('/auth/login'), () =>
        HttpResponse.json({ message: 'Invalid email or password', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    await expect(call('POST', '/auth/login', { body: {} })).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  describe('download', () => {
    it('gives the body as a Blob and the name from Content-Disposition, with the bearer token', async () => {
      signIn();
      let authorization: string | null = null;
      server.use(
        http.get(url('/users/me/export'), ({ request }) => {
          authorization = request.headers.get('authorization');
          return HttpResponse.json(
            { a: 1 },
            { headers: { 'Content-Disposition': 'attachment; filename="campusrun-data-2026-11-27.json"' } },
          );
        }),
      );
      const file = await download('/users/me/export');
      expect(authorization).toBe('Bearer abc');
      expect(file.filename).toBe('campusrun-data-2026-11-27.json');
      expect(JSON.parse(await file.blob.text())).toEqual({ a: 1 });
    });

    it('rejects a refusal with the server message, and a 401 ends the session', async () => {
      signIn();
      const onUnauthorized = vi.fn();
      setUnauthorizedHandler(onUnauthorized);
      server.use(
        http.get(url('/users/me/export'), () =>
          HttpResponse.json({ message: 'Too many exports', code: 'RATE_LIMITED' }, { status: 429 }),
        ),
        http.get(url('/expired'), () => HttpResponse.json({ message: 'Session expired' }, { status: 401 })),
      );
      const refused = download('/users/me/export');
      await expect(refused).rejects.toBeInstanceOf(ApiError);
      await expect(refused).rejects.toMatchObject({ status: 429, message: 'Too many exports' });
      expect(onUnauthorized).not.toHaveBeenCalled();

      await expect(download('/expired')).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem('token')).toBeNull();
    });

    it.each([
      ['attachment; filename="campusrun-data-2026-11-27.json"', 'campusrun-data-2026-11-27.json'],
      ['attachment; filename=plain.json', 'plain.json'],
      ['attachment; filename="a.json"; filename*=UTF-8\'\'d%C3%A9j%C3%A0.json', 'déjà.json'],
      ['attachment; filename="../../etc/passwd"', 'passwd'],
      ['attachment; filename="say \\"hi\\".json"', 'say "hi".json'],
      ['attachment; filename=".."', null],
      ['attachment', null],
      [null, null],
    ])('the file name of %s is %s', (header, name) => {
      expect(filenameFromDisposition(header)).toBe(name);
    });
  });
});
