import type { Locator, Page } from 'playwright-core';

/**
 * Picks the visitor's role on the contacts step: the "Your role" dropdown when the company offers
 * more than four roles (the demo), one button per role otherwise.
 */
export async function chooseRole(page: Page, role: string): Promise<void> {
  const dropdown = page.getByRole('combobox', { name: 'Your role' });
  const buttons = page.getByRole('group', { name: 'Select your role:' });
  await dropdown.or(buttons).first().waitFor();
  if (await dropdown.count()) await dropdown.selectOption({ label: role });
  else await buttons.getByRole('button', { name: role, exact: true }).click();
}

/** A person form's text field, by its label (a required one carries " *"). */
export const personField = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** Types a client's name, e-mail and mobile phone into the client form named `heading` ("Home Owner", "Home Buyer 2"). */
export async function fillClient(
  page: Page,
  heading: string,
  client: { first: string; last: string; email: string; phone: string },
): Promise<void> {
  const form = page.getByRole('region', { name: heading, exact: true });
  await personField(form, 'First Name').fill(client.first);
  await personField(form, 'Last Name').fill(client.last);
  if (await personField(form, 'Email').count()) await personField(form, 'Email').fill(client.email);
  if (await personField(form, 'Mobile Phone').count()) await personField(form, 'Mobile Phone').fill(client.phone);
}

/**
 * The contacts step as a home owner with one client, saved with Next: what a walk through the
 * wizard does to get past it.
 */
export async function saveHomeOwner(page: Page): Promise<void> {
  await chooseRole(page, 'Home Owner');
  await fillClient(page, 'Home Owner', {
    first: 'Dana',
    last: 'Whitfield',
    email: 'dana.whitfield@example.com',
    phone: '6145550188',
  });
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}
