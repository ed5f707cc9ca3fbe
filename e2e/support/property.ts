import type { Page } from 'playwright-core';

/** Answers the demo company's required property questions (examples/demo-company.json), so Next can save them. */
export async function answerDemoPropertyQuestions(
  page: Page,
  answers: { sqft?: string; yearBuilt?: string } = {},
): Promise<void> {
  await page.getByRole('textbox', { name: /^Square Feet/ }).fill(answers.sqft ?? '2400');
  await page.getByRole('textbox', { name: /^Year Built/ }).fill(answers.yearBuilt ?? '1987');
  await page.getByRole('combobox', { name: 'Foundation' }).selectOption({ label: 'Basement' });
  await page.getByRole('combobox', { name: 'Occupancy' }).selectOption({ label: 'Vacant' });
  await page.getByRole('checkbox', { name: 'Water, gas and electric will be on' }).check();
}
