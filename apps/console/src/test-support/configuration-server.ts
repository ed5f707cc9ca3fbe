import type { ConsoleMe } from '@scheduler/contracts/console';
import type { VersionSummary } from '@scheduler/contracts/configuration';
import { OFFICE_ME } from './fixtures.ts';
import { stubServer, type Answer, type RecordedRequest } from './render-page.tsx';

/**
 * The server as the configuration editors meet it (their page tests): who is signed in, the
 * company document at a version, and the answer to a save.
 */

/** The office member of the fixtures, in another role. */
export const asRole = (role: ConsoleMe['memberships'][number]['role']): ConsoleMe => ({
  ...OFFICE_ME,
  memberships: [{ ...OFFICE_ME.memberships[0]!, role }],
});
export const OWNER = asRole('owner');

/** A saved version's summary, as the history lists it. */
export const versionSummary = (number: number, rest: Partial<VersionSummary> = {}): VersionSummary => ({
  version: number,
  source: 'console',
  restored_from: null,
  saved_by: 'Ann Owner',
  saved_at: '2026-11-20T15:00:00.000Z',
  change_count: 1,
  changed_paths: ['name'],
  ...rest,
});

export const CONFIGURATION_PATH = '/api/console/companies/demo/configuration';

export interface ServeOptions<D> {
  me?: ConsoleMe;
  /** The page's document from the start (the editor's own by default). */
  document?: D;
  /** What a read answers at each call; by default version 7, then what the last save made. */
  current?: () => { version: VersionSummary; document: D };
  /** Every read answered so instead (a refusal). */
  load?: Answer;
  /** The answer to a save; none (or undefined): it becomes version 8, which the page then reads. */
  put?: (request: RecordedRequest) => Answer | undefined;
  /** The page's other routes (a geocoder, a price preview); none answers 404. */
  routes?: (request: RecordedRequest) => Answer | undefined;
}

/**
 * The server as one configuration editor meets it (its page tests): who is signed in, the
 * `document` at version 7, and a save that becomes version 8. `version` makes that editor's
 * version summaries, each naming `changedPath` as what changed.
 */
export function serveConfigurationOf<D>(document: D, changedPath: string) {
  const version = (number: number, rest: Partial<VersionSummary> = {}) =>
    versionSummary(number, { changed_paths: [changedPath], ...rest });
  const serve = ({ me = OWNER, document: start = document, current, load, put, routes }: ServeOptions<D> = {}) => {
    let saved = { version: version(7), document: start };
    const read = current ?? (() => saved);
    return stubServer((request) => {
      if (request.path === '/api/console/me') return { status: 200, body: me };
      if (request.method === 'GET' && request.path === CONFIGURATION_PATH) return load ?? { status: 200, body: read() };
      if (request.method !== 'PUT' || request.path !== CONFIGURATION_PATH) return routes?.(request);
      const answer = put?.(request) ?? { status: 200, body: { version: version(8) } };
      if (answer.status === 200)
        saved = {
          version: (answer.body as { version?: VersionSummary }).version ?? version(8),
          document: (request.body as { document: D }).document,
        };
      return answer;
    });
  };
  return { version, serve };
}

/** The documents the page sent to be saved, in order. */
export const saves = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT').map((r) => r.body);
/** How often the page read the configuration. */
export const loads = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === CONFIGURATION_PATH).length;
