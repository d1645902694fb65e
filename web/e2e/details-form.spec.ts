/**
 * Settings › Details form in Chromium: an admin turns the current-pay question off and names
 * another office; the candidate's details form no longer asks it, and names that office.
 */
import { SIZES, STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { api, createAssistant, createJd, importCsv } from './support/control';
import { snapshotOutbox, waitForMail } from './support/outbox';

test.use({ storageState: STORAGE_STATE });

test.describe('the details form an admin configures', () => {
  // The form is the deployment's: the other specs expect the spec's form back.
  test.afterEach(async ({ page }) => {
    await api(page, 'DELETE', '/api/Settings/DetailsForm');
  });

  for (const size of SIZES) {
    test(`turning off Current CTC takes it off the candidate’s form (${size.name})`, async ({ page, browser, baseURL }) => {
      await page.setViewportSize(size.viewport);
      const stamp = Date.now();
      const email = `dina.${stamp}@example.com`;
      await page.goto('/');
      const jd = await createJd(page, `Details form ${stamp}`);
      await importCsv(page, jd.jobDescId, `Name,Email,Phone\nDina Form,${email},9811223344\n`);
      const [row] = await api<Array<{ resumeId: number }>>(page, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
      const assistant = await createAssistant(
        page,
        `Form assistant ${stamp}`,
        'Support Agent',
        ['Empathy'],
        ['Tell me about a hard ticket'],
      );
      const outbox = snapshotOutbox();
      await api(page, 'POST', '/api/Interview/SendInvites', {
        jobDescId: jd.jobDescId,
        assistantId: assistant,
        resumeIds: [row!.resumeId],
      });
      const invitation = await waitForMail({ email, subject: 'Interview invitation', before: outbox });
      const inviteId = /\/nextstep\?inviteId=([\w-]+)/.exec(invitation.find((p) => p.type.startsWith('text/plain'))!.text)![1]!;

      // The admin opens Settings › Details form: the spec's questions, with the note on pay.
      await page.goto('/settings/details-form');
      const current = page.getByRole('group', { name: 'Current CTC (LPA)' });
      await expect(current.getByText(/banned in many US states and cities/)).toBeVisible();
      await expectAccessible(page);
      await current.getByRole('checkbox', { name: 'Asked' }).uncheck();
      await page.getByLabel('Office', { exact: true }).fill('Berlin');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Details form saved.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Restore the default form' })).toBeVisible();
      await expectAccessible(page);

      // The candidate's form no longer asks for current pay, and names the office.
      const context = await browser.newContext({ baseURL, storageState: undefined, viewport: size.viewport });
      const candidate = await context.newPage();
      await candidate.goto(`/interview/candidate-details?inviteId=${inviteId}`);
      await expect(candidate.getByLabel(/^Expected CTC \(LPA\)/)).toBeVisible();
      await expect(candidate.getByLabel(/^Current CTC/)).toHaveCount(0);
      await expect(candidate.getByRole('group', { name: 'Are you willing to work from our Berlin office?' })).toBeVisible();
      await expectAccessible(candidate);
      await context.close();
    });
  }
});
