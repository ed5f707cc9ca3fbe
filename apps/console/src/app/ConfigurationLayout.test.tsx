import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleMe } from '@scheduler/contracts/console';
import { asRole, OWNER, serveConfigurationOf } from '../test-support/configuration-server.ts';
import { OFFICE, OTHER_OFFICE } from '../test-support/fixtures.ts';
import { consoleKeys } from '../shared/queries.ts';
import { ConfigurationLayout } from './ConfigurationLayout.tsx';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './query-client.ts';
import { previewLink } from './SchedulerPreview.tsx';

/**
 * The frame of every configuration editor: its navigation, the scheduler's preview beside the
 * editor (or a link to it), and, for a member who may not configure, why there is nothing to edit.
 */

const DOCUMENT = { key: 'demo', name: 'Scioto Valley', offices: [OFFICE, OTHER_OFFICE] };
const { serve } = serveConfigurationOf<Record<string, unknown>>(DOCUMENT, 'name');
const LINK = `/demo/online-scheduler/${OFFICE.uuid}?preview=1`;

/** The layout at /demo/{page}, an editor standing in for the page itself. */
function renderLayout(page: string, me: ConsoleMe = OWNER, document: Record<string, unknown> = DOCUMENT) {
  const requests = serve({ me, document });
  const client = createQueryClient();
  render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[`/demo/${page}`]}>
        <Routes>
          <Route path="/:companyKey" element={<ConfigurationLayout />}>
            <Route path={page} element={<h1>The {page} editor</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { requests, client };
}

const happyDOM = (
  window as unknown as {
    happyDOM: {
      setViewport(size: { width: number; height: number }): void;
      settings: { navigation: { disableChildFrameNavigation: boolean } };
    };
  }
).happyDOM;
/** The preview sits beside the editor from a wide screen up (1200 px); narrower, the link opens it in a tab. */
const INITIAL_WIDTH = window.innerWidth;
const setViewport = (width: number) => happyDOM.setViewport({ width, height: 800 });
// The preview's frame is looked at, not loaded: there is no scheduler here to load it from.
beforeEach(() => {
  happyDOM.settings.navigation.disableChildFrameNavigation = true;
});
afterEach(() => {
  setViewport(INITIAL_WIDTH);
  happyDOM.settings.navigation.disableChildFrameNavigation = false;
});

const previewButton = () => screen.getByRole('button', { name: /^(Preview the scheduler|Hide the preview)$/ });

describe('the configuration layout', () => {
  it('shows the editor beside the list of editors, and on a phone links the scheduler as a new visitor opens it', async () => {
    setViewport(375);
    renderLayout('offices');
    expect(await screen.findByRole('heading', { level: 1, name: 'The offices editor' })).toBeTruthy();
    const open = await screen.findByRole('link', { name: 'Open the scheduler' });
    expect(open.getAttribute('href')).toBe(LINK);
    expect(previewLink('demo', OFFICE.uuid)).toBe(LINK);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: 'Preview the scheduler' })).toBeNull();
  });

  it('keeps the list of editors behind a button on a phone, opens it on a click, and closes it when one is chosen', async () => {
    setViewport(375);
    renderLayout('offices');
    await screen.findByRole('heading', { level: 1, name: 'The offices editor' });
    const toggle = screen.getByRole('button', { name: 'Configuration pages' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Closed, the list is out of the page and out of the accessibility tree.
    expect(screen.queryByRole('navigation', { name: 'Configuration' })).toBeNull();
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list.getAttribute('aria-label')).toBe('Configuration');

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    let nav = screen.getByRole('navigation', { name: 'Configuration' });
    expect(within(nav).getByRole('link', { name: 'Offices' }).getAttribute('aria-current')).toBe('page');
    // The page already shown: the list closes and focus comes back to its button, not to a hidden link.
    await userEvent.click(within(nav).getByRole('link', { name: 'Offices' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Configuration' })).toBeNull();
    expect(document.activeElement).toBe(toggle);

    await userEvent.click(toggle);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    // Another page: the list closes as the page opens.
    await userEvent.click(toggle);
    nav = screen.getByRole('navigation', { name: 'Configuration' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Settings' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Configuration' })).toBeNull();
  });

  it("lists the editors beside the editor from a laptop's width, with no button to open them", async () => {
    setViewport(900);
    renderLayout('offices');
    await screen.findByRole('heading', { level: 1, name: 'The offices editor' });
    const nav = screen.getByRole('navigation', { name: 'Configuration' });
    expect(within(nav).getByRole('link', { name: 'Offices' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Configuration pages' })).toBeNull();
  });

  it("shows the first office's scheduler beside the editor when asked, and hides it again", async () => {
    setViewport(1400);
    renderLayout('offices');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Preview the scheduler' })).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'Open the scheduler' })).toBeNull();
    expect(previewButton().getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(previewButton());

    const preview = screen.getByRole('complementary', { name: 'Preview of your scheduler' });
    expect(within(preview).getByText(/^As a new visitor sees it now/).textContent).toBe(
      `As a new visitor sees it now (version 7, ${OFFICE.name}). It starts afresh after each save.`,
    );
    expect(within(preview).getByTitle('Your scheduler, version 7').getAttribute('src')).toBe(LINK);
    expect(previewButton().textContent).toBe('Hide the preview');
    expect(previewButton().getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(previewButton());
    expect(screen.queryByRole('complementary', { name: 'Preview of your scheduler' })).toBeNull();
    expect(previewButton().textContent).toBe('Preview the scheduler');
  });

  it('opens the preview afresh at each new version, as a new visitor would meet it', async () => {
    setViewport(1400);
    const { client } = renderLayout('offices');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview the scheduler' }));
    const first = screen.getByTitle('Your scheduler, version 7');

    // A save elsewhere on the page: version 8 is read.
    await act(() =>
      client.setQueryData([...consoleKeys.company('demo'), 'configuration', 'document'], {
        version: { version: 8 },
        document: DOCUMENT,
      }),
    );
    const next = await screen.findByTitle('Your scheduler, version 8');
    expect(next).not.toBe(first);
    expect(first.isConnected).toBe(false);
  });

  it('offers no preview of a company without an office yet, and says which version it would show', async () => {
    setViewport(1400);
    renderLayout('settings', OWNER, { key: 'demo', name: 'Scioto Valley' });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview the scheduler' }));
    const preview = screen.getByRole('complementary', { name: 'Preview of your scheduler' });
    await waitFor(() =>
      expect(within(preview).getByText(/^As a new visitor/).textContent).toBe(
        'As a new visitor sees it now (version 7). It starts afresh after each save.',
      ),
    );
    expect(within(preview).queryByTitle(/^Your scheduler/)).toBeNull();
  });

  it.each(['office', 'inspector'] as const)(
    "tells an %s member it is not theirs under the page's own title, with no editor and no list",
    async (role) => {
      const { client } = renderLayout('offices', asRole(role));
      await waitFor(() => expect(client.getQueryData(consoleKeys.me)).toBeDefined());
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Offices');
      expect(screen.getByText("You don't have access to this.")).toBeTruthy();
      expect(screen.getByText("Only the company's owners and administrators change its configuration.")).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Configuration' })).toBeNull();
      expect(screen.queryByText('The offices editor')).toBeNull();
    },
  );

  it('names the page "Configuration" when the address is none of the editors', async () => {
    const { client } = renderLayout('elsewhere', asRole('office'));
    await waitFor(() => expect(client.getQueryData(consoleKeys.me)).toBeDefined());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Configuration');
  });
});
