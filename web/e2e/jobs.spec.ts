import type { Page } from '@playwright/test';

import { ADMIN, SCREENSHOT_DIR, STORAGE_STATE, expect, expectAccessible, test } from './fixtures';

test.use({ storageState: STORAGE_STATE });

type Created = { success: boolean; jobDescId: number; jdid: string };

/** Creates a JD through the API with the page's stored token. */
async function createJdViaApi(page: Page, body: Record<string, unknown>): Promise<Created> {
  const result = await page.evaluate(async (payload) => {
    const response = await fetch('/api/Drive/CreateJobFolder', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
      body: JSON.stringify({ jobDescId: 0, jdid: '', createdOn: new Date().toISOString(), resumeRequired: true, ...payload }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, body);
  expect(result.status).toBe(200);
  return result.body as Created;
}

test.describe('job descriptions', () => {
  test('create with formatted text, see it in folders and detail, edit with confirm, delete with a reason, restore from the bin', async ({
    page,
  }) => {
    const title = `Platform Engineer ${Date.now()}`;
    await page.goto('/folders');
    await expect(page.getByRole('heading', { level: 1, name: 'JD Folders' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL(/\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Job Description' })).toBeVisible();

    // Save stays disabled while the title is blank; the other rules show on submit.
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Title').fill(title);
    await save.click();
    await expect(page.getByText('Please enter at least 3 comma-separated skills.')).toBeVisible();
    await expect(page.getByText('Experience is required.')).toBeVisible();
    await page.getByLabel('Key Skills').fill('Rust, PostgreSQL, Kubernetes');
    await expect(page.getByText('Please enter at least 3 comma-separated skills.')).toBeHidden();
    await expect(page.getByText('Experience is required.')).toBeVisible();
    await page.getByLabel('Experience').fill('5+ years building web services\nLed a small team');

    // Rich text: a bold sentence and a bullet list.
    const editor = page.locator('.ql-editor');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type('Own the hiring platform.');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Design the APIs');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Mentor engineers');
    await expect(editor.locator('strong')).toHaveText('Own the hiring platform.');
    await expect(editor.locator('li')).toHaveCount(2);
    // Every toolbar control has a name, the options of an open picker too.
    const colour = page.getByRole('button', { name: /^Text colour/ });
    await colour.click();
    await expect(page.getByRole('button', { name: 'Dark blue' })).toBeVisible();
    await expectAccessible(page);
    await colour.press('Escape');
    await expect(page.getByRole('button', { name: 'Dark blue' })).toBeHidden();

    const notes = page.getByLabel('Additional Notes');
    const noteText = 'Hybrid, two office days\nVisa sponsorship available';
    await notes.fill(noteText);
    await expect(page.getByText(`${noteText.length}/300`)).toBeVisible();
    await expect(page.getByLabel('Resume Required')).toBeChecked();
    // The page scrolls inside <main>: a tall window shows the whole form.
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}jd-create-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await save.click();
    await expect(page.getByText('Job Description created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/folders$/);
    const card = page.getByRole('link', { name: new RegExp(title) });
    await expect(card).toBeVisible();
    await expect(card.getByText('Rust')).toBeVisible();
    await expect(page.getByText('Job Description created successfully!')).toBeHidden();
    await page.screenshot({ path: `${SCREENSHOT_DIR}jd-folders-desktop.png`, fullPage: true });
    await expectAccessible(page);

    // Sorting by name keeps the list (and this JD) in place.
    await page.getByLabel('Sort by').selectOption('name');
    await expect(card).toBeVisible();

    // Detail: the name, the buttons and every non-empty section.
    await card.click();
    await expect(page).toHaveURL(/\/jd\/jd-/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    for (const name of ['Edit JD', 'Delete JD', 'View All Resumes']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();
    }
    await expect(page.getByRole('button', { name: 'Upload Resume' })).toBeEnabled();
    await expect(page.getByTestId('upload-dropzone')).toBeVisible();
    const description = page.getByTestId('jd-description');
    await expect(description.locator('strong')).toHaveText('Own the hiring platform.');
    await expect(description.locator('ul > li')).toHaveText(['Design the APIs', 'Mentor engineers']);
    await expect(page.getByRole('region', { name: 'Key Skills' }).getByRole('listitem')).toHaveText(['Rust', 'PostgreSQL', 'Kubernetes']);
    await expect(page.getByRole('region', { name: 'Experience' }).getByRole('listitem')).toHaveText([
      '5+ years building web services',
      'Led a small team',
    ]);
    await expect(page.getByRole('region', { name: 'Additional Notes' }).getByRole('listitem')).toHaveCount(2);
    await page.setViewportSize({ width: 1280, height: 1300 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}jd-detail-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page);

    // Edit: prefilled, Resume Required fixed, the date not prefilled, and the confirm dialog.
    await page.getByRole('button', { name: 'Edit JD', exact: true }).click();
    await expect(page).toHaveURL(/\/editjd\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Job Description' })).toBeVisible();
    const jdName = page.getByLabel('JD Name');
    await expect(jdName).toHaveValue(title);
    await expect(page.getByLabel('Resume Required')).toBeDisabled();
    await expect(page.getByLabel('Resume Required')).toBeChecked();
    await expect(page.getByLabel('Application Last Date')).toHaveValue('');
    await expect(page.locator('.ql-editor strong')).toHaveText('Own the hiring platform.');
    const updated = `${title} (updated)`;
    await jdName.fill(updated);
    await page.getByRole('button', { name: 'Update JD' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Update' });
    await expect(confirm.getByText('Are you sure you want to update this JD?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Update JD' }).click();
    await confirm.getByRole('button', { name: 'Yes, Update' }).click();
    await expect(page.getByText('JD updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/folders$/);
    const updatedCard = page.getByRole('link', { name: new RegExp(updated.replace(/[()]/g, '\\$&')) });
    await expect(updatedCard).toBeVisible();

    // Delete with a reason: Confirm Delete waits for one.
    await updatedCard.click();
    await expect(page.getByRole('heading', { level: 1, name: updated })).toBeVisible();
    await page.getByRole('button', { name: 'Delete JD', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Delete JD - ${updated}` });
    await expect(dialog.getByText('Provide a reason for deleting this JD:')).toBeVisible();
    await expect(dialog.getByText('The data will be moved to the bin and will be permanently deleted after 30 days.')).toBeVisible();
    const confirmDelete = dialog.getByRole('button', { name: 'Confirm Delete' });
    await expect(confirmDelete).toBeDisabled();
    const reason = dialog.getByPlaceholder('Enter reason...');
    await reason.fill('   ');
    await expect(dialog.getByText('Please provide a reason for deleting this JD.')).toBeVisible();
    await expect(confirmDelete).toBeDisabled();
    await reason.fill('Position filled internally');
    await expect(confirmDelete).toBeEnabled();
    await expectAccessible(page);
    await confirmDelete.click();
    await expect(page.getByText('JD deleted successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/folders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'JD Folders' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);

    // The bin, from the sidebar: reason, who, days left; Restore brings it back.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bin' }).click();
    await expect(page).toHaveURL(/\/bin$/);
    const entry = page.getByRole('listitem', { name: updated });
    await expect(entry.getByText('Position filled internally')).toBeVisible();
    await expect(entry.getByText(ADMIN.fullName)).toBeVisible();
    // The page counts from purgeAt with the browser's clock; earlier specs move the server's
    // test clock, so the two may differ by minutes, never by a day (the rule is unit-tested).
    await expect(entry.getByText(/^(29|30|31) days left$/)).toBeVisible();
    await expect(page.getByText('JD deleted successfully.')).toBeHidden();
    await expect(page.getByText('JD updated successfully!')).toBeHidden();
    await page.screenshot({ path: `${SCREENSHOT_DIR}jd-bin-desktop.png`, fullPage: true });
    await expectAccessible(page);
    await entry.getByRole('button', { name: `Restore ${updated}` }).click();
    await expect(page.getByText('JD restored successfully.')).toBeVisible();
    await expect(entry).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'JD Folders' }).click();
    await expect(updatedCard).toBeVisible();
  });

  test('on a 375 px phone the detail buttons collapse into a menu', async ({ page }) => {
    await page.goto('/folders');
    const created = await createJdViaApi(page, {
      jdname: 'Support Specialist (CSV)',
      jddescription: '<p>Help customers <em>succeed</em>.</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>',
      keySkills: 'Empathy, Writing, Zendesk',
      experience: '2 years in support',
      additionalNotes: '',
      resumeRequired: false,
      applyLastDate: null,
    });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/jd/${created.jdid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Support Specialist (CSV)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit JD', exact: true })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Upload CSV' })).toBeVisible();
    // Sections only when non-empty; the server's sanitiser left nothing executable.
    await expect(page.getByRole('region', { name: 'Additional Notes' })).toHaveCount(0);
    await expect(page.getByTestId('jd-description').locator('em')).toHaveText('succeed');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}jd-detail-mobile.png`, fullPage: true });

    await page.getByRole('button', { name: 'Actions' }).click();
    const menu = page.getByRole('menu', { name: 'JD actions' });
    // A CSV JD has a Job page item (which says why it cannot be published) but no autopilot.
    await expect(menu.getByRole('menuitem')).toHaveText([/Upload CSV/, 'Edit JD', 'Delete JD', 'View All Resumes', 'Board', 'Job page']);
    await expect(menu.getByRole('menuitem', { name: /Upload CSV/ })).not.toHaveAttribute('aria-disabled', 'true');
    await page.screenshot({ path: `${SCREENSHOT_DIR}jd-detail-mobile-menu.png`, fullPage: true });
    await expectAccessible(page);
    await menu.getByRole('menuitem', { name: 'View All Resumes' }).click();
    await expect(page).toHaveURL(new RegExp(`/candidate-details/${created.jdid}$`));

    // The /edit/{id} route is the same edit page.
    await page.goto(`/edit/${created.jobDescId}`);
    await expect(page.getByLabel('JD Name')).toHaveValue('Support Specialist (CSV)');
    await expect(page.getByLabel('Resume Required')).not.toBeChecked();
  });

  test('an unknown JD says Invalid JD ID.; the recent list has its 8 samples', async ({ page }) => {
    await page.goto('/jd/999999');
    await expect(page.getByText('Invalid JD ID.')).toBeVisible();

    await page.goto('/editjd/999999');
    await expect(page.getByText('Invalid JD ID.')).toBeVisible();
    await expect(page).toHaveURL(/\/folders$/);

    await page.goto('/recent');
    await expect(page.getByRole('heading', { level: 1, name: 'Recent Job Descriptions' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recent job descriptions' }).getByRole('link')).toHaveCount(8);
    await expect(page.getByRole('button', { name: 'Filter' })).toBeVisible();
  });
});
