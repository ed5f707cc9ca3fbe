import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OFFICE, OTHER_OFFICE } from '../../../test-support/fixtures.ts';
import { renderPage } from '../../../test-support/render-page.tsx';
import EmbeddingPage from './EmbeddingPage.tsx';
import { GOOGLE_TAG_ID_PROBLEM, PENDING_SITE_PROBLEM } from './embedding-form.ts';
import { saves, serveConfigurationOf } from '../../../test-support/configuration-server.ts';
import { DOCUMENT } from '../../../test-support/configuration-documents/embedding-test-document.ts';
import { enterText } from '../../../test-support/enter-text.ts';
import { accessibleDescription } from '../../../test-support/accessible-description.ts';

const { serve } = serveConfigurationOf(DOCUMENT, 'embedding_origins');

const renderEmbedding = () =>
  renderPage(<EmbeddingPage />, { path: '/demo/embedding', pattern: '/:companyKey/embedding' });
const newSite = () => screen.getByRole('textbox', { name: 'New site' }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const sites = () =>
  within(screen.getByRole('list', { name: /^Sites that may show the scheduler/ }))
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);
const code = () => (screen.getByRole('textbox', { name: 'Code to paste' }) as HTMLTextAreaElement).value;
/** The office's own link inside the placeholder: what the page shows where the scheduler cannot be. */
const fallback = (office: string) =>
  `<a href="http://localhost:3000/demo/online-scheduler/${office}">Schedule an inspection online</a>`;

async function addSite(typed: string) {
  await enterText(newSite(), typed);
  await userEvent.click(screen.getByRole('button', { name: 'Add site' }));
}

