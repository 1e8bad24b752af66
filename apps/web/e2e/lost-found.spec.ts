import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectOnScreen, type SeededUser, seedUser, signIn } from './fixtures';

/**
 * Lost and found on a phone: the owner lost their phone and posted it. A finder posts the phone as
 * found, with a question only its owner can answer (the form's own refusals first); the owner is told
 * of the match, opens it and claims it with the right answer; a stranger claims it with a wrong one.
 * The finder sees both answers with who gave them, accepts the owner's, and the chat opens between
 * them with the post as a card. The stranger is told it was returned, and the post says so and has
 * left the board.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
test.use(PHONE);

const uniqueWord = () =>
  'zl' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const auth = (user: SeededUser) => ({ Authorization: `Bearer ${user.token}` });

/** Opens the bell and the notice that matches `text`, once it has arrived (live, or on a reload). */
async function openNotice(page: Page, text: RegExp) {
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(async () => {
    if (!(await bell.isVisible())) await page.reload();
    await expect(bell).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await bell.click();
  await page.getByRole('button', { name: text }).click();
}

test('a found phone goes back to its owner: match, claims, the finder accepts, the chat, "Returned to its owner"', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [finder, owner, stranger] = await Promise.all([
    seedUser(request, 'dayscholar', 'Farah Finder'),
    seedUser(request, 'hosteller', 'Omar Owner'),
    seedUser(request, 'hosteller', 'Sanjay Stranger'),
  ]);
  const word = uniqueWord();
  const lostTitle = `Black Redmi phone ${word}`;
  const foundTitle = `Redmi phone ${word}, black case`;

  // ---- The owner lost their phone yesterday and posted it -----------------------------------------
  const lost = await request.post('/api/lost-found', {
    headers: auth(owner),
    data: {
      kind: 'lost',
      title: lostTitle,
      category: 'electronics',
      place: 'Library, 2nd floor',
      when: new Date(Date.now() - 20 * 3_600_000).toISOString(),
      details: 'Black case with a sticker on the back.',
    },
  });
  expect(lost.status()).toBe(201);

  // ---- The finder posts it as found, with the question ------------------------------------------
  await signIn(page, finder);
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Lost and found' }).click();
  await expect(page).toHaveURL(/\/lost-found$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lost and found' })).toBeVisible();
  await page.getByRole('group', { name: 'Lost or found' }).getByRole('button', { name: 'Found' }).tap();
  await page.getByRole('link', { name: 'New post' }).first().tap();
  await expect(page).toHaveURL(/\/lost-found\/new\?kind=found$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New lost and found post' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'I found something' })).toBeChecked();

  const publish = page.getByRole('button', { name: 'Publish post' });
  await publish.tap();
  await expect(page.getByText('Say what it is', { exact: true })).toBeVisible();
  await expect(page.getByText('Ask something only its owner can answer', { exact: true })).toBeVisible();
  await expect(page.getByText('Write the answer you expect', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'What is it?' }).fill(foundTitle);
  await page.getByRole('combobox', { name: 'Category' }).selectOption('electronics');
  // The owner named the library before: it is one tap away.
  await page.getByRole('textbox', { name: 'Where on campus?' }).fill('Libr');
  await page
    .getByRole('list', { name: 'Places named before' })
    .getByRole('button', { name: 'Library, 2nd floor' })
    .tap();
  await expect(page.getByRole('textbox', { name: 'Where on campus?' })).toHaveValue('Library, 2nd floor');
  await page.getByRole('textbox', { name: 'Details (optional)' }).fill('Found on a desk by the window.');
  await page
    .getByRole('textbox', { name: 'A question only its owner can answer' })
    .fill('What is the lock-screen picture?');
  await page.getByRole('textbox', { name: 'The answer you expect' }).fill('A sunset over the sea');
  await expect(page.getByText('Only you see this answer. Nobody else ever does.')).toBeVisible();
  await expectAccessible(page);
  await publish.tap();

  await expect(page.getByText('Post published. We will tell you of matching posts.')).toBeVisible();
  await expect(page).toHaveURL(/\/lost-found\/[0-9a-f-]{36}$/);
  const postUrl = new URL(page.url()).pathname;
  const postId = postUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: foundTitle })).toBeVisible();
  await expect(page.getByText('A sunset over the sea')).toBeVisible();
  await expect(page.getByText('No claims yet.', { exact: false })).toBeVisible();

  // ---- The owner is told of the match and claims it with the right answer ------------------------
  const ownerContext = await browser.newContext(PHONE);
  const o = await ownerContext.newPage();
  await signIn(o, owner);
  await expect(o).toHaveURL(/\/hosteller\/dashboard$/);
  await openNotice(o, new RegExp(`Someone found something like your lost “${lostTitle}”: ${foundTitle}`));
  await expect(o).toHaveURL(new RegExp(`${postUrl}$`));
  await expect(o.getByRole('heading', { level: 1, name: foundTitle })).toBeVisible();
  // The answer the finder expects never reaches anyone else.
  await expect(o.getByText('A sunset over the sea')).toHaveCount(0);
  await o.getByRole('button', { name: 'That’s mine' }).tap();
  const dialog = o.getByRole('dialog', { name: 'That’s mine' });
  await expect(dialog.getByText('What is the lock-screen picture?')).toBeVisible();
  const answer = dialog.getByRole('textbox', { name: 'Your answer' });
  await answer.fill('A sunset over the sea, taken in Goa');
  const send = dialog.getByRole('button', { name: 'Send claim' });
  // It fits a small phone (375 × 667) whole: the question, the field and the buttons on screen.
  await o.setViewportSize({ width: 375, height: 667 });
  for (const part of [dialog.getByText('What is the lock-screen picture?'), answer, send])
    await expectOnScreen(o, part);
  await o.setViewportSize(PHONE.viewport);
  await expectAccessible(o);
  await send.tap();
  await expect(o.getByText('Claim sent. The finder will see your answer.')).toBeVisible();
  await expect(o.getByText('You said this is yours. The finder will check your answer.')).toBeVisible();
  await expect(o.getByRole('button', { name: 'That’s mine' })).toHaveCount(0);

  // ---- A stranger claims it with a wrong answer --------------------------------------------------
  const guess = await request.post(`/api/lost-found/${postId}/claims`, {
    headers: auth(stranger),
    data: { answer: 'A photo of my dog' },
  });
  expect(guess.status()).toBe(201);

  // ---- The finder sees both answers, and accepts the owner's --------------------------------------
  const claims = page.getByRole('list', { name: 'Claims' });
  await expect(async () => {
    if ((await claims.getByRole('listitem').count()) < 2) await page.reload();
    await expect(claims.getByRole('listitem')).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const ownerClaim = claims.getByRole('listitem').filter({ hasText: 'Omar Owner' });
  const strangerClaim = claims.getByRole('listitem').filter({ hasText: 'Sanjay Stranger' });
  await expect(ownerClaim.getByText('A sunset over the sea, taken in Goa')).toBeVisible();
  await expect(ownerClaim.getByRole('link', { name: 'Omar Owner' })).toHaveAttribute(
    'href',
    `/users/${owner.id}`,
  );
  await expect(ownerClaim.getByText('New member · nothing completed yet')).toBeVisible();
  await expect(strangerClaim.getByText('A photo of my dog')).toBeVisible();
  await expectAccessible(page);
  await ownerClaim.getByRole('button', { name: 'Accept the claim of Omar Owner' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Give it back to Omar Owner?' });
  await confirm.getByRole('button', { name: 'Accept claim' }).tap();
  await expect(page.getByText('Claim accepted. Arrange the handover in the chat.')).toBeVisible();

  // ---- The chat opens between them, with the post as a card ----------------------------------------
  await expect(page).toHaveURL(new RegExp(`/chat/${owner.id}$`));
  const log = page.getByRole('log');
  const card = log.getByRole('link', { name: new RegExp(`Found: ${foundTitle}`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Returned to its owner');
  await expect(
    log.getByText(`Your answer matched: “${foundTitle}” is yours.`, { exact: false }),
  ).toBeVisible();

  await o.goto(`/chat/${finder.id}`);
  const ownerCard = o.getByRole('log').getByRole('link', { name: new RegExp(`Found: ${foundTitle}`) });
  await expect(ownerCard).toBeVisible();
  await o.getByRole('textbox', { name: 'Message' }).fill('Thank you! Coming to the library now.');
  // Enter sends (also when typed before the app has taken the screen drawn by the server over).
  await o.keyboard.press('Enter');
  await expect(o.getByRole('log').getByText('Thank you! Coming to the library now.')).toBeVisible();
  // The finder reads it (live, or once the thread is read again).
  const thanks = page.getByRole('log').getByText('Thank you! Coming to the library now.');
  await expect(async () => {
    if (!(await thanks.isVisible())) await page.reload();
    await expect(thanks).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(o);
  await ownerCard.tap();
  await expect(o).toHaveURL(new RegExp(`${postUrl}$`));
  await expect(o.getByText('Your claim was accepted. Arrange the handover in the chat.')).toBeVisible();
  await ownerContext.close();

  // ---- The stranger is told it was returned; the post says so and has left the board ---------------
  const strangerContext = await browser.newContext(PHONE);
  const s = await strangerContext.newPage();
  await signIn(s, stranger);
  await expect(s).toHaveURL(/\/hosteller\/dashboard$/);
  await openNotice(s, new RegExp(`“${foundTitle}” was returned to its owner`));
  await expect(s).toHaveURL(new RegExp(`${postUrl}$`));
  await expect(s.getByText('Returned to its owner', { exact: true }).first()).toBeVisible();
  await expect(s.getByText('It was returned to its owner.')).toBeVisible();
  await expect(s.getByRole('button', { name: 'That’s mine' })).toHaveCount(0);
  await expectAccessible(s);
  // Only the owner's own lost post is still up (theirs to mark resolved).
  await s.goto(`/lost-found?search=${word}`);
  const rows = s.getByRole('list', { name: 'Lost and found posts' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('link', { name: lostTitle })).toBeVisible();
  await strangerContext.close();

  await page.goto(postUrl);
  await expect(page.getByText('Returned to its owner', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark resolved' })).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Claims' }).getByText('Accepted', { exact: true }),
  ).toBeVisible();
});
