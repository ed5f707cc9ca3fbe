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
import ContactsScreen from './ContactsScreen.tsx';
import { returningAgentTexts } from './ReturningAgent.tsx';

const buyersAgent = orderFixture({ user: { type: 'BUYERS_AGENT', text: "Buyer's Agent", other: '' } });
const JESSICA = {
  id: 201,
  first: 'Jessica',
  last: 'Moreno',
  email: 'jessica.moreno@olentangyrealtygroup.com',
  mobile_phone: '(614) 555-0120',
  agency: 'Olentangy Realty Group',
  receives_sms: false,
  editing_allowed: true,
  company_name: 'Scioto Valley Home Inspections',
  book_path: '/demo/online-scheduler/5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
};
const SENT =
  "If this e-mail address is one of our agents', we have sent it a sign-in link. It works once, for 15 minutes.";

function answers(signedIn: boolean) {
  return (request: RecordedRequest) => {
    if (request.path.endsWith('/json/agents/me'))
      return signedIn
        ? { status: 200, body: JESSICA }
        : { status: 401, body: { error: { code: 'unauthenticated', message: 'Please sign in to the agent portal.' } } };
    if (request.path.endsWith('/json/agents/sign-in')) return { status: 202, body: { message: SENT } };
    if (request.path.endsWith('/json/agents/clients'))
      return {
        status: 200,
        body: {
          clients: [{ first: 'Dana', last: 'Buyer', email: 'dana@example.com', mobile_phone: '(614) 555-0199' }],
        },
      };
    if (request.path.includes('/search_agents'))
      return {
        status: 200,
        body: [
          { id: 205, display: 'Someone Else', add_new: false, first: 'Someone', last: 'Else', email: JESSICA.email },
          {
            id: 201,
            display: 'Jessica Moreno',
            add_new: false,
            first: 'Jessica',
            last: 'Moreno',
            email: JESSICA.email,
          },
        ],
      };
    if (request.path.includes('/set_buyers_agent')) return { status: 200, body: { id: 201 } };
    return { status: 200, body: {} };
  };
}
const office = (settings: Array<{ key: string; value: string }> = []) => officeFixture({ settings_data: settings });

afterEach(() => vi.unstubAllGlobals());

describe('a returning agent on the contacts step', () => {
  it('asks for a sign-in link and says "Welcome back" only after the server answered, whatever the address', async () => {
    const requests = stubServer(answers(false));
    const user = userEvent.setup();
    renderStep(ContactsScreen, { office: office(), order: buyersAgent });
    await screen.findByText(returningAgentTexts.returning);
    expect(screen.queryByText(returningAgentTexts.welcomeBack)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: returningAgentTexts.email }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: returningAgentTexts.send }));
    await screen.findByText(returningAgentTexts.invalid);
    expect(requests.some((r) => r.path.endsWith('/sign-in'))).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: returningAgentTexts.email }));
    await user.type(screen.getByRole('textbox', { name: returningAgentTexts.email }), JESSICA.email);
    await user.click(screen.getByRole('button', { name: returningAgentTexts.send }));
    await screen.findByText(returningAgentTexts.welcomeBack);
    const asked = requests.filter((r) => r.path.endsWith('/json/agents/sign-in'));
    expect(asked.map((r) => [r.method, r.body])).toEqual([['POST', { email: JESSICA.email }]]);
    // No agent was chosen for them: only the mailbox opens their record.
    expect(requests.some((r) => r.path.includes('/set_buyers_agent'))).toBe(false);
  });

  it("fills in a signed-in agent's own directory record, keeps it theirs, and offers their recent clients", async () => {
    const requests = stubServer(answers(true));
    const user = userEvent.setup();
    renderStep(ContactsScreen, { office: office(), order: buyersAgent });
    await waitFor(() => expect(requests.some((r) => r.path.includes('/set_buyers_agent'))).toBe(true));
    const picked = requests.find((r) => r.path.includes('/set_buyers_agent'))!;
    expect(picked.body).toMatchObject({ id: 201, first: 'Jessica', last: 'Moreno', email: JESSICA.email });
    await screen.findByText(returningAgentTexts.signedIn('Jessica Moreno'));
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByText(returningAgentTexts.returning)).toBeNull();

    await user.click(await screen.findByRole('combobox', { name: returningAgentTexts.recentClients }));
    await user.click(await screen.findByRole('option', { name: /Dana Buyer/ }));
    const client = screen.getByRole('region', { name: 'Home Buyer' });
    expect((within(client).getByRole('textbox', { name: /^First Name/ }) as HTMLInputElement).value).toBe('Dana');
    expect((within(client).getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe(
      'dana@example.com',
    );
  });

  it('keeps Edit to the company: off with DO_NOT_ALLOW_EDIT_AGENTS_INFO', async () => {
    stubServer(answers(true));
    renderStep(ContactsScreen, {
      office: office([{ key: PEOPLE_SETTING.DO_NOT_ALLOW_EDIT_AGENTS_INFO, value: '1' }]),
      order: buyersAgent,
    });
    await screen.findByText(returningAgentTexts.signedIn('Jessica Moreno'));
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
