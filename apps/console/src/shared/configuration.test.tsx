import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VersionConflict } from '@scheduler/contracts/configuration';
import { ApiError } from '@scheduler/ui/api-error';
import { CONFIGURATION_PATH, versionSummary } from '../test-support/configuration-server.ts';
import { refusal, renderConsoleHook, stubServer, type Answer } from '../test-support/render-page.tsx';
import {
  configurationQueryOptions,
  useConfigurationEditor,
  useRestoreVersion,
  useSaveConfiguration,
  versionDetailQueryOptions,
  versionsQueryOptions,
} from './configuration.ts';

/**
 * The configuration's calls as every editor makes them: a save answers the new version or
 * someone else's (a conflict is an answer, not a failure), anything else is thrown as a refusal,
 * and what was read is read again only after a save that took.
 */

const DOCUMENT = { key: 'demo', name: 'Scioto Valley Home Inspections' };
const LOADED = { version: versionSummary(7), document: DOCUMENT, highest_inspector_id: 0 };
const CONFLICT: VersionConflict = {
  error: { code: 'version_conflict', message: 'Someone else saved first.', field: 'base_version' },
  current: versionSummary(8, { saved_by: 'Dana Admin' }),
  changes: [{ path: 'name', kind: 'changed', before: 'A', after: 'B', text: 'Company name: "A" → "B"' }],
  truncated: false,
};

/** The server: the configuration as loaded, and `write`'s answer to a save or an undo. */
function serve(write: Answer = { status: 200, body: { version: versionSummary(8) } }) {
  return stubServer((request) => {
    if (request.method === 'GET' && request.path === CONFIGURATION_PATH) return { status: 200, body: LOADED };
    if (request.method === 'GET' && request.path === `${CONFIGURATION_PATH}/versions?page=2`)
      return { status: 200, body: { versions: [versionSummary(3)], page: 2, total: 23 } };
    if (request.method === 'GET' && request.path === `${CONFIGURATION_PATH}/versions/22`)
      return { status: 200, body: { version: versionSummary(22), against: 21, changes: [], truncated: false } };
    if (request.method !== 'GET') return write;
    return undefined;
  });
}

/** The save hook with the configuration already read, as an editor has it. */
async function saving(write?: Answer) {
  const requests = serve(write);
  const view = renderConsoleHook(() => useSaveConfiguration('demo'));
  await view.client.fetchQuery(configurationQueryOptions('demo'));
  const invalidated = () => view.client.getQueryState(configurationQueryOptions('demo').queryKey)?.isInvalidated;
  return { ...view, requests, invalidated };
}

describe("the configuration's reads", () => {
  it('reads the document, its version, and the highest inspector id (0 when the answer has none)', async () => {
    serve();
    const { client } = renderConsoleHook(() => null);
    expect(await client.fetchQuery(configurationQueryOptions('demo'))).toEqual(LOADED);
    // What an editor loaded stays as it was while the person edits.
    expect(
      client
        .getQueryCache()
        .find({ queryKey: configurationQueryOptions('demo').queryKey })
        ?.isStale(),
    ).toBe(false);
  });

  it('reads a page of versions, and one version with its changes', async () => {
    const requests = serve();
    const { client } = renderConsoleHook(() => null);
    expect((await client.fetchQuery(versionsQueryOptions('demo', 2))).total).toBe(23);
    expect((await client.fetchQuery(versionDetailQueryOptions('demo', 22))).against).toBe(21);
    expect(requests.map((r) => r.path)).toEqual([
      `${CONFIGURATION_PATH}/versions?page=2`,
      `${CONFIGURATION_PATH}/versions/22`,
    ]);
  });
});

describe('saving the configuration', () => {
  it('sends the document with the version it was edited from, answers the new version, and reads again', async () => {
    const { result, requests, invalidated } = await saving();
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync({ base_version: 7, document: DOCUMENT });
    });
    expect(answer).toEqual({ status: 'saved', saved: { version: versionSummary(8) } });
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: CONFIGURATION_PATH, body: { base_version: 7, document: DOCUMENT } },
    ]);
    await waitFor(() => expect(invalidated()).toBe(true));
  });

  it("answers someone else's save as a conflict, and keeps what the editor loaded", async () => {
    const { result, invalidated } = await saving({ status: 409, body: CONFLICT });
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync({ base_version: 7, document: DOCUMENT });
    });
    expect(answer).toEqual({ status: 'conflict', conflict: CONFLICT });
    expect(invalidated()).toBe(false);
  });

  it('throws a 409 that is not a conflict of versions as the refusal it is', async () => {
    const { result } = await saving(refusal(409, 'conflict', 'The company is being imported.'));
    await expect(result.current.mutateAsync({ base_version: 7, document: DOCUMENT })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'The company is being imported.',
    });
  });

  it('throws a refusal of the document with the field it names, and reads nothing again', async () => {
    const { result, invalidated } = await saving({
      status: 400,
      body: { error: { code: 'invalid_document', message: 'Too long.', field: 'offices.0.name' } },
    });
    const error = await result.current.mutateAsync({ base_version: 7, document: DOCUMENT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_document', field: 'offices.0.name' });
    expect(invalidated()).toBe(false);
  });

  it('throws an answer it does not understand as such, rather than a version', async () => {
    const { result } = await saving({ status: 200, body: { saved: true } });
    await expect(result.current.mutateAsync({ base_version: 7, document: DOCUMENT })).rejects.toThrow(
      'The server sent an answer the console does not understand. Please reload the page.',
    );
  });
});

describe('undoing to a version', () => {
  it('asks for that version back from the version the person saw, and reads again', async () => {
    const requests = serve({ status: 200, body: { version: versionSummary(24, { source: 'restore' }) } });
    const { result } = renderConsoleHook(() => useRestoreVersion('demo'));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync({ version: 21, baseVersion: 23 });
    });
    expect(answer).toMatchObject({ status: 'saved', saved: { version: { version: 24, source: 'restore' } } });
    expect(requests).toEqual([
      { method: 'POST', path: `${CONFIGURATION_PATH}/versions/21/restore`, body: { base_version: 23 } },
    ]);
  });
});

describe("an editor's save state", () => {
  it('keeps the last outcome until the person loads the newest version, which reads it again', async () => {
    serve();
    const { result, client } = renderConsoleHook(() => useConfigurationEditor('demo'));
    await client.fetchQuery(configurationQueryOptions('demo'));
    act(() => result.current.setOutcome({ status: 'conflict', conflict: CONFLICT }));
    expect(result.current.outcome).toEqual({ status: 'conflict', conflict: CONFLICT });

    act(() => result.current.loadNewest());
    expect(result.current.outcome).toBeNull();
    expect(client.getQueryState(configurationQueryOptions('demo').queryKey)?.isInvalidated).toBe(true);
  });
});
