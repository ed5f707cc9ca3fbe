import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saves, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import { renderPage } from '../../../test-support/render-page.tsx';
import PropertyQuestionsPage from './PropertyQuestionsPage.tsx';
import {
  DOCUMENT,
  HOME_SIZE,
  OCCUPANCY,
  SQUARE_FEET,
  UTILITIES,
  VACANT,
} from '../../../test-support/configuration-documents/property-questions-test-document.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

const { serve } = serveConfigurationOf(DOCUMENT, 'property_controls');

const renderQuestions = () =>
  renderPage(<PropertyQuestionsPage />, {
    path: '/demo/property-questions',
    pattern: '/:companyKey/property-questions',
  });
const nav = () => within(screen.getByRole('navigation', { name: 'Questions' }));
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function chooseKind(name: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Kind of answer' }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

describe('the property questions page', () => {
  it('lists the questions in order and edits the first, with its kind described and a preview', async () => {
    serve();
    renderQuestions();
    await screen.findByRole('button', { name: 'Add a question' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Property questions');
    expect(
      nav()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1. Square FeetSquare feet', '2. OccupancyList', '3. Utilities will be onCheck box']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Square Feet');
    expect(accessibleDescription(screen.getByRole('combobox', { name: 'Kind of answer' }))).toBe(
      "The home's size in square feet: a number.",
    );
    expect(
      screen.getByText(
        /What square feet adds to a price is set as the tiers of a fee, on the “Fees, taxes and coupons” page\./,
      ),
    ).toBeTruthy();
    const preview = within(screen.getByRole('region', { name: 'How visitors see it' }));
    expect((preview.getByRole('textbox', { name: 'Square Feet' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('adds a list question with two choices and a price on one, and saves exactly that', async () => {
    const requests = serve();
    renderQuestions();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a question' }));
    await waitFor(() => expect(document.activeElement).toBe(textbox('Question')));
    await enterText(textbox('Question'), 'Who lives there now?');
    await chooseKind(/^List/);
    expect(accessibleDescription(screen.getByRole('combobox', { name: 'Kind of answer' }))).toBe(
      'A list of choices to pick one from.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add a choice' }));
    await enterText(textbox('Choice 1'), 'The seller');
    await userEvent.click(screen.getByRole('button', { name: 'Add a choice' }));
    await enterText(textbox('Choice 2'), 'Nobody (vacant)');
    await userEvent.click(screen.getByLabelText('May change the price'));
    await enterText(textbox('Choice 2 adds'), '40');
    expect(screen.getByText('Its choices: The seller, Nobody (vacant) (adds $40.00).')).toBeTruthy();
    expect(
      nav()
        .getByRole('button', { name: /^4\. Who lives there now\?/ })
        .getAttribute('aria-current'),
    ).toBe('true');

    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        property_controls: [
          SQUARE_FEET,
          OCCUPANCY,
          UTILITIES,
          {
            id: 7,
            slug: 'who-lives-there-now',
            type: 'DropDown',
            label: 'Who lives there now?',
            length: 0,
            required: false,
            fee: true,
            options: [
              { id: 1, value: 'The seller' },
              { id: 2, value: 'Nobody (vacant)' },
            ],
            description: '',
            text_box_label: '',
            sort: 4,
          },
        ],
        pricing: {
          fees: [
            HOME_SIZE,
            VACANT,
            {
              code: 'question-who-lives-there-now',
              description: 'Who lives there now?',
              scope: 'order',
              services: [],
              rule: { kind: 'control', control_id: 7, checked_cents: 0, options: [{ option: 2, amount_cents: 4000 }] },
            },
          ],
          coupons: [],
        },
      },
    });
    expect(await screen.findByText('Saved as version 8. Visitors see the new questions now.')).toBeTruthy();
  });

  it('refuses an empty question at its field, and saves nothing', async () => {
    const requests = serve();
    renderQuestions();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a question' }));
    await userEvent.click(nav().getByRole('button', { name: /^1\. Square Feet/ }));
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(accessibleDescription(textbox('Question'))).toBe('Enter the question the visitor reads.'),
    );
    expect(
      nav()
        .getByRole('button', { name: /^4\. New question/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(document.activeElement).toBe(textbox('Question'));
    expect(saves(requests)).toEqual([]);
  });

  it('removes a question a fee follows only with that fee, after saying which', async () => {
    const requests = serve();
    renderQuestions();
    await userEvent.click(
      (await screen.findByRole('navigation', { name: 'Questions' }), nav()).getByRole('button', {
        name: /^2\. Occupancy/,
      }),
    );
    expect(screen.getByText('Vacant home visit')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove this question' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove “Occupancy” and its fees?' }));
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Vacant home visit']);
    await userEvent.click(dialog.getByRole('button', { name: 'Keep the question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      nav()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toContain('2. OccupancyList');

    await userEvent.click(screen.getByRole('button', { name: 'Remove this question' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove the question and its fee' }),
    );
    expect(await screen.findByText('“Occupancy” and its fees removed. Save to make it so.')).toBeTruthy();
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        property_controls: [SQUARE_FEET, UTILITIES],
        pricing: { fees: [HOME_SIZE], coupons: [] },
      },
    });
  });

  it('moves a question up and saves the new order', async () => {
    const requests = serve();
    renderQuestions();
    await userEvent.click(
      (await screen.findByRole('navigation', { name: 'Questions' }), nav()).getByRole('button', {
        name: /^3\. Utilities/,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Move up' }));
    expect(
      nav()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1. Square FeetSquare feet', '2. Utilities will be onCheck box', '3. OccupancyList']);
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, property_controls: [SQUARE_FEET, { ...OCCUPANCY, sort: 3 }, { ...UTILITIES, sort: 2 }] },
    });
  });
});
