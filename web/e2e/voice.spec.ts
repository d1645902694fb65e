import { STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { advanceSimulator, istIn } from './support/control';

test.use({ storageState: STORAGE_STATE });

test.describe('voice interviews', () => {
  test('create an assistant, schedule a call, the simulator completes it, history, analysis, recording', async ({ page }) => {
    // Create Interview Assistant: validation order, then success with the new id.
    await page.goto('/interview/create-assistant');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Interview Assistant' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Assistant' }).click();
    await expect(page.getByText('Assistant Name is required.')).toBeVisible();
    const name = `Ava ${Date.now() % 100000}`;
    await page.getByLabel('Assistant Name').fill(name);
    await page.getByRole('button', { name: 'Create Assistant' }).click();
    await expect(page.getByText('Candidate Name is required.')).toBeVisible();
    await page.getByLabel('Candidate Name').fill('Jane Pass');
    await page.locator('#role').fill('Backend Engineer');
    await page.locator('#experience').fill('5 years');
    await page.getByLabel('Interview Time').fill('30');
    // The lists grow one box at a time (up to 4 topics, 10 questions, 4 tools).
    await page.getByLabel('Topic 1', { exact: true }).fill('Rust');
    await page.getByRole('button', { name: 'Add topic' }).click();
    await page.getByLabel('Topic 2', { exact: true }).fill('PostgreSQL');
    await page.getByLabel('Question 1', { exact: true }).fill('Tell me about a service you built in Rust');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 2', { exact: true }).fill('How do you design a schema for a new feature?');
    await page.getByLabel('Tool 1', { exact: true }).fill('Docker');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Assistant' }).click();
    // The new assistant's page opens, with the spec's message and the new id.
    const created = page.getByText(/^Assistant created successfully with ID: /);
    await expect(created).toBeVisible();
    const assistantId = (await created.textContent())!.replace('Assistant created successfully with ID: ', '').trim();
    await expect(page).toHaveURL(new RegExp(`/interview/assistants/${assistantId}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // The list shows it; its detail page shows what it asks.
    await page.goto('/interview/assistants');
    await expect(page.getByRole('link', { name })).toBeVisible();
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'How do you design a schema for a new feature?' })).toBeVisible();
    await expectAccessible(page);

    // Schedule Interview Call, preselected through ?assistant=, ten minutes from now in IST.
    await page.getByRole('link', { name: 'Schedule Interview' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule Interview Call' })).toBeVisible();
    await expect(page.locator('#assistant')).toHaveValue(assistantId);
    const when = istIn(10);
    await page.getByLabel('Candidate Name').fill('Jane Pass');
    await page.getByLabel('Phone Number').fill('919876543210');
    await page.locator('#date').fill(when.date);
    await page.getByLabel('Time (IST)').fill(when.time);
    await page.getByRole('button', { name: 'Schedule Call' }).click();
    const scheduled = page.getByText(/^Call scheduled successfully! Call ID: /);
    await expect(scheduled).toBeVisible();
    const callId = (await scheduled.textContent())!.replace('Call scheduled successfully! Call ID: ', '').trim();

    // The simulator places the call and the interview runs to its end; webhooks reach us.
    await advanceSimulator(3600);

    await page.goto('/interview/history');
    const row = page.getByRole('row').filter({ hasText: callId.slice(0, 8) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Jane Pass');
    await expect(row).toContainText(name);
    await expect(row).toContainText('%');
    await row.getByRole('button', { name: /Copy call ID/ }).click();
    await expect(row.getByText('Copied!')).toBeVisible();
    await expectAccessible(page);

    await row.getByRole('link', { name: 'View Analysis' }).click();
    await expect(page).toHaveURL(new RegExp(`/analysis/${callId}$`));
    await expect(page.getByTestId('interview-status')).toHaveText('Pass');
    const technical = page.getByRole('meter', { name: 'Technical', exact: true });
    await expect(technical).toBeVisible();
    expect(Number(await technical.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(70);
    await expect(page.getByText('Interview Recording')).toBeVisible();
    await expectAccessible(page);

    // The recording plays through our signed proxy link.
    const audio = page.getByTestId('recording-audio');
    await expect(audio).toHaveAttribute('src', new RegExp(`^/api/Voice/recordings/${callId}\\?expires=\\d+&signature=[0-9a-f]+$`));
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="recording-audio"]')?.currentTime ?? 0) > 0.3);
    expect(await audio.evaluate((el) => (el as HTMLAudioElement).currentTime)).toBeGreaterThan(0);
    await expect(page.getByText('Failed to load audio file')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Call History' }).click();
    await expect(page).toHaveURL(/\/interview\/history$/);
  });

  test('delete an assistant from the list after confirming', async ({ page }) => {
    await page.goto('/interview');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Voice AI Interview' })).toBeVisible();
    const name = `Zed ${Date.now() % 100000}`;
    const status = await page.evaluate(async (assistantName) => {
      const response = await fetch('/api/Voice/assistants', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({ assistantName, candidateName: 'Kim', role: 'QA', experience: '2 years', interviewTime: '20' }),
      });
      return response.status;
    }, name);
    expect(status).toBe(200);
    await page.getByRole('link', { name: /AI Assistants/ }).click();
    await page.getByLabel('Sort by').selectOption('name');
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete assistant' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Assistant deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('an unknown call shows that no analysis is available', async ({ page }) => {
    await page.goto('/analysis/no-such-call');
    await expect(page.getByRole('heading', { name: 'Analysis not available' })).toBeVisible();
    await expect(page.getByText('Interview analysis is not available for this call.')).toBeVisible();
  });
});
