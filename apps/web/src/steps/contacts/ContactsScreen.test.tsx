import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PEOPLE_SETTING } from '@scheduler/contracts/people-setting-keys';
import {
  officeFixture,
  orderFixture,
  renderStep,
  stubServer,
  type RecordedRequest,
} from '../../test-support/render-step.tsx';
import { personSchema } from '@scheduler/contracts/person';
import { texts } from '../../shared/texts.ts';
import ContactsScreen from './ContactsScreen.tsx';

const answer = (request: RecordedRequest) => {
  if (request.path.endsWith('/set_clients')) return { status: 200, body: { clients: [{ id: 7, first: 'Dana' }] } };
  if (request.path.includes('/set_buyers_agent')) return { status: 200, body: { id: 1_000_000_001 } };
  if (request.path.includes('/search_agents')) return { status: 200, body: [] };
  return { status: 200, body: {} };
};
const office = (settings: Array<{ key: string; value: string }>) => officeFixture({ settings_data: settings });
const homeOwner = orderFixture({ user: { type: 'CLIENT_HOMEOWNER', text: 'Home Owner', other: '' } });
const field = (scope: HTMLElement, label: string) =>
  within(scope).getByRole('textbox', { name: new RegExp(`^${label}`) });
const clientForm = () => screen.getByRole('region', { name: 'Home Owner' });
async function typeName(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, first: string, last: string) {
  await user.type(field(scope, 'First Name'), first);
  await user.type(field(scope, 'Last Name'), last);
}
const writes = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => r.path.split('/').pop());

afterEach(() => vi.unstubAllGlobals());

