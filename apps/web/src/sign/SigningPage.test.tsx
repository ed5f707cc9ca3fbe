import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import {
  ESIGN_CONSENT_TEXT,
  SIGNATURE_DATA_URL_MAX,
  TYPED_NAME_MAX,
  type SignBody,
  type SigningView,
} from '@scheduler/contracts/agreements';
import { createQueryClient, UnauthorizedSessions } from '../app/query-client.ts';
import { PageLayout } from '../frame/PageLayout.tsx';
import { stubServer, type RecordedRequest } from '../test-support/render-step.tsx';
import type { DrawingPadFactory } from './signature-pad.ts';
import SigningPage from './SigningPage.tsx';

const TOKEN = `${'Zx7_-'.repeat(8)}abc`;
const BASE = `/demo/json/sign/${TOKEN}`;
const SHA = 'a'.repeat(64);
const NEW_SHA = 'b'.repeat(64);

const VIEW: SigningView = {
  company_name: 'Scioto Valley Home Inspections',
  title: 'Pre-inspection agreement',
  html: '<p>The inspection is <strong>visual</strong> and not invasive.</p><img src="x" onerror="alert(1)"><script>window.hacked = 1</script><p>Fee: $450.00</p>',
  document_sha256: SHA,
  appointment: 'Tuesday, December 1st 2026 at 9:30 AM EST',
  address: '12 Elm Street\nColumbus, OH 43215',
  time_zone: 'America/New_York',
  signer: { name: 'Jane Doe', signed_at: null },
  state: 'pending',
  consent_text: ESIGN_CONSENT_TEXT,
};
const SIGNED_AT = '2026-11-20T18:05:00.000Z';
const signedView = (state: 'signed' | 'complete'): SigningView => ({
  ...VIEW,
  state,
  signer: { name: 'Jane Doe', signed_at: SIGNED_AT },
});

type Answer = { status: number; body: unknown };
const refusal = (status: number, code: string, message: string, field?: string): Answer => ({
  status,
  body: { error: field ? { code, message, field } : { code, message } },
});
/** The company the link's URL names, for the "not valid" page. */
const CONTACT = { company_name: VIEW.company_name, offices: [{ office_name: 'Columbus', office_phone: '6145550142' }] };
const INVALID = refusal(404, 'not_found', 'This signing link is not valid.');

/** The server at the network edge: the view, the signature's answer, and the company's contact for an invalid link. */
function server(handlers: { view?: () => Answer; sign?: (request: RecordedRequest) => Answer } = {}) {
  return stubServer((request) => {
    if (request.method === 'GET' && request.path === BASE) return handlers.view?.() ?? { status: 200, body: VIEW };
    if (request.method === 'POST' && request.path === BASE)
      return handlers.sign?.(request) ?? { status: 200, body: signedView('signed') };
    if (request.path === '/demo/json/manage_contact') return { status: 200, body: CONTACT };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not Found.' } } };
  });
}

/** happy-dom draws nothing on a canvas: the pad is the test's, and "drawing" is saying it holds a stroke. */
function fakePad(png = `data:image/png;base64,${'iVBORw0KGgo'.repeat(4)}AAAA`) {
  const state = { empty: true, png, cleared: 0, strokeListeners: [] as Array<() => void> };
  const factory: DrawingPadFactory = () => ({
    isEmpty: () => state.empty,
    clear: () => {
      state.empty = true;
      state.cleared += 1;
    },
    toPngDataUrl: () => state.png,
    onStroke: (listener) => state.strokeListeners.push(listener),
    destroy: () => undefined,
  });
  const draw = () =>
    act(() => {
      state.empty = false;
      for (const listener of state.strokeListeners) listener();
    });
  return { factory, draw, state };
}

