import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { api as url, server } from '@/test/server';
import { ApiError, setUnauthorizedHandler } from './api-client';
import { sessionStore } from './session';
import { uploadForm } from './upload';

function signIn() {
  localStorage.setItem('token', 'abc');
  localStorage.setItem('user', JSON.stringify(hosteller));
  sessionStore.reload();
}

const form = () => {
  const data = new FormData();
  data.append('name', 'Lamp');
  data.append('images', new File([new Uint8Array(64)], 'lamp.png', { type: 'image/png' }));
  return data;
};

describe('uploadForm', () => {
  afterEach(() => setUnauthorizedHandler(() => {}));

  it('sends the form with the bearer token and answers the JSON body', async () => {
    signIn();
    let seen: { method: string; authorization: string | null; name: unknown; hasFile: boolean } | null = null;
    server.use(
      http.put(url('/products/p1'), async ({ request }) => {
        const body = await request.formData();
        seen = {
          method: request.method,
          authorization: request.headers.get('authorization'),
          name: body.get('name'),
          hasFile: body.get('images') !== null,
        };
        return HttpResponse.json({ product: { id: 'p1' } });
      }),
    );
    const onProgress = vi.fn();
    await expect(uploadForm('/products/p1', form(), { method: 'PUT', onProgress })).resolves.toEqual({
      product: { id: 'p1' },
    });
    expect(seen).toEqual({ method: 'PUT', authorization: 'Bearer abc', name: 'Lamp', hasFile: true });
  });

  it('rejects with an ApiError carrying the field errors', async () => {
    signIn();
    server.use(
      http.post(url('/products'), () =>
        HttpResponse.json(
          {
            message: 'Image size should be less than 5MB',
            code: 'PAYLOAD_TOO_LARGE',
            errors: [{ param: 'images', msg: 'Image size should be less than 5MB' }],
          },
          { status: 413 },
        ),
      ),
    );
    const error = await uploadForm('/products', form()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      message: 'Image size should be less than 5MB',
      errors: [{ param: 'images', msg: 'Image size should be less than 5MB' }],
      hasServerMessage: true,
    });
  });

  it('ends the session on a 401 to a signed-in request', async () => {
    signIn();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(http.post(url('/products'), () => HttpResponse.json({ message: 'Expired' }, { status: 401 })));
    await expect(uploadForm('/products', form())).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reports a network failure as status 0', async () => {
    server.use(http.post(url('/products'), () => HttpResponse.error()));
    await expect(uploadForm('/products', form())).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('can be cancelled', async () => {
    server.use(
      http.post(url('/products'), async () => {
        await new Promise((r) => setTimeout(r, 500));
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = uploadForm('/products', form(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
