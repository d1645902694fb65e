import { STORAGE_STATE, expect, expectAccessible, test } from './fixtures';
import { advanceSimulator, api, istIn } from './support/control';

test.use({ storageState: STORAGE_STATE });

const QUESTION = 'Tell me about a service you built in Rust';

/**
 * The simulator's passing candidate ("Jane Pass") answers with one of three stories, picked by the
 * call; one key point per story, so whichever it tells covers a point with a quote.
 */
const KEY_POINTS = [
  'Measured first, wrote down the trade-offs and shipped behind a flag',
  'Added tests around the critical paths, then moved traffic gradually',
  'Profiled a slow endpoint and batched an N+1 query',
];

test.describe('answer grades', () => {
  test('key points set on the assistant, a covered point quoted on the analysis page, the quote seeks the recording', async ({ page }) => {
    await page.goto('/interview');
    const name = `Gus ${Date.now() % 100000}`;
    const { id: assistantId } = await api<{ id: string }>(page, 'POST', '/api/Voice/assistants', {
      assistantName: name,
      candidateName: 'Jane Pass',
      role: 'Backend Engineer',
      experience: '5 years',
      interviewTime: '30',
      topics: ['Rust'],
      questions: [QUESTION],
      tools: [],
    });

    // What a strong answer covers, on the assistant's page.
    await page.goto(`/interview/assistants/${assistantId}`);
    const rubric = page.getByRole('region', { name: 'What a strong answer covers' });
    await expect(rubric.getByRole('group', { name: `1. ${QUESTION}` })).toBeVisible();
    for (const [i, point] of KEY_POINTS.entries()) {
      await rubric.getByRole('button', { name: 'Add key point to question 1' }).click();
      await rubric.getByRole('textbox', { name: `Question 1, key point ${i + 1}` }).fill(point);
    }
    await rubric.getByLabel('Measures').selectOption('technical');
    await rubric.getByRole('button', { name: 'Save key points' }).click();
    await expect(page.getByText('Key points saved. Interviews from now on are graded against them.')).toBeVisible();
    await expectAccessible(page);

    // The simulator places the call and runs it to its end.
    const when = istIn(10);
    const call = await api<{ id?: string }>(page, 'POST', '/api/Voice/calls', {
      assistantId,
      candidateName: 'Jane Pass',
      phone: '919876543210',
      date: when.date,
      time: when.time,
    });
    expect(call.id).toBeTruthy();
    await advanceSimulator(3600);

    await page.goto(`/analysis/${call.id}`);
    const grades = page.getByRole('list', { name: 'Answer grades by question' });
    // The grading may land after the call's report: reload until it is there.
    await expect(async () => {
      await page.reload();
      await expect(grades).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: 'Answer grades' })).toContainText('Graded by assess-');
    await expect(page.getByRole('region', { name: "Second opinion: the provider's analysis" })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'Technical', exact: true })).toBeVisible();
    await expect(page.getByText("Scores inform a recruiter's decision; Pass or Fail is always set by a person.")).toBeVisible();

    // A covered point quotes the candidate; the words are marked in the transcript.
    const quote = grades.getByRole('list', { name: 'Covered' }).getByRole('button').first();
    await expect(quote).toBeVisible();
    const label = (await quote.textContent()) ?? '';
    const words = /“(.+)”/.exec(label)?.[1] ?? '';
    expect(words, 'the quote shows the candidate’s words').not.toBe('');
    await expect(page.getByRole('list', { name: 'Transcript' }).locator('mark', { hasText: words })).toBeVisible();
    await expectAccessible(page);

    // Clicking the quote seeks the recording to where it is said.
    const [, minutes, seconds] = /at (\d+):(\d\d)$/.exec(label) ?? [];
    expect(minutes, 'the quote says where in the recording it is').toBeDefined();
    await quote.click();
    const audio = page.getByTestId('recording-audio');
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).currentTime))
      .toBeGreaterThanOrEqual(Number(minutes) * 60 + Number(seconds));
    await expect(page.getByText('Failed to load audio file')).toHaveCount(0);
  });
});
