import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { VersionConflict } from '@scheduler/contracts/configuration';
import { versionSummary } from '../test-support/configuration-server.ts';
import { ApiError } from '@scheduler/ui/api-error';
import { ChangeList } from './ChangeList.tsx';
import { ChunkFailed, lazyPage } from './chunk-load.tsx';
import { ConflictNotice } from './ConflictNotice.tsx';
import { Failure } from './Failure.tsx';
import { Loading } from './Loading.tsx';
import { PageHeading } from './PageHeading.tsx';
import { PageSection } from './PageSection.tsx';
import { PublicFrame } from './PublicFrame.tsx';
import { SaveBar, SaveOutcome } from './SaveOutcome.tsx';

/** The console's shared parts of a page, each as a person (and a screen reader) meets it. */

// The parts need a router (the heading reads the location), not the app's providers: shared/ sits below app/.
const inPage = (children: ReactNode) => render(<MemoryRouter>{children}</MemoryRouter>);

const CONFLICT: VersionConflict = {
  error: {
    code: 'version_conflict',
    message: 'Dana Admin saved version 8 after the version 7 you started from.',
    field: 'base_version',
  },
  current: versionSummary(8, { saved_by: 'Dana Admin' }),
  changes: [
    { path: 'name', kind: 'changed', before: 'Old', after: 'New', text: 'Company name: "Old" → "New"' },
    { path: 'offices[1]', kind: 'added', after: { name: 'Dayton' }, text: 'Office added: Dayton' },
    {
      path: 'embedding_origins[0]',
      kind: 'removed',
      before: 'https://a.example',
      text: 'Embedding origins no. 1 taken out (was "https://a.example")',
    },
    { path: '', kind: 'changed', before: 1, after: 2, text: 'The whole configuration was replaced' },
  ],
  truncated: true,
};

describe('ChangeList', () => {
  it('says each change on a line in words, never its path (issue 41), and that there is more', () => {
    inPage(<ChangeList changes={CONFLICT.changes} truncated label="What changed" />);
    expect(
      within(screen.getByRole('list', { name: 'What changed' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Company name: "Old" → "New"',
      'Office added: Dayton',
      'Embedding origins no. 1 taken out (was "https://a.example")',
      'The whole configuration was replaced',
      '…and more.',
    ]);
  });

  it('says when nothing changed, with no list', () => {
    inPage(<ChangeList changes={[]} truncated={false} label="What changed" />);
    expect(screen.getByText('Nothing changed.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('ConflictNotice', () => {
  it("names who saved in between, what they changed, and loads their version on the person's say-so", async () => {
    const onReload = vi.fn();
    inPage(
      <ConflictNotice
        conflict={{ ...CONFLICT, truncated: false, changes: CONFLICT.changes.slice(0, 1) }}
        onReload={onReload}
      />,
    );
    const notice = screen.getByRole('alert');
    expect(within(notice).getByText('Someone else saved a change')).toBeTruthy();
    expect(notice.textContent).toContain(CONFLICT.error.message);
    expect(
      within(within(notice).getByRole('list', { name: 'What Dana Admin changed' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(onReload).not.toHaveBeenCalled();
    await userEvent.click(within(notice).getByRole('button', { name: 'Load their version' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe('SaveOutcome', () => {
  const saved = { status: 'saved' as const, saved: { version: versionSummary(8) } };

  it('announces a save in the words the page gives, as a status', () => {
    inPage(
      <SaveOutcome
        outcome={saved}
        error={null}
        savedText={(version) => `Saved as version ${version}.`}
        onReload={() => undefined}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Saved as version 8.');
    expect(screen.queryByText('Someone else saved a change')).toBeNull();
  });

  it('shows a conflict as its notice, and a failure in words', () => {
    inPage(
      <SaveOutcome
        outcome={{ status: 'conflict', conflict: CONFLICT }}
        error={new ApiError(400, 'invalid_document', 'Invalid company document field "name": too long')}
        savedText={() => 'never'}
        onReload={() => undefined}
      />,
    );
    expect(screen.getByText('Someone else saved a change')).toBeTruthy();
    expect(screen.getByText('Invalid company document field "name": too long')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says nothing before the first save', () => {
    inPage(<SaveOutcome outcome={null} error={null} savedText={() => 'never'} onReload={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SaveBar', () => {
  it('keeps Save and Discard off until something changed, and while saving', async () => {
    const onDiscard = vi.fn();
    const { rerender } = inPage(<SaveBar saving={false} dirty={false} onDiscard={onDiscard} />);
    const buttons = () =>
      ['Save changes', 'Discard'].map((name) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled);
    expect(buttons()).toEqual([true, true]);
    rerender(
      <MemoryRouter>
        <SaveBar saving={false} dirty onDiscard={onDiscard} />
      </MemoryRouter>,
    );
    expect(buttons()).toEqual([false, false]);
    expect(screen.getByRole('button', { name: 'Save changes' }).getAttribute('type')).toBe('submit');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    rerender(
      <MemoryRouter>
        <SaveBar saving dirty onDiscard={onDiscard} />
      </MemoryRouter>,
    );
    expect(buttons()).toEqual([true, true]);
  });
});

describe('Failure and Loading', () => {
  it('says a failed load in words, offering to try again only when it may help', async () => {
    const onRetry = vi.fn();
    const { unmount } = inPage(
      <Failure error={new ApiError(503, 'http_error', 'Service Unavailable')} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Something went wrong on our side. Please try again in a moment.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    unmount();
    inPage(<Failure error={new ApiError(404, 'not_found', 'Not Found.')} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says what it waits for, politely', () => {
    inPage(<Loading label="Loading the settings…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the settings…');
  });

  it('says it is loading when not told what', () => {
    inPage(<Loading />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});

describe('PageSection and PublicFrame', () => {
  it('names a section by its h2, with its introduction under it', () => {
    inPage(
      <PageSection title="Who gets them" intro="The office's copy goes here.">
        <p>Fields</p>
      </PageSection>,
    );
    const section = screen.getByRole('region', { name: 'Who gets them' });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Who gets them');
    expect(within(section).getByText("The office's copy goes here.")).toBeTruthy();
  });

  it('frames a page outside a company with one heading in the main landmark', () => {
    inPage(<PublicFrame title="Sign in">form</PublicFrame>);
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(
      within(main)
        .getAllByRole('heading', { level: 1 })
        .map((h) => h.textContent),
    ).toEqual(['Sign in']);
  });
});

describe('PageHeading', () => {
  function Pages() {
    const navigate = useNavigate();
    return (
      <Routes>
        <Route
          path="/one"
          element={
            <>
              <PageHeading>One</PageHeading>
              <button onClick={() => void navigate('/two')}>Next</button>
            </>
          }
        />
        <Route path="/two" element={<PageHeading>Two</PageHeading>} />
      </Routes>
    );
  }

  it('takes focus when the page changes, so a screen reader says where the person is', async () => {
    render(
      <MemoryRouter initialEntries={['/one']}>
        <Pages />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Two' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });
});

describe('lazyPage', () => {
  it('shows the page once its code arrives', async () => {
    const Page = lazyPage(async () => ({ default: () => <p>The page</p> }));
    inPage(
      <Suspense fallback={<p>Waiting</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('The page')).toBeTruthy();
  });

  it('offers to reload when the code cannot be downloaded, instead of a blank page', async () => {
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    inPage(
      <Suspense fallback={<p>Waiting</p>}>
        <Page />
      </Suspense>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This page could not be loaded: the console may have been updated, or the connection dropped.',
    );
  });

  it('reloads the console when asked', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    inPage(<ChunkFailed />);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Reload' })));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