function renderPage(pad = fakePad(), token = TOKEN) {
  const queryClient = createQueryClient(new UnauthorizedSessions());
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/demo/sign/${token}`]}>
        <Routes>
          <Route
            path="/:companyKey/sign/:token"
            element={<SigningPage Layout={PageLayout} createPad={pad.factory} />}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return pad;
}

const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.path === BASE).map((r) => r.body as SignBody);
const views = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === BASE);
const consent = () => screen.getByRole('checkbox', { name: ESIGN_CONSENT_TEXT });
const nameField = () => screen.getByRole('textbox', { name: /^Full name/ });
const signButton = () => screen.getByRole('button', { name: 'Sign the agreement' });
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

afterEach(() => vi.unstubAllGlobals());

/** Consent ticked and the name typed, by pointer; `typed`: the typed name chosen as the signature. */
async function fillIn(user: ReturnType<typeof userEvent.setup>, name: string, typed: boolean) {
  await user.click(await screen.findByRole('checkbox', { name: ESIGN_CONSENT_TEXT }));
  await user.type(nameField(), name);
  if (typed) await user.click(screen.getByRole('radio', { name: 'Type' }));
}

describe('the signing page (issue 43)', () => {
  it('shows the company, the agreement for the inspection, the document sanitised, and the signing form', async () => {
    server();
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pre-inspection agreement' });
    // The company sending it stands above the agreement's title.
    expect(heading.previousElementSibling?.textContent).toBe('Scioto Valley Home Inspections');
    await waitFor(() => expect(document.title).toBe('Sign: Pre-inspection agreement | Scioto Valley Home Inspections'));
    expect(screen.getByText('Tuesday, December 1st 2026 at 9:30 AM EST')).toBeTruthy();
    expect(screen.getByText(/12 Elm Street/).textContent).toBe('12 Elm Street\nColumbus, OH 43215');

    const document_ = screen.getByTestId('agreement-document');
    expect(document_.textContent).toBe('The inspection is visual and not invasive.Fee: $450.00');
    expect(document_.querySelector('strong')?.textContent).toBe('visual');
    // Company HTML is cleaned again here: no script, no image with a handler.
    expect(document_.querySelector('script, img, [onerror]')).toBeNull();

    expect(consent()).toBeTruthy();
    expect((consent() as HTMLInputElement).checked).toBe(false);
    expect(nameField().getAttribute('maxlength')).toBe(String(TYPED_NAME_MAX));
    expect((screen.getByRole('radio', { name: 'Draw' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Type' })).toBeTruthy();
    // The drawing area is named, and says in words how to sign without drawing.
    const canvas = screen.getByRole('img', { name: 'Signature drawing area' });
    expect(canvas.tagName).toBe('CANVAS');
    expect(describedBy(canvas)).toContain('To sign with the keyboard or a screen reader, choose "Type"');
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /PDF/ })).toBeNull();
  });

  it('requires the consent before anything is sent', async () => {
    const requests = server();
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: /^Full name/ }), 'Jane Doe');
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    await user.click(signButton());
    expect(await screen.findByText('Tick the box to agree to sign electronically.')).toBeTruthy();
    expect(consent().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(consent())).toBe('Tick the box to agree to sign electronically.');
    expect(posts(requests)).toEqual([]);
  });

  it('requires the full name, and takes one of exactly the longest length', async () => {
    const requests = server();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: ESIGN_CONSENT_TEXT }));
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    await user.type(nameField(), '   ');
    await user.click(signButton());
    expect(await screen.findByText('Type your full name.')).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(posts(requests)).toEqual([]);

    // One character more than the longest name cannot be typed: the longest is sent whole.
    const longest = 'J'.repeat(TYPED_NAME_MAX);
    await user.clear(nameField());
    await user.type(nameField(), `${longest}x`);
    expect((nameField() as HTMLInputElement).value).toBe(longest);
    await user.click(signButton());
    await waitFor(() => expect(posts(requests).map((body) => body.typed_name)).toEqual([longest]));
  });

  it('signs with the typed name by keyboard alone, sends the document it showed, and says where the signing stands', async () => {
    const requests = server();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Pre-inspection agreement' });

    /** Tab (never the mouse) until `target` has the focus. */
    const tabTo = async (target: HTMLElement) => {
      for (let presses = 0; document.activeElement !== target && presses < 40; presses += 1) await user.tab();
      expect(document.activeElement).toBe(target);
    };
    await tabTo(consent());
    await user.keyboard(' ');
    await tabTo(nameField());
    await user.keyboard('  Jane Q. Doe ');
    await tabTo(screen.getByRole('radio', { name: 'Draw' }));
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: 'Type' }) as HTMLInputElement).checked).toBe(true);
    // The typed name is shown as the adopted signature, and the drawing area is out of the way.
    expect(screen.getByTestId('typed-signature').textContent).toBe('Jane Q. Doe');
    expect(screen.queryByRole('img', { name: 'Signature drawing area' })).toBeNull();
    await tabTo(signButton());
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(posts(requests)).toEqual([
        {
          consent: true,
          typed_name: 'Jane Q. Doe',
          method: 'typed',
          signature_png: null,
          document_sha256: SHA,
        },
      ]),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Signed' })).toBeTruthy();
    expect(screen.getByText('You signed on Friday, November 20th 2026 at 1:05 PM EST.')).toBeTruthy();
    expect(screen.getByText(/the other client\(s\) have signed too/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /PDF/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign the agreement' })).toBeNull();
  });

  it('sends a drawn signature as its PNG, and asks for one when nothing is drawn', async () => {
    const requests = server();
    const user = userEvent.setup();
    const pad = renderPage();
    await fillIn(user, 'Jane Doe', false);
    await user.click(signButton());
    const required = 'Draw your signature, or choose "Type" to sign with your typed name.';
    expect(await screen.findByText(required)).toBeTruthy();
    expect(describedBy(screen.getByRole('img', { name: 'Signature drawing area' }))).toContain(required);
    expect(posts(requests)).toEqual([]);

    await pad.draw();
    expect(screen.queryByText(required)).toBeNull();
    await user.click(signButton());
    await waitFor(() =>
      expect(posts(requests)).toEqual([
        {
          consent: true,
          typed_name: 'Jane Doe',
          method: 'drawn',
          signature_png: pad.state.png,
          document_sha256: SHA,
        },
      ]),
    );
  });

  it('Clear empties the drawing', async () => {
    const requests = server();
    const user = userEvent.setup();
    const pad = renderPage();
    await fillIn(user, 'Jane Doe', false);
    await pad.draw();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(pad.state.cleared).toBe(1);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('The drawing is cleared.');
    await user.click(signButton());
    expect(await screen.findByText(/Draw your signature, or choose "Type"/)).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it('sends a drawing of exactly the largest size, and refuses a larger one here with what to do', async () => {
    const prefix = 'data:image/png;base64,';
    const requests = server();
    const user = userEvent.setup();
    const pad = renderPage(fakePad(`${prefix}${'A'.repeat(SIGNATURE_DATA_URL_MAX - prefix.length + 1)}`));
    await fillIn(user, 'Jane Doe', false);
    await pad.draw();
    await user.click(signButton());
    expect(await screen.findByText(/Your drawing is too large to send/)).toBeTruthy();
    expect(posts(requests)).toEqual([]);

    pad.state.png = `${prefix}${'A'.repeat(SIGNATURE_DATA_URL_MAX - prefix.length)}`;
    await user.click(signButton());
    await waitFor(() =>
      expect(posts(requests).map((body) => body.signature_png?.length)).toEqual([SIGNATURE_DATA_URL_MAX]),
    );
  });

  it('signs once however fast the button is pressed twice', async () => {
    const requests = server();
    const user = userEvent.setup();
    renderPage();
    await fillIn(user, 'Jane Doe', true);
    await user.dblClick(signButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Signed' })).toBeTruthy();
    expect(posts(requests)).toHaveLength(1);
  });

  it('offers the signed PDF once the agreement is complete', async () => {
    server({ view: () => ({ status: 200, body: signedView('complete') }) });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Download the signed agreement (PDF)' });
    expect(link.getAttribute('href')).toBe(`${BASE}/pdf`);
    expect(screen.getByText('Everyone has signed: the agreement is complete.')).toBeTruthy();
    expect(screen.queryByText(/the other client\(s\)/)).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows one "not valid" page for an unknown, voided or tampered link, naming nothing of the order', async () => {
    const requests = server({ view: () => INVALID });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link is not valid' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '(614) 555-0142' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Pre-inspection agreement');
    expect(document.body.textContent).not.toContain('Elm Street');
    expect(requests.map((request) => request.path)).toEqual([BASE, '/demo/json/manage_contact']);
  });

  it('asks nothing with a link that is not a signing link at all', async () => {
    const requests = server();
    renderPage(fakePad(), 'not-a-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link is not valid' })).toBeTruthy();
    await waitFor(() => expect(requests.map((request) => request.path)).toEqual(['/demo/json/manage_contact']));
  });

  it('shows the "not valid" page when the link ends while the signer signs', async () => {
    server({ sign: () => INVALID });
    const user = userEvent.setup();
    renderPage();
    await fillIn(user, 'Jane Doe', true);
    await user.click(signButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'This signing link is not valid' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('visual and not invasive');
  });

  it('says the agreement changed, reads it again and keeps what was typed; the next signature binds the new document', async () => {
    let viewed = 0;
    const changed = { ...VIEW, html: '<p>Revised: the fee is $475.00.</p>', document_sha256: NEW_SHA };
    const requests = server({
      view: () => ({ status: 200, body: viewed++ === 0 ? VIEW : changed }),
      sign: (request) =>
        (request.body as SignBody).document_sha256 === SHA
          ? refusal(409, 'conflict', 'The agreement changed.')
          : { status: 200, body: signedView('signed') },
    });
    const user = userEvent.setup();
    renderPage();
    await fillIn(user, 'Jane Doe', true);
    await user.click(signButton());

    expect((await screen.findByRole('alert')).textContent).toContain(
      'The agreement changed since you opened this page',
    );
    expect(await screen.findByText('Revised: the fee is $475.00.')).toBeTruthy();
    expect(views(requests)).toHaveLength(2);
    expect((nameField() as HTMLInputElement).value).toBe('Jane Doe');
    expect((consent() as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Type' }) as HTMLInputElement).checked).toBe(true);

    await user.click(signButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Signed' })).toBeTruthy();
    expect(posts(requests).map((body) => body.document_sha256)).toEqual([SHA, NEW_SHA]);
  });

  it("shows the server's refusal of a field beside it, keeping what was typed", async () => {
    const message = 'Type your full name as letters, not symbols only.';
    server({ sign: () => refusal(400, 'invalid_request', message, 'typed_name') });
    const user = userEvent.setup();
    renderPage();
    await fillIn(user, '***', true);
    await user.click(signButton());
    await waitFor(() => expect(describedBy(nameField())).toBe(message));
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect((nameField() as HTMLInputElement).value).toBe('***');
    expect((consent() as HTMLInputElement).checked).toBe(true);
    // Said once, beside the field: not again in a notice.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal of the drawing beside it, the drawing kept", async () => {
    const message = 'a PNG image as a data URL';
    const requests = server({
      sign: () => refusal(400, 'invalid_request', message, 'signature_png'),
    });
    const user = userEvent.setup();
    const pad = renderPage();
    await fillIn(user, 'Jane Doe', false);
    await pad.draw();
    await user.click(signButton());
    const canvas = screen.getByRole('img', { name: 'Signature drawing area' });
    await waitFor(() => expect(describedBy(canvas)).toContain(message));
    expect(pad.state.cleared).toBe(0);
    expect(pad.state.empty).toBe(false);
    expect((nameField() as HTMLInputElement).value).toBe('Jane Doe');
    expect(posts(requests)).toHaveLength(1);
    expect(within(canvas.parentElement!.parentElement!).getByRole('alert').textContent).toBe(message);
  });
});