describe('the contacts step', () => {
  it('offers the roles as buttons when there are four or fewer, and shows no panel before a role is chosen', async () => {
    const requests = stubServer(answer);
    const user = userEvent.setup();
    renderStep(ContactsScreen, { office: office([]) });
    const group = screen.getByRole('group', { name: 'Select your role:' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Home Owner', 'Home Buyer', "Buyer's Agent", 'Other']);
    expect(screen.queryByRole('region', { name: 'Home Owner' })).toBeNull();
    await user.click(within(group).getByRole('button', { name: 'Home Owner' }));
    expect(within(group).getByRole('button', { name: 'Home Owner' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(writes(requests)).toEqual(['set_user_type']));
    expect(requests[0]!.body).toEqual({ type: 'CLIENT_HOMEOWNER', text: 'Home Owner' });
  });

  it('without field settings: first and last required, e-mail optional but checked once filled; Next sends only filled fields', async () => {
    const requests = stubServer(answer);
    const user = userEvent.setup();
    const { goTo } = renderStep(ContactsScreen, { office: office([]), order: homeOwner });
    const form = clientForm();
    expect(
      within(form)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('autocomplete')),
    ).toEqual(['given-name', 'family-name', 'email', 'tel']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(field(form, 'First Name').getAttribute('aria-invalid')).toBe('true'));
    expect(field(form, 'Last Name').getAttribute('aria-invalid')).toBe('true');
    expect(field(form, 'Email').getAttribute('aria-invalid')).toBe('false');
    expect(document.activeElement).toBe(field(form, 'First Name'));
    expect(within(form).getAllByText('Required')).toHaveLength(2);
    expect(screen.getByText('Please correct the fields marked Required.')).toBeTruthy();
    expect(writes(requests)).toEqual([]);

    await typeName(user, form, 'Dana', 'Whitfield');
    await user.type(field(form, 'Email'), 'dana@example');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(field(form, 'Email').getAttribute('aria-invalid')).toBe('true'));
    expect(writes(requests)).toEqual([]);

    await user.clear(field(form, 'Email'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('packages'));
    const saved = requests.find((r) => r.path.endsWith('/set_clients'))!;
    expect(saved.body).toEqual({ clients: [{ first: 'Dana', last: 'Whitfield' }] });
  });

  // Decision 0027: an empty required field says "Required" (spec 5.4); one filled in wrongly says what it wants.
  it('says what a wrong e-mail or phone number wants, checks phones for the company country, and writes a phone its way on leaving it', async () => {
    const requests = stubServer(answer);
    const user = userEvent.setup();
    renderStep(ContactsScreen, {
      office: office([
        { key: PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS, value: 'first,last,email' },
        { key: PEOPLE_SETTING.CLIENT_REQUIRED_FIELDS, value: 'mobile_phone' },
      ]),
      order: homeOwner,
    });
    const form = clientForm();
    await typeName(user, form, 'Jordan', 'Reyes');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(field(form, 'Mobile Phone').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText('Required')).toHaveLength(1);

    await user.type(field(form, 'Email'), 'jordan@');
    await user.type(field(form, 'Mobile Phone'), '123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await within(form).findByText('Enter an e-mail address like name@example.com');
    expect(within(form).getByText('Enter the whole mobile phone number, area code included')).toBeTruthy();
    // "123" stays as typed (it used to be shown as "(123)"), and nothing is sent.
    expect((field(form, 'Mobile Phone') as HTMLInputElement).value).toBe('123');
    expect(writes(requests)).toEqual([]);

    await user.clear(field(form, 'Mobile Phone'));
    await user.type(field(form, 'Mobile Phone'), '6145550142');
    await user.tab();
    await waitFor(() => expect((field(form, 'Mobile Phone') as HTMLInputElement).value).toBe('(614) 555-0142'));
    await user.clear(field(form, 'Email'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(writes(requests)).toContain('set_clients'));
    expect(requests.find((r) => r.path.endsWith('/set_clients'))!.body).toEqual({
      clients: [{ first: 'Jordan', last: 'Reyes', mobile_phone: '(614) 555-0142' }],
    });
  });

  it('follows the client settings: the displayed fields, and the required ones marked and checked', async () => {
    stubServer(answer);
    const user = userEvent.setup();
    renderStep(ContactsScreen, {
      office: office([
        { key: PEOPLE_SETTING.CLIENT_DISPLAY_FIELDS, value: 'first,last,work_phone' },
        { key: PEOPLE_SETTING.CLIENT_REQUIRED_FIELDS, value: 'EMAIL,city' },
      ]),
      order: homeOwner,
    });
    const form = clientForm();
    // The required fields join the displayed ones, in the form's order.
    expect(
      within(form)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['clients.0.first', 'clients.0.last', 'clients.0.email', 'clients.0.work_phone', 'clients.0.city']);
    expect(screen.queryByText('Receive SMS updates related to your order')).toBeNull();
    await typeName(user, form, 'Dana', 'Whitfield');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(field(form, 'Email').getAttribute('aria-invalid')).toBe('true'));
    expect(field(form, 'City').getAttribute('aria-invalid')).toBe('true');
    expect(field(form, 'Work Phone').getAttribute('aria-invalid')).toBe('false');
  });

  // Spec 2.7, 4.6: "Add new agent" is always the last entry, so it is there before anything is typed.
  it('offers Add new agent with nothing typed, and opens the new agent form from it without a search', async () => {
    const requests = stubServer(answer);
    const user = userEvent.setup();
    renderStep(ContactsScreen, { office: office([]), order: homeOwner });
    const panel = screen.getByRole('region', { name: "Buyer's Agent" });
    const search = within(panel).getByRole('combobox', { name: "Search for a buyer's agent" });
    await user.click(search);
    expect(search.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(panel)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Add new agent']);
    await user.keyboard('{ArrowDown}{Enter}');
    await within(panel).findByRole('textbox', { name: /^First Name/ });
    expect(requests.filter((r) => r.path.includes('/search_agents'))).toEqual([]);
  });

  it("shows a locked buyer's agent with neither Edit nor Change, and says why; the same agent unlocked may be edited (issue 42)", async () => {
    stubServer(answer);
    const jessica = personSchema.parse({
      id: 201,
      first: 'Jessica',
      last: 'Moreno',
      email: 'jessica.moreno@example.com',
      mobile_phone: '(614) 555-0120',
    });
    const withAgent = (locked: Array<'agent_email'>) =>
      orderFixture({
        user: { type: 'CLIENT_HOMEOWNER', text: 'Home Owner', other: '' },
        buyers_agent: jessica,
        locked,
      });
    const { unmount } = renderStep(ContactsScreen, { office: office([]), order: withAgent(['agent_email']) });
    let panel = screen.getByRole('region', { name: "Buyer's Agent" });
    expect(within(panel).getByText(/Jessica/)).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).getByText(texts.lockedField)).toBeTruthy();
    unmount();
    renderStep(ContactsScreen, { office: office([]), order: withAgent([]) });
    panel = screen.getByRole('region', { name: "Buyer's Agent" });
    expect(within(panel).getAllByRole('button').length).toBeGreaterThanOrEqual(2);
  });

  it("checks a new agent against the agent's settings before anything is sent", async () => {
    const requests = stubServer(answer);
    const user = userEvent.setup();
    renderStep(ContactsScreen, {
      office: office([
        { key: PEOPLE_SETTING.BA_DISPLAY_FIELDS, value: 'first,last,company' },
        { key: PEOPLE_SETTING.BA_REQUIRED_FIELDS, value: 'mobile_phone' },
      ]),
      order: homeOwner,
    });
    const panel = screen.getByRole('region', { name: "Buyer's Agent" });
    const search = within(panel).getByRole('combobox', { name: "Search for a buyer's agent" });
    await user.type(search, 'zz');
    // After the pause the list opens with "Add new agent" last; the arrow keys reach it.
    await within(panel).findByRole('option', { name: 'Add new agent' });
    await user.keyboard('{ArrowUp}{Enter}');
    const company = await within(panel).findByRole('textbox', { name: /^Company:/ });
    expect(company.getAttribute('autocomplete')).toBe('off');
    await typeName(user, panel, 'Pat', 'Lee');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(panel, 'Mobile Phone').getAttribute('aria-invalid')).toBe('true'));
    expect(requests.filter((r) => r.path.includes('set_buyers_agent'))).toEqual([]);
    await user.type(field(panel, 'Mobile Phone'), '6145550100');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    // Leaving the field (for Save) wrote the number the country's way.
    await waitFor(() =>
      expect(requests.find((r) => r.path.includes('set_buyers_agent'))?.body).toEqual({
        first: 'Pat',
        last: 'Lee',
        mobile_phone: '(614) 555-0100',
        add_new: true,
      }),
    );
    // The saved agent reads back with the phone as spec 5.5 writes it.
    await within(panel).findByText('Mobile Phone: (614) 555-0100');
  });
});
