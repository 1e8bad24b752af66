import { expect, test } from '@playwright/test';
import { expectAccessible, listProductViaApi, seedUser, signIn } from './fixtures';

/**
 * Saved searches on a phone: a student saves a marketplace search (words and a highest price) under
 * the name the dialog suggests; a seller lists a product that matches, and the saver hears of it at
 * once and opens it from the notice. On the Saved searches screen they see the new match, rename the
 * search, pause its alerts, open it (the marketplace, filtered) and delete it.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const uniqueWord = () =>
  'zs' + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('save a marketplace search, hear of a matching listing and open it; rename, pause, open and delete the search', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await seedUser(request, 'hosteller', 'Asha Seller');
  const saver = await seedUser(request, 'dayscholar', 'Sameer Saver');
  const word = uniqueWord();
  const name = `${word} under ₹3,000`;

  await signIn(page, saver);
  await expect(page).toHaveURL(/\/dayscholar\/dashboard$/);

  // ---- The marketplace: nothing to save until there are words or a filter ---------------------
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save this search' });
  await expect(save).toBeDisabled();
  await expect(page.getByText('Add search words or a filter before saving this search')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search products' }).fill(word);
  await page.getByRole('button', { name: 'Filters', exact: true }).tap();
  await page.getByRole('textbox', { name: 'Highest price (₹)' }).fill('3000');
  await expect(page).toHaveURL(new RegExp(`search=${word}.*maxPrice=3000|maxPrice=3000.*search=${word}`));
  await expect(save).toBeEnabled();
  await save.tap();

  // ---- The dialog: a name made from the filters, on the phone's screen ------------------------
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByRole('heading', { name: 'Save this search' })).toBeVisible();
  await expect(dialog).toContainText(`Marketplace: “${word}” · under ₹3,000`);
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  const saveSearch = dialog.getByRole('button', { name: 'Save search' });
  // It fits a small phone (375 × 667) whole: its name field and its buttons on screen.
  await page.setViewportSize({ width: 375, height: 667 });
  for (const part of [dialog.getByRole('textbox', { name: 'Name' }), saveSearch]) {
    const box = (await part.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await saveSearch.tap();
  await expect(page.getByText('Search saved. We will tell you when something new matches.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Saved · See saved searches' })).toBeVisible();

  // ---- A matching listing: the saver hears of it at once and opens it -------------------------
  const product = await listProductViaApi(request, seller, {
    name: `Road bike ${word}`,
    price: '2500',
    category: 'cycles',
  });
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await page.getByRole('button', { name: new RegExp(`New match for “${name}”: Road bike ${word}`) }).tap();
  await expect(page).toHaveURL(new RegExp(`/products/${product}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Road bike ${word}` })).toBeVisible();

  // ---- The Saved searches screen, from the user menu ------------------------------------------
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Saved searches' }).click();
  await expect(page).toHaveURL(/\/searches$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Saved searches' });
  const row = list.getByRole('listitem');
  await expect(row.getByRole('heading', { name })).toBeVisible();
  await expect(row.getByText('1 new match')).toBeVisible();
  await expect(row.getByText(`“${word}” · under ₹3,000`)).toBeVisible();
  await expect(row.getByText('Marketplace')).toBeVisible();
  await expectAccessible(page);

  // ---- Rename -----------------------------------------------------------------------------------
  await row.getByRole('button', { name: `Rename ${name}` }).tap();
  const rename = page.getByRole('dialog', { name: 'Rename this search' });
  await rename.getByRole('textbox', { name: 'Name' }).fill(`Cheap road bikes ${word}`);
  await rename.getByRole('button', { name: 'Save name' }).tap();
  await expect(page.getByText('Search renamed')).toBeVisible();
  await expect(row.getByRole('heading', { name: `Cheap road bikes ${word}` })).toBeVisible();

  // ---- Pause its alerts -------------------------------------------------------------------------
  await row.getByRole('button', { name: `Pause alerts for Cheap road bikes ${word}` }).tap();
  await expect(page.getByText('Alerts paused for this search')).toBeVisible();
  await expect(row.getByText('Alerts paused')).toBeVisible();
  await expect(row.getByRole('button', { name: `Resume alerts for Cheap road bikes ${word}` })).toBeVisible();

  // ---- Open: the marketplace with its filters; its new match is seen ----------------------------
  await row.getByRole('link', { name: `Open Cheap road bikes ${word}` }).tap();
  await expect(page).toHaveURL(/\/marketplace\?/);
  const shown = new URL(page.url()).searchParams;
  expect(Object.fromEntries(shown)).toEqual({ search: word, maxPrice: '3000' });
  await expect(page.getByRole('link', { name: `Road bike ${word}` })).toBeVisible();
  await expect(page.getByText('Showing what matches this search')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/searches$/);
  await expect(row.getByRole('heading', { name: `Cheap road bikes ${word}` })).toBeVisible();
  await expect(row.getByText(/new match/)).toHaveCount(0);

  // ---- Delete, after a confirmation: the empty state says how to save one -----------------------
  await row.getByRole('button', { name: `Delete Cheap road bikes ${word}` }).tap();
  const confirm = page.getByRole('dialog', { name: 'Delete this saved search?' });
  await confirm.getByRole('button', { name: 'Delete' }).tap();
  await expect(page.getByText('Search deleted')).toBeVisible();
  await expect(page.getByText('No saved searches yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the marketplace' })).toBeVisible();
  await expectAccessible(page);

  const left = await request.get('/api/saved-searches', {
    headers: { Authorization: `Bearer ${saver.token}` },
  });
  expect((await left.json()).searches).toEqual([]);
});
