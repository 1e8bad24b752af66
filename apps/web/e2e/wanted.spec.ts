import { expect, type Locator, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, expectOnScreen, listProductViaApi, seedUser, signIn } from './fixtures';

/**
 * Wanted posts on a phone: a day scholar posts what they want, with a photo, from the marketplace's
 * Wanted tab (the form's own refusals first), and hears at once when a matching calculator is
 * listed. A hosteller finds the post (its photo's small copy on its row), answers "I have one" with
 * that listing linked; the chat opens with the wanted post and the listing as cards, and the poster
 * sees them in theirs. The poster removes the photo and closes the post: it leaves the Wanted tab
 * and the card in the chat says Closed.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
test.use(PHONE);

/** Waits until the picture has loaded and decoded with real pixels (a broken link has none). */
async function expectLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

const uniqueWord = () =>
  'zw' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('post a wanted item, hear of a match, answer "I have one" with a listing, see the cards in the chat, close it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const poster = await seedUser(request, 'dayscholar', 'Priya Poster');
  const answerer = await seedUser(request, 'hosteller', 'Arjun Answerer');
  const word = uniqueWord();
  const title = `Casio fx-991EX ${word}`;

  // ---- The poster: the marketplace's Wanted tab, then the form ---------------------------------
  await signIn(page, poster);
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
  await page.goto('/marketplace');
  await page.getByRole('tab', { name: 'Wanted' }).tap();
  await expect(page).toHaveURL(/\/marketplace\?tab=wanted$/);
  await expect(page.getByRole('tab', { name: 'Wanted' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: 'Post a wanted item' }).first().tap();
  await expect(page).toHaveURL(/\/wanted\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Post a wanted item' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Post wanted item' });
  await submit.tap();
  await expect(page.getByText('Say what you are looking for', { exact: true })).toBeVisible();
  await expect(page.getByText('Category is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Say the most you would pay', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'What are you looking for?' }).fill(title);
  await page.getByRole('textbox', { name: 'Details (optional)' }).fill('For the maths exams. Any condition.');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('electronics');
  await page.getByRole('textbox', { name: 'The most you would pay (₹)' }).fill('800');
  // A photo from the camera or the gallery (a small JPEG made here), previewed before it is sent.
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'calculator.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await expectAccessible(page);
  await submit.tap();

  await expect(
    page.getByText('Wanted post published. We will tell you when a matching item is listed.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/wanted\/[0-9a-f-]{36}$/);
  const postUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('up to ₹800')).toBeVisible();
  await expect(page.getByText(/^Open until/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I have one' })).toHaveCount(0);
  // The photo went up with it: the picture the server stored loads.
  const photo = page.getByRole('img', { name: title });
  await expectLoaded(photo);
  const photoSrc = await photo.getAttribute('src');
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await expectAccessible(page);

  // ---- A matching listing: the poster hears of it at once --------------------------------------
  const listing = `${title} calculator`;
  await listProductViaApi(request, answerer, { name: listing, price: '700', category: 'electronics' });
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(
    page.getByRole('button', { name: new RegExp(`Just listed for your wanted post “${title}”: ${listing}`) }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // ---- The answerer finds it on the Wanted tab and answers "I have one" --------------------------
  const other = await browser.newContext(PHONE);
  const answering = await other.newPage();
  await signIn(answering, answerer);
  await expect(answering).toHaveURL(/\/hosteller\/dashboard$/);
  await answering.goto('/marketplace?tab=wanted');
  await answering.getByRole('searchbox', { name: 'Search wanted posts' }).fill(word);
  const row = answering.getByRole('list', { name: 'Wanted posts' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('up to ₹800')).toBeVisible();
  await expect(row.getByText('Priya Poster')).toBeVisible();
  // The row starts with the photo's small copy, not the full picture.
  const thumbnail = row.locator('img');
  await expect(thumbnail).toHaveCount(1);
  await expectLoaded(thumbnail);
  expect(await thumbnail.getAttribute('src')).not.toBe(photoSrc);
  await row.getByRole('link', { name: title }).tap();
  await expect(answering).toHaveURL(new RegExp(`${postUrl}$`));
  await expect(answering.getByRole('link', { name: 'Priya Poster' })).toBeVisible();
  await answering.getByRole('button', { name: 'I have one' }).tap();

  const dialog = answering.getByRole('dialog', { name: 'I have one' });
  const pick = dialog.getByRole('combobox', { name: 'Link one of your listings (optional)' });
  await expect(pick).toBeVisible();
  await pick.selectOption({ label: `${listing} · ₹700` });
  await dialog
    .getByRole('textbox', { name: 'Message (optional)' })
    .fill('Mine works perfectly, meet at the library?');
  const send = dialog.getByRole('button', { name: 'Send answer' });
  // It fits a small phone (375 × 667) whole: its fields and its buttons on screen.
  await answering.setViewportSize({ width: 375, height: 667 });
  for (const part of [dialog.getByRole('textbox', { name: 'Message (optional)' }), pick, send])
    await expectOnScreen(answering, part);
  await answering.setViewportSize(PHONE.viewport);
  await expectAccessible(answering);
  await send.tap();

  await expect(answering.getByText('Answer sent. Continue in the chat.')).toBeVisible();
  await expect(answering).toHaveURL(new RegExp(`/chat/${poster.id}$`));
  const log = answering.getByRole('log');
  const card = log.getByRole('link', { name: new RegExp(`Wanted: ${title}`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('up to ₹800');
  await expect(log.getByRole('link', { name: new RegExp(listing) })).toBeVisible();
  await expect(log.getByText('Mine works perfectly, meet at the library?')).toBeVisible();
  await expectAccessible(answering);

  // ---- The poster sees the answer in their chat, then closes the post ---------------------------
  await page.goto(`/chat/${answerer.id}`);
  const posterCard = page.getByRole('log').getByRole('link', { name: new RegExp(`Wanted: ${title}`) });
  await expect(posterCard).toBeVisible();
  await expect(page.getByRole('log').getByText('Mine works perfectly, meet at the library?')).toBeVisible();
  await posterCard.tap();
  await expect(page).toHaveURL(new RegExp(`${postUrl}$`));
  await expectLoaded(page.getByRole('img', { name: title }));
  await page.getByRole('button', { name: 'Remove photo' }).tap();
  await expect(page.getByText('Photo removed', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: title })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add photo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
  // Exact: the toast still on screen has a "close" button of its own.
  await page.getByRole('button', { name: 'Close', exact: true }).tap();
  const confirm = page.getByRole('dialog', { name: 'Close this wanted post?' });
  await confirm.getByRole('button', { name: 'Close post' }).tap();
  await expect(page.getByText('Wanted post closed')).toBeVisible();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close' })).toHaveCount(0);

  // It has left the Wanted tab, and the answerer can no longer answer it.
  await answering.goto(`/marketplace?tab=wanted&search=${word}`);
  await expect(answering.getByText('No wanted posts match your filters')).toBeVisible();
  await answering.goto(`/chat/${poster.id}`);
  await expect(
    answering.getByRole('log').getByRole('link', { name: new RegExp(`Wanted: ${title}`) }),
  ).toContainText('Closed');
  await answering.goto(postUrl);
  await expect(answering.getByText('This wanted post is no longer open.')).toBeVisible();
  await expect(answering.getByRole('button', { name: 'I have one' })).toHaveCount(0);
  await other.close();
});
