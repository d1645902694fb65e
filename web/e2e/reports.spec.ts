import { readFileSync } from 'node:fs';

import { STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { createJd, importCsv } from './support/control';

/**
 * Reports end to end (issue 34): the admin opens Reports from the navigation, narrows the funnel
 * to a job, follows a count to the candidates behind it, and downloads the funnel as CSV.
 */

test.use({ storageState: STORAGE_STATE });

const CSV_HEADER = 'jd_id,jd_name,stage,reached,skipped,current,finished_reached,pass_through,conversion';

test('an admin opens the funnel report, follows a number to its candidates and downloads the CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const jdname = `Support Lead ${stamp}`;
  await page.goto('/folders');
  const jd = await createJd(page, jdname);
  await importCsv(
    page,
    jd.jobDescId,
    `name,email,phone\nAda ${stamp},ada.${stamp}@example.com,+91 98765 43210\nBo ${stamp},bo.${stamp}@example.com,+91 98765 43211\n`,
  );

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Job').selectOption({ label: jdname });
  await expect(page).toHaveURL(new RegExp(`jdId=${jd.jdid}`));
  const funnel = page.getByTestId('funnel-report');
  await expect(funnel.getByTestId('funnel-bars-new')).toHaveText('2');
  await expect(funnel.getByTestId('funnel-progress')).toContainText('In progress 2');
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    funnel.getByRole('button', { name: 'Download Hiring funnel as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').split(/\r?\n/);
  expect(lines[0]).toBe(CSV_HEADER);
  // The total of the period (here one job's): New reached 2, both still there, none finished.
  expect(lines[1]).toBe(',Total,new,2,0,2,0,,');

  await funnel.getByTestId('funnel-bars-new').click();
  await expect(page).toHaveURL(/\/candidates\?/);
  await expect(page.getByTestId('report-filter')).toContainText('Reached New');
  // Both, and only them: the link carries the job and the stage.
  await expect(page.getByRole('link', { name: `Ada ${stamp}` }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: `Bo ${stamp}` }).first()).toBeVisible();
});
