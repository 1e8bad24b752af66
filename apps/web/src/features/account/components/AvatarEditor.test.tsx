import { AVATAR_MESSAGES } from '@campusrun/shared';
import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hosteller } from '@/test/fixtures';
import { deferred, imageFile } from '@/test/products';
import { renderApp } from '@/test/render';
import { api, meHandler, server } from '@/test/server';

// Lazy route chunks and toasts take a while on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const PREVIEW = 'blob:avatar-preview';
const AVATAR = '/uploads/avatars/0123456789abcdef0123456789abcdef.webp';

beforeEach(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => PREVIEW);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  // @ts-expect-error jsdom has none of its own to put back
  delete URL.createObjectURL;
  // @ts-expect-error as above
  delete URL.revokeObjectURL;
});

async function openProfile(user = hosteller) {
  server.use(
    meHandler(user),
    http.get(api('/users/blocked'), () => HttpResponse.json({ users: [] })),
  );
  const result = renderApp('/profile', { user, token: 'test-token' });
  await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 });
  return result;
}
const photoCard = () => within(screen.getByRole('region', { name: 'Profile photo' }));

describe('profile photo', { timeout: 20_000 }, () => {
  it('previews the chosen photo, uploads it with progress and shows the new avatar', async () => {
    const release = deferred();
    let sent: FormDataEntryValue | null = null;
    let method = '';
    server.use(
      http.put(api('/users/avatar'), async ({ request }) => {
        method = request.method;
        sent = (await request.formData()).get('avatar');
        await release.promise;
        return HttpResponse.json({
          message: AVATAR_MESSAGES.updated,
          user: { ...hosteller, avatar: AVATAR },
        });
      }),
    );
    const { user } = await openProfile();
    expect(photoCard().getByRole('img', { name: 'Your profile photo' })).toHaveTextContent('A');
    expect(photoCard().queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Choose a profile photo'), imageFile('me.png'));
    expect(photoCard().getByRole('img', { name: 'Preview of your new photo' })).toHaveAttribute(
      'src',
      PREVIEW,
    );

    await user.click(photoCard().getByRole('button', { name: 'Save photo' }));
    expect(
      await photoCard().findByRole('progressbar', { name: /Uploading photo|Processing photo/ }),
    ).toBeInTheDocument();
    expect(photoCard().getByRole('button', { name: 'Save photo' })).toBeDisabled();
    release.resolve();

    expect(await screen.findByText(AVATAR_MESSAGES.updated)).toBeInTheDocument();
    expect(method).toBe('PUT');
    expect(sent).toMatchObject({ type: 'image/png', size: 2048 });
    expect(await photoCard().findByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      AVATAR,
    );
    expect(photoCard().queryByRole('progressbar')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ avatar: AVATAR });
    // The header's menu shows it too.
    const menu = screen.getByRole('button', { name: 'Open user menu' });
    expect(menu.querySelector('img')).toHaveAttribute('src', AVATAR);
  });

  it("shows the server's refusal and keeps the chosen photo", async () => {
    server.use(
      http.put(api('/users/avatar'), () =>
        HttpResponse.json(
          { message: 'Please upload a PNG, JPG, GIF or WebP image', code: 'UNSUPPORTED_MEDIA_TYPE' },
          { status: 415 },
        ),
      ),
    );
    const { user } = await openProfile();
    await user.upload(screen.getByLabelText('Choose a profile photo'), imageFile('me.png'));
    await user.click(photoCard().getByRole('button', { name: 'Save photo' }));

    expect(await photoCard().findByRole('alert')).toHaveTextContent(
      'Please upload a PNG, JPG, GIF or WebP image',
    );
    expect(photoCard().getByRole('button', { name: 'Save photo' })).toBeEnabled();
    expect(photoCard().getByRole('img', { name: 'Preview of your new photo' })).toBeInTheDocument();
  });

  it('refuses a file over 5 MB before sending it', async () => {
    let called = false;
    server.use(
      http.put(api('/users/avatar'), () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = await openProfile();
    await user.upload(
      screen.getByLabelText('Choose a profile photo'),
      imageFile('huge.png', 6 * 1024 * 1024),
    );
    expect(photoCard().getByRole('alert')).toHaveTextContent(AVATAR_MESSAGES.imageTooLarge);
    expect(photoCard().queryByRole('button', { name: 'Save photo' })).not.toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('removes the photo', async () => {
    const withPhoto = { ...hosteller, avatar: AVATAR };
    server.use(
      http.delete(api('/users/avatar'), () =>
        HttpResponse.json({ message: AVATAR_MESSAGES.removed, user: { ...hosteller, avatar: null } }),
      ),
    );
    const { user } = await openProfile(withPhoto);
    expect(photoCard().getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', AVATAR);
    await user.click(photoCard().getByRole('button', { name: 'Remove photo' }));

    expect(await screen.findByText(AVATAR_MESSAGES.removed)).toBeInTheDocument();
    expect(photoCard().getByRole('img', { name: 'Your profile photo' })).toHaveTextContent('A');
    expect(photoCard().queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });
});
