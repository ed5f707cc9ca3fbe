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

/** "Who am I", the configuration (as `current()` says at each call), and the answer to a save (none: the test's stub says nothing). */
export function serveConfiguration<D>({
  me = OWNER,
  current,
  put,
}: {
  me?: ConsoleMe;
  current: () => { version: VersionSummary; document: D };
  put?: (request: RecordedRequest) => Answer | undefined;
}) {
  return stubServer((request) => {
    if (request.path === '/api/console/me') return { status: 200, body: me };
    if (request.method === 'GET' && request.path === CONFIGURATION_PATH) return { status: 200, body: current() };
    if (request.method === 'PUT' && request.path === CONFIGURATION_PATH) return put?.(request);
    return undefined;
  });
}

/** The documents the page sent to be saved, in order. */
export const saves = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT').map((r) => r.body);
/** How often the page read the configuration. */
export const loads = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === CONFIGURATION_PATH).length;

/**
 * The server of an editor's page test: who is signed in, the document at version 7, and a save
 * that becomes version 8 (the page then reads what it saved) unless `put` answers otherwise.
 * `version` makes the summaries, so each page names the paths its own saves change.
 */
export function serveSavingConfiguration<D>({
  me = OWNER,
  put,
  document,
  version,
}: {
  me?: ConsoleMe;
  put?: (request: RecordedRequest) => Answer;
  document: D;
  version: (number: number) => VersionSummary;
}) {
  let current: { version: VersionSummary; document: D } = { version: version(7), document };
  return serveConfiguration({
    me,
    current: () => current,
    put: (request) => {
      const answer = put?.(request) ?? { status: 200, body: { version: version(8) } };
      if (answer.status === 200)
        current = { version: version(8), document: (request.body as { document: D }).document };
      return answer;
    },
  });
}
