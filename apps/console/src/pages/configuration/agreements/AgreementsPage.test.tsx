import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_PLACEHOLDERS,
  type AgreementTemplate,
  type AgreementTemplateInput,
} from '@scheduler/contracts/agreements';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';
import { asRole, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import { DOCUMENT, HOME, RADON } from '../../../test-support/configuration-documents/services-test-document.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { refusal, renderPage, type Answer, type RecordedRequest } from '../../../test-support/render-page.tsx';
import { bodyRows } from '../../../test-support/table-rows.ts';
import { momentText } from '../../../shared/time-text.ts';
import { BODY_REQUIRED, NAME_REQUIRED } from './agreement-form.ts';
import AgreementsPage from './AgreementsPage.tsx';

const { serve } = serveConfigurationOf(DOCUMENT, 'services');
const AGREEMENTS = '/api/console/companies/demo/agreements';
const SAVED_AT = '2026-11-20T15:00:00.000Z';
const LATER = '2026-11-21T16:30:00.000Z';
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const TEMPLATE_ID = 'b1c0ffee-0000-4000-8000-000000000001';
const NEW_ID = 'b1c0ffee-0000-4000-8000-000000000002';

const RADON_AGREEMENT: AgreementTemplate = {
  id: TEMPLATE_ID,
  name: 'Radon agreement',
  body_html: '<p>Radon words for {client_name}.</p>',
  applies_to: { all: false, service_ids: [RADON], package_ids: [1] },
  active: true,
  version: 1,
  versions: [{ version: 1, created_at: SAVED_AT, created_by: 'Ann Owner' }],
  updated_at: SAVED_AT,
};

/**
 * The agreement routes as the server answers them, over templates it keeps: a save of new words
 * is a new version, a refusal (`refuse`) answers instead of any save.
 */
function agreementRoutes({
  templates = [RADON_AGREEMENT],
  refuse,
  preview = { status: 200, body: { html: '<p>Filled</p>' } },
}: { templates?: AgreementTemplate[]; refuse?: Answer; preview?: Answer } = {}) {
  const kept = templates.map((template) => ({ ...template, bodies: { [template.version]: template } }));
  return (request: RecordedRequest): Answer | undefined => {
    if (request.method === 'GET' && request.path === AGREEMENTS)
      return {
        status: 200,
        body: {
          templates: kept.map(({ bodies: _bodies, ...template }) => template),
          settings: { signers: 'all', licence_number: 'HI-42', signing: 'after_booking', warn_hours_before: 48 },
          placeholders: AGREEMENT_PLACEHOLDERS,
        },
      };
    if (request.method === 'PUT' && request.path === `${AGREEMENTS}/settings`)
      return { status: 200, body: request.body };
    if (request.method === 'POST' && request.path === `${AGREEMENTS}/preview`) return preview;
    if ((request.method === 'POST' && request.path === AGREEMENTS) || request.method === 'PUT') {
      if (refuse) return refuse;
      const input = request.body as AgreementTemplateInput;
      const existing = kept.find((template) => request.path === `${AGREEMENTS}/${template.id}`);
      const version = existing
        ? existing.name === input.name && existing.body_html === input.body_html
          ? existing.version
          : existing.version + 1
        : 1;
      const saved: AgreementTemplate = {
        id: existing?.id ?? NEW_ID,
        ...input,
        version,
        versions: [
          ...(existing && version > existing.version ? [{ version, created_at: LATER, created_by: 'Ann Owner' }] : []),
          ...(existing?.versions ?? [{ version: 1, created_at: LATER, created_by: 'Ann Owner' }]),
        ],
        updated_at: LATER,
      };
      if (existing) Object.assign(existing, saved, { bodies: { ...existing.bodies, [version]: saved } });
      else kept.push({ ...saved, bodies: { 1: saved } });
      return { status: existing ? 200 : 201, body: saved };
    }
    const version = /\/agreements\/([^/]+)\/versions\/(\d+)$/.exec(request.path);
    if (request.method === 'GET' && version) {
      const found = kept.find((template) => template.id === version[1])?.bodies[Number(version[2])];
      if (!found) return refusal(404, 'not_found', 'Not found.');
      const entry = found.versions.find((item) => item.version === Number(version[2]))!;
      return { status: 200, body: { ...entry, name: found.name, body_html: found.body_html } };
    }
    return undefined;
  };
}

const renderAgreements = () =>
  renderPage(<AgreementsPage />, { path: '/demo/agreements', pattern: '/:companyKey/agreements' });
const nameField = () => screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
const bodyField = () => screen.getByRole('textbox', { name: /^Agreement text/ }) as HTMLTextAreaElement;
const templateSaves = (requests: RecordedRequest[]) =>
  requests.filter(
    (request) =>
      (request.method === 'POST' && request.path === AGREEMENTS) ||
      (request.method === 'PUT' && request.path.startsWith(`${AGREEMENTS}/`) && !request.path.endsWith('/settings')),
  );

describe('the agreements page', () => {
  it('lists the agreements with what they are sent for, and saves who signs and the licence number', async () => {
    const requests = serve({ routes: agreementRoutes() });
    renderAgreements();
    const table = await screen.findByRole('table', { name: 'The agreements' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Agreements');
    expect(bodyRows(table)).toEqual([
      ['Radon agreement', 'Essentials, Radon Testing', 'Yes', '1', momentText(SAVED_AT, zone), 'Edit'],
    ]);
    expect((screen.getByRole('radio', { name: 'Every client signs' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Licence number' }) as HTMLInputElement).value).toBe('HI-42');

    await userEvent.click(screen.getByRole('radio', { name: "One client's signature is enough" }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Licence number' }));
    await enterText(screen.getByRole('textbox', { name: 'Licence number' }), ' OH-77 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The settings are saved.')).toBeTruthy();
    expect(requests.find((request) => request.path === `${AGREEMENTS}/settings`)?.body).toEqual({
      signers: 'one',
      licence_number: 'OH-77',
      signing: 'after_booking',
      warn_hours_before: 48,
    });
  });

  it('saves when clients sign and from how many hours before an unsigned agreement is flagged (issue 43)', async () => {
    const requests = serve({ routes: agreementRoutes() });
    renderAgreements();
    await screen.findByRole('table', { name: 'The agreements' });
    const settingsSaves = () => requests.filter((request) => request.path === `${AGREEMENTS}/settings`);
    expect((screen.getByRole('radio', { name: 'After booking, from the e-mail' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const hours = screen.getByRole('spinbutton', { name: 'Hours before the inspection' }) as HTMLInputElement;
    const always = screen.getByRole('checkbox', { name: 'Always, while unsigned' }) as HTMLInputElement;
    expect(hours.value).toBe('48');
    expect(always.checked).toBe(false);

    await userEvent.click(
      screen.getByRole('radio', { name: 'On the review, before they confirm (when a client books)' }),
    );
    // Past the bound: the page says so and asks the server nothing.
    await userEvent.clear(hours);
    await enterText(hours, '721');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(accessibleDescription(hours)).toBe('Enter a whole number of hours from 1 to 720.');
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(settingsSaves()).toEqual([]);
    await userEvent.clear(hours);
    await enterText(hours, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(settingsSaves()).toEqual([]);

    // At the bound, it saves.
    await userEvent.clear(hours);
    await enterText(hours, '720');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The settings are saved.')).toBeTruthy();
    expect(settingsSaves().at(-1)?.body).toEqual({
      signers: 'all',
      licence_number: 'HI-42',
      signing: 'at_booking',
      warn_hours_before: 720,
    });

    // Always: the hours are set aside, and null is saved.
    await userEvent.click(always);
    expect(hours.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    await waitFor(() => expect(settingsSaves()).toHaveLength(2));
    expect(settingsSaves().at(-1)?.body).toEqual({
      signers: 'all',
      licence_number: 'HI-42',
      signing: 'at_booking',
      warn_hours_before: null,
    });
  });

  it('makes a new agreement for chosen packages and services, a placeholder inserted at the cursor, and shows it as version 1', async () => {
    const requests = serve({ routes: agreementRoutes({ templates: [] }) });
    renderAgreements();
    expect(await screen.findByText('No agreements yet. Clients are sent none until one is made.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New agreement' }));
    const editor = screen.getByRole('form', { name: 'New agreement' });
    expect(document.activeElement).toBe(nameField());

    // Nothing typed: the page says what is missing and asks the server nothing.
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(accessibleDescription(nameField())).toBe(NAME_REQUIRED));
    expect(accessibleDescription(bodyField())).toContain(BODY_REQUIRED);
    expect(templateSaves(requests)).toEqual([]);

    await enterText(nameField(), 'Pre-inspection agreement');
    await userEvent.click(within(editor).getByRole('radio', { name: 'Orders that book one of these' }));
    const services = within(editor).getByRole('group', { name: 'Services' });
    // The services list's headings are no service to choose.
    expect(within(services).queryByRole('checkbox', { name: 'Environmental Testing' })).toBeNull();
    await userEvent.click(within(services).getByRole('checkbox', { name: 'Single-Family Home Inspection' }));
    await enterText(bodyField(), '<p>Dear , welcome.</p>');
    bodyField().setSelectionRange('<p>Dear '.length, '<p>Dear '.length);
    await userEvent.click(within(editor).getByRole('button', { name: '{client_name}' }));
    expect(bodyField().value).toBe('<p>Dear {client_name}, welcome.</p>');
    bodyField().setSelectionRange('<p>'.length, '<p>Dear'.length);
    await userEvent.click(within(editor).getByRole('button', { name: 'Bold' }));
    expect(bodyField().value).toBe('<p><b>Dear</b> {client_name}, welcome.</p>');

    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(templateSaves(requests)).toHaveLength(1));
    expect(templateSaves(requests)[0]).toMatchObject({
      method: 'POST',
      body: {
        name: 'Pre-inspection agreement',
        body_html: '<p><b>Dear</b> {client_name}, welcome.</p>',
        applies_to: { all: false, service_ids: [HOME], package_ids: [] },
        active: true,
      },
    });
    expect(await screen.findByText('“Pre-inspection agreement” is saved as version 1.')).toBeTruthy();
    const versions = await screen.findByRole('table', { name: 'Versions of “Pre-inspection agreement”' });
    expect(bodyRows(versions)).toEqual([['1 (current)', momentText(LATER, zone), 'Ann Owner', 'View version 1']]);
    expect(bodyRows(screen.getByRole('table', { name: 'The agreements' }))[0]!.slice(0, 4)).toEqual([
      'Pre-inspection agreement',
      'Single-Family Home Inspection',
      'Yes',
      '1',
    ]);
  });

  it('saves new words as version 2, lists both, and shows version 1 read-only as it was', async () => {
    const requests = serve({ routes: agreementRoutes() });
    renderAgreements();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Radon agreement' }));
    const editor = screen.getByRole('form', { name: 'Edit “Radon agreement”' });
    expect(bodyField().value).toBe(RADON_AGREEMENT.body_html);
    expect((within(editor).getByRole('checkbox', { name: 'Radon Testing' }) as HTMLInputElement).checked).toBe(true);
    expect((within(editor).getByRole('checkbox', { name: 'Essentials' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.clear(bodyField());
    await enterText(bodyField(), '<p>Radon, revised.</p>');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(templateSaves(requests)).toHaveLength(1));
    expect(templateSaves(requests)[0]).toMatchObject({
      method: 'PUT',
      path: `${AGREEMENTS}/${TEMPLATE_ID}`,
      body: { body_html: '<p>Radon, revised.</p>', applies_to: { all: false, service_ids: [RADON], package_ids: [1] } },
    });
    expect(await screen.findByText('“Radon agreement” is saved; its current version is 2.')).toBeTruthy();
    const versions = screen.getByRole('table', { name: 'Versions of “Radon agreement”' });
    expect(bodyRows(versions).map((row) => row.slice(0, 3))).toEqual([
      ['2 (current)', momentText(LATER, zone), 'Ann Owner'],
      ['1', momentText(SAVED_AT, zone), 'Ann Owner'],
    ]);
    expect(bodyField().value).toBe('<p>Radon, revised.</p>');

    await userEvent.click(within(versions).getByRole('button', { name: 'View version 1' }));
    const past = await screen.findByRole('document', { name: 'Version 1' });
    expect(past.textContent).toBe('Radon words for {client_name}.');
    expect(past.querySelector('textarea, input')).toBeNull();
  });

  it('previews the text as the server fills it, cleaned again before it is drawn', async () => {
    const requests = serve({
      routes: agreementRoutes({
        preview: {
          status: 200,
          body: { html: '<p onclick="steal()">Scioto Valley, for Alex Sample</p><script>steal()</script>' },
        },
      }),
    });
    renderAgreements();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Radon agreement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview the agreement' }));
    const preview = await screen.findByRole('document', { name: 'Preview' });
    expect(preview.textContent).toBe('Scioto Valley, for Alex Sample');
    expect(preview.innerHTML).toBe('<p>Scioto Valley, for Alex Sample</p>');
    expect(requests.find((request) => request.path === `${AGREEMENTS}/preview`)?.body).toEqual({
      body_html: RADON_AGREEMENT.body_html,
    });
  });

  it('shows a refused save beside the field the server names, keeping everything typed', async () => {
    serve({
      routes: agreementRoutes({
        refuse: {
          status: 400,
          body: {
            error: {
              code: 'invalid_request',
              message: 'The agreement has no text a client could read.',
              field: 'body_html',
            },
          },
        },
      }),
    });
    renderAgreements();
    await userEvent.click(await screen.findByRole('button', { name: 'New agreement' }));
    await enterText(nameField(), 'Only a script');
    await enterText(bodyField(), '<script>alert(1)</script>');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(accessibleDescription(bodyField())).toBe('The agreement has no text a client could read.'),
    );
    expect(bodyField().getAttribute('aria-invalid')).toBe('true');
    expect(bodyField().value).toBe('<script>alert(1)</script>');
    expect(nameField().value).toBe('Only a script');
    await waitFor(() => expect(document.activeElement).toBe(bodyField()));
  });

  it('tells an office member the agreements are the owners’ and admins’, asking the server nothing of them', async () => {
    const requests = serve({ me: asRole('office'), routes: agreementRoutes() });
    renderAgreements();
    expect(await screen.findByText("Only the company's owners and administrators change its agreements.")).toBeTruthy();
    expect(requests.some((request) => request.path.startsWith(AGREEMENTS))).toBe(false);
  });
});
