import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import type { DirectoryReview } from '@scheduler/contracts/directory-review';
import type { PublicPerson } from '@scheduler/contracts/public-api';
import { OFFICE_ME } from '../../../test-support/fixtures.ts';
import { refusal, renderPage, stubServer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import DirectoryReviewPage from './DirectoryReviewPage.tsx';

const OWNER_ME: ConsoleMe = { ...OFFICE_ME, memberships: [{ ...OFFICE_ME.memberships[0]!, role: 'owner' }] };
const BASE = '/api/console/companies/demo/directory';

const person = (id: string, first: string, last: string, more: Partial<PublicPerson> = {}): PublicPerson => ({
  id,
  role: 'real_estate_agent',
  first,
  last,
  email: '',
  mobile_phone: '',
  work_phone: '',
  home_phone: '',
  work_fax: '',
  home_fax: '',
  company: '',
  agency: '',
  contact_type: null,
  address1: '',
  address2: '',
  city: '',
  postal_code: '',
  added_online: false,
  source: 'directory',
  external_id: null,
  awaiting_review: false,
  ...more,
});
const JESS = person('agent_1000000001', 'Jess', 'Moreno', {
  email: 'jessica@olentangy.example',
  source: 'visitor',
  added_online: true,
  awaiting_review: true,
});
const JESSICA = person('agent_201', 'Jessica', 'Moreno', { email: 'jessica@olentangy.example' });
const NEW = person('agent_1000000002', 'Nia', 'Brooks', {
  source: 'visitor',
  added_online: true,
  awaiting_review: true,
});
const BRIAN = person('agent_202', 'Brian', 'Kowalski', { email: 'shared@example.com' });
const BRIANNA = person('agent_230', 'Brianna', 'Kowal', { email: 'shared@example.com' });

function serve(answers: { merge?: { status: number; body: unknown } } = {}): RecordedRequest[] {
  let review: DirectoryReview = {
    awaiting: [
      { person: JESS, duplicates: [JESSICA] },
      { person: NEW, duplicates: [] },
    ],
    awaiting_total: 2,
    shared_emails: [{ email: 'shared@example.com', people: [BRIAN, BRIANNA] }],
  };
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: OWNER_ME };
    if (request.path === `${BASE}/review?type=agents`) return { status: 200, body: review };
    if (request.path === `${BASE}/review?type=contacts`)
      return { status: 200, body: { awaiting: [], awaiting_total: 0, shared_emails: [] } };
    if (request.path === `${BASE}/people/${NEW.id}/accept`) {
      review = { ...review, awaiting: review.awaiting.filter((each) => each.person.id !== NEW.id), awaiting_total: 1 };
      return { status: 200, body: { ...NEW, awaiting_review: false } };
    }
    if (request.path.endsWith('/merge')) {
      if (answers.merge) return answers.merge;
      review = { ...review, awaiting: review.awaiting.filter((each) => each.person.id !== JESS.id), awaiting_total: 1 };
      return { status: 200, body: { person: JESSICA, orders_repointed: 3 } };
    }
    return undefined;
  });
}

const renderReview = () =>
  renderPage(<DirectoryReviewPage />, { path: '/demo/directory-review', pattern: '/:companyKey/directory-review' });

afterEach(() => vi.unstubAllGlobals());

describe('the directory review page', () => {
  it('lists the people awaiting review with their likely duplicates, and the e-mails several people share', async () => {
    serve();
    renderReview();
    expect(await screen.findByRole('heading', { name: 'Awaiting review (2)' })).toBeTruthy();
    const jess = screen.getByRole('listitem', { name: 'Jess Moreno' });
    expect(jess.textContent).toContain('jessica@olentangy.example');
    expect(jess.textContent).toContain('added online');
    expect(within(jess).getByRole('button', { name: 'Merge into Jessica Moreno' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Nia Brooks' }).textContent).toContain('No likely duplicate.');
    const shared = screen.getByRole('listitem', { name: 'shared@example.com' });
    expect(within(shared).getByRole('button', { name: 'Merge Brianna Kowal into Brian Kowalski' })).toBeTruthy();
    // The first in the directory is kept: no button merges him away.
    expect(within(shared).queryByRole('button', { name: /^Merge Brian Kowalski/ })).toBeNull();
  });

  it('accepts a person, and says so', async () => {
    const requests = serve();
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Nia Brooks' }));
    expect(await screen.findByText('Nia Brooks was accepted.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `${BASE}/people/${NEW.id}/accept`,
    ]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Nia Brooks' })).toBeNull());
  });

  it('merges only once confirmed, sending who goes into whom, and says how many bookings moved', async () => {
    const requests = serve();
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Merge into Jessica Moreno' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge Jess Moreno into Jessica Moreno?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep both' }));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Merge into Jessica Moreno' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Jess Moreno was merged into Jessica Moreno; 3 bookings name Jessica Moreno now.'));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      expect.objectContaining({ path: `${BASE}/people/${JESS.id}/merge`, body: { into: JESSICA.id } }),
    ]);
  });

  it('shows a refused merge in its dialog, with the reason', async () => {
    serve({
      merge: refusal(409, 'already_merged', 'agent_1000000001 was merged into agent_201 on 2027-03-01 by Olive.'),
    });
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Merge into Jessica Moreno' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Merge' }));
    expect(await within(screen.getByRole('dialog')).findByText(/was merged into agent_201/)).toBeTruthy();
  });

  it('shows the contacts on asking', async () => {
    serve();
    renderReview();
    await screen.findByRole('heading', { name: 'Awaiting review (2)' });
    await userEvent.click(screen.getByRole('button', { name: 'Contacts' }));
    expect(await screen.findByText('No one is awaiting review.')).toBeTruthy();
    expect(screen.getByText('No two people share an e-mail address.')).toBeTruthy();
  });
});
