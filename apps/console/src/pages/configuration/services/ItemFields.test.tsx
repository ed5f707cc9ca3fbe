import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { enterText } from '../../../test-support/enter-text.ts';
import { PackageEditor } from './PackageEditor.tsx';
import { ServiceEditor } from './ServiceEditor.tsx';
import { MAX_DURATION, servicesFormValues, type ServicesFormValues } from './services-form.ts';
import {
  DOCUMENT,
  HOME,
  RADON,
  service,
  TESTING,
} from '../../../test-support/configuration-documents/services-test-document.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

/**
 * A service's and a package's editors in a form of their own, on the services page's document
 * (a pay-at-closing service added): the fields both share, what each adds, and the values the
 * form holds as they are edited.
 */

const PAC = 'a1c0ffee-0000-4000-8000-000000000020';
const LOADED = servicesFormValues({
  ...DOCUMENT,
  services: [...DOCUMENT.services, service(PAC, 'Pay at closing', 70, { is_pac: true })],
});

function renderEditor(editor: 'service' | 'package', uuid = HOME) {
  const held: { form?: UseFormReturn<ServicesFormValues> } = {};
  const index = LOADED.services.findIndex((s) => s.uuid === uuid);
  function Harness() {
    const form = useForm<ServicesFormValues>({ defaultValues: LOADED });
    held.form = form;
    return editor === 'service' ? (
      <ServiceEditor form={form} index={index} currency="USD" />
    ) : (
      <PackageEditor form={form} index={0} currency="USD" />
    );
  }
  render(<Harness />);
  return { form: () => held.form!, index };
}

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const check = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe("a service's editor", () => {
  it('shows the fields a service has, in the order visitors meet them, each with its help', () => {
    renderEditor('service');
    expect(screen.getAllByRole('textbox').map((field) => field.getAttribute('name'))).toEqual(
      ['name', 'description', 'price', 'duration', 'prepare'].map((name) => `services.0.${name}`),
    );
    expect(box('Name').value).toBe('Single-Family Home Inspection');
    expect(box('Price').value).toBe('425.00');
    expect(accessibleDescription(box('Name'))).toBe('What visitors see; 1 to 200 characters.');
    expect(accessibleDescription(box('Description'))).toBe(
      'Shown under the name. Up to 20,000 characters; simple HTML such as <b> is kept.',
    );
    expect(accessibleDescription(box('Price'))).toBe('In USD, 0 to 1000000.00, like 425.00.');
    expect(accessibleDescription(box('Length (minutes)'))).toBe(`How long the inspector needs: 0 to ${MAX_DURATION}.`);
    expect(accessibleDescription(box('What to prepare'))).toBe(
      'Told in the confirmation and reminders, like “Utilities must be on”. Up to 1000 characters.',
    );
    expect(accessibleDescription(check(/^Rush report available/))).toBe(
      'Its repair estimate report can be rushed, for the rush report fee.',
    );
    expect(check(/^Rush report available/).checked).toBe(true);
    expect(check(/^Add-on/).checked).toBe(false);
    // A phone's keyboard for the numbers, on the inputs themselves (not on the fields' wrappers).
    expect(box('Price').getAttribute('inputmode')).toBe('decimal');
    expect(box('Length (minutes)').getAttribute('inputmode')).toBe('numeric');
  });

  it('hides the price, the length and how it is offered for a heading, and keeps them for when it is not', async () => {
    const { form } = renderEditor('service');
    await userEvent.click(check(/^Heading only/));
    expect(screen.queryByRole('textbox', { name: 'Price' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Length (minutes)' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Add-on/ })).toBeNull();
    expect(box('What to prepare')).toBeTruthy();
    expect(form().getValues('services.0')).toMatchObject({ label: true, price: '425.00', duration: '180', rer: true });

    await userEvent.click(check(/^Heading only/));
    expect(box('Price').value).toBe('425.00');
  });

  it('opens a heading of the document as one: no price, no length', () => {
    renderEditor('service', TESTING);
    expect(check(/^Heading only/).checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Price' })).toBeNull();
  });

  it('writes what is typed and ticked into its own service', async () => {
    const { form, index } = renderEditor('service', RADON);
    await userEvent.clear(box('Price'));
    await enterText(box('Price'), '175');
    await userEvent.click(check(/^Pay at closing/));
    expect(form().getValues(`services.${index}`)).toMatchObject({ uuid: RADON, price: '175', isPac: true });
    expect(form().getValues('services.0.price')).toBe('425.00');
  });
});

describe("a package's editor", () => {
  const included = () =>
    within(screen.getByRole('group', { name: 'Services it includes' }))
      .getAllByRole('checkbox')
      .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]);

  it('offers the services visitors can book, not headings or pay at closing, its own ticked', () => {
    renderEditor('package');
    expect(included()).toEqual([
      ['Single-Family Home Inspection', true],
      ['Radon Testing', false],
    ]);
    expect(accessibleDescription(box('Description'))).toBe(
      'Shown on the package. Up to 20,000 characters; simple HTML such as <b> is kept.',
    );
    expect(accessibleDescription(box('What to prepare'))).toBe('Told with its services’ own. Up to 1000 characters.');
  });

  it("says what a length of 0 comes to now: the sum of its services' lengths", async () => {
    const { form } = renderEditor('package');
    expect(accessibleDescription(box('Length (minutes)'))).toBe(
      `0 to ${MAX_DURATION}. 0 means the sum of its services’ lengths (now 180 minutes).`,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Radon Testing' }));
    expect(accessibleDescription(box('Length (minutes)'))).toContain('(now 240 minutes)');
    expect(form().getValues('packages.0.services')).toEqual([HOME, RADON]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Single-Family Home Inspection' }));
    expect(accessibleDescription(box('Length (minutes)'))).toContain('(now 60 minutes)');
    expect(form().getValues('packages.0.services')).toEqual([RADON]);
  });

  it('asks for the badge text only with the best value badge', async () => {
    const { form } = renderEditor('package');
    expect(screen.queryByRole('textbox', { name: 'Badge text' })).toBeNull();
    await userEvent.click(check(/^Best value badge/));
    await enterText(box('Badge text'), 'Most popular');
    expect(accessibleDescription(box('Badge text'))).toBe(
      'Up to 60 characters, like “Most popular”. Empty: “Best Offer!”.',
    );
    expect(form().getValues('packages.0')).toMatchObject({ best: true, bestText: 'Most popular' });
  });

  it('says a refusal of its services where they are chosen', async () => {
    const { form } = renderEditor('package');
    const helpOf = () =>
      accessibleDescription(
        screen.getByRole('group', { name: 'Services it includes' }).querySelector('[aria-describedby]')!,
      );
    expect(helpOf()).toBe('At least one.');
    act(() => form().setError('packages.0.services', { message: 'Choose at least one service for the package.' }));
    expect(helpOf()).toBe('Choose at least one service for the package.');
  });
});