describe('the website embedding page', () => {
  it('shows its parts under headings in order, the listed sites and the explanation', async () => {
    serve();
    renderEmbedding();
    await screen.findByRole('textbox', { name: 'New site' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Website embedding');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Your sites',
      'Your analytics',
      'The code for your page',
    ]);
    expect(sites()).toEqual(['https://www.sciotovalley.example']);
    expect(screen.getByText(/on any other site the browser refuses to/)).toBeTruthy();
    expect(screen.getByText(/carry no personal data/).textContent).toContain(
      'The scheduler itself loads no third-party script.',
    );
  });

  it('adds a valid site (Enter or Add) and saves the whole document with it, from the loaded version', async () => {
    const requests = serve();
    renderEmbedding();
    await screen.findByRole('textbox', { name: 'New site' });
    await addSite('https://Shop.Sciotovalley.example/');
    await enterText(newSite(), 'https://*.partner.example{Enter}');
    expect(sites()).toEqual([
      'https://www.sciotovalley.example',
      'https://shop.sciotovalley.example',
      'https://*.partner.example',
    ]);
    expect(newSite().value).toBe('');
    expect(saves(requests)).toEqual([]);

    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: {
        ...DOCUMENT,
        embedding_origins: [
          'https://www.sciotovalley.example',
          'https://shop.sciotovalley.example',
          'https://*.partner.example',
        ],
      },
    });
    expect(await screen.findByText('Saved as version 8.')).toBeTruthy();
  });

  it('says what is wrong with a site as it is typed, keeps it out of the list, and saves nothing', async () => {
    const requests = serve();
    renderEmbedding();
    await screen.findByRole('textbox', { name: 'New site' });
    await enterText(newSite(), 'www.example.com');
    expect(accessibleDescription(newSite())).toBe('Start with https:// (or http://), like https://www.example.com.');
    expect(newSite().getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Add site' }));
    expect(sites()).toEqual(['https://www.sciotovalley.example']);

    await userEvent.clear(newSite());
    await enterText(newSite(), 'https://www.example.com/book');
    expect(accessibleDescription(newSite())).toBe(
      'Only the site itself, without a page or anything after it: like https://www.example.com.',
    );
    // A site typed but never added is not saved behind the person's back.
    await userEvent.click(saveButton());
    await waitFor(() => expect(accessibleDescription(newSite())).toBe(PENDING_SITE_PROBLEM));
    expect(saves(requests)).toEqual([]);
  });

  it('refuses a site already listed', async () => {
    serve();
    renderEmbedding();
    await screen.findByRole('textbox', { name: 'New site' });
    await addSite('https://WWW.sciotovalley.example');
    expect(accessibleDescription(newSite())).toBe('This site is already in the list.');
    expect(sites()).toEqual(['https://www.sciotovalley.example']);
  });

  it('removes a site, says so, and saves the list without it', async () => {
    const requests = serve();
    renderEmbedding();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove https://www.sciotovalley.example' }));
    expect(screen.queryByRole('list', { name: /^Sites that may show/ })).toBeNull();
    expect(screen.getByText(/No sites yet/)).toBeTruthy();
    expect(screen.getByText('https://www.sciotovalley.example removed.').closest('[role="status"]')).not.toBeNull();
    expect(document.activeElement).toBe(newSite());

    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({ base_version: 7, document: { ...DOCUMENT, embedding_origins: [] } });
  });

  it('saves a Google tag id in analytics, and refuses a bad one at its field', async () => {
    const requests = serve();
    renderEmbedding();
    const tag = (await screen.findByRole('textbox', { name: 'Google tag id' })) as HTMLInputElement;
    await enterText(tag, 'UA-12345-1');
    await userEvent.click(saveButton());
    await waitFor(() => expect(accessibleDescription(tag)).toBe(GOOGLE_TAG_ID_PROBLEM));
    expect(tag.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(tag);
    expect(saves(requests)).toEqual([]);

    await userEvent.clear(tag);
    await enterText(tag, 'gtm-ab12cd3');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toEqual({
      base_version: 7,
      document: { ...DOCUMENT, analytics: { google_tag_id: 'GTM-AB12CD3' } },
    });
  });

  it('writes the code for the chosen office and mode, with the script from this server', async () => {
    serve();
    renderEmbedding();
    await screen.findByRole('textbox', { name: 'Code to paste' });
    expect(code()).toBe(
      `<div data-online-scheduler="demo" data-office="${OFFICE.uuid}" data-mode="inline">${fallback(OFFICE.uuid)}</div>\n<script src="http://localhost:3000/embed/v1/scheduler.js" async></script>`,
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Office' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: OTHER_OFFICE.name }));
    await userEvent.click(screen.getByRole('radio', { name: /popup/ }));
    expect(code()).toBe(
      `<div data-online-scheduler="demo" data-office="${OTHER_OFFICE.uuid}" data-mode="popup" data-button-text="Book an inspection">${fallback(OTHER_OFFICE.uuid)}</div>\n<script src="http://localhost:3000/embed/v1/scheduler.js" async></script>`,
    );
    const buttonText = screen.getByRole('textbox', { name: 'Button text' });
    await userEvent.clear(buttonText);
    await enterText(buttonText, 'Book now');
    expect(code()).toContain(`data-mode="popup" data-button-text="Book now">${fallback(OTHER_OFFICE.uuid)}</div>`);
    expect(screen.getByText('data-postal-code')).toBeTruthy();
    expect(screen.getByText('data-lock')).toBeTruthy();
    expect(screen.getByText('data-scheduler-open')).toBeTruthy();
  });

  it('puts the chosen colour and the hidden header and footer in the code, saying what the scheduler makes of the colour', async () => {
    serve();
    renderEmbedding();
    await screen.findByRole('textbox', { name: 'Code to paste' });
    const colour = screen.getByRole('textbox', { name: 'Your colour' });
    await enterText(colour, '#FFD00');
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(colour)).toBe('Enter a colour as # and six hexadecimal digits, like #1f4e79.');
    expect(code()).not.toContain('data-brand-color');
    await enterText(colour, '0');
    expect(colour.getAttribute('aria-invalid')).toBe('false');
    expect(code()).toContain('data-mode="inline" data-brand-color="#ffd000">');
    // A light colour: black on its buttons, its links darker.
    expect(
      screen.getByText(/^Buttons in #ffd000 with black text; links and outlines in a darker shade, #[0-9a-f]{6},/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /Leave out the scheduler's header and footer/ }));
    expect(code()).toContain('data-brand-color="#ffd000" data-hide-header-footer>');
    await userEvent.click(screen.getByRole('checkbox', { name: /Leave out the scheduler's header and footer/ }));
    await userEvent.clear(colour);
    expect(code()).toContain(`data-mode="inline">${fallback(OFFICE.uuid)}</div>`);
    expect(screen.queryByText(/^Buttons in/)).toBeNull();
  });

  it('copies the code and says "Copied"; a refused clipboard gets the way to copy it by hand', async () => {
    serve();
    renderEmbedding();
    await screen.findByRole('textbox', { name: 'Code to paste' });
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await userEvent.click(screen.getByRole('button', { name: 'Copy the code' }));
    expect((await screen.findByText('Copied')).closest('[role="status"]')).not.toBeNull();
    expect(writeText).toHaveBeenCalledWith(code());

    // Another choice is another code: the confirmation was about the one copied.
    await userEvent.click(screen.getByRole('radio', { name: /popup/ }));
    expect(screen.queryByText('Copied')).toBeNull();

    writeText.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy the code' }));
    expect(await screen.findByText(/Your browser did not let the page copy/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code to paste' }));
  });
});
