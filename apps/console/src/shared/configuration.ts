import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SaveConfigurationBody, SavedConfiguration, VersionConflict } from '@scheduler/contracts/configuration';
import { answerOf, callApi, companyApi, errorOf } from './api.ts';
import { answerSchemas, later } from './later-schema.ts';
import { consoleKeys } from './queries.ts';

/**
 * The company's configuration (issue 26): the whole document and its versions. A save or an undo
 * answers with the new version, or with a conflict (someone saved in between) that the page shows
 * as what they changed: a conflict is an answer, not a failure.
 */
const configurationKey = (companyKey: string) => [...consoleKeys.company(companyKey), 'configuration'] as const;

export function configurationQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: [...configurationKey(companyKey), 'document'] as const,
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, '/configuration'),
        later((schemas) => schemas.configurationResponseSchema),
        { signal },
      ),
    // An editor keeps what it loaded: a refetch under someone's edits would look like a lost change.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function versionsQueryOptions(companyKey: string, page: number) {
  return queryOptions({
    queryKey: [...configurationKey(companyKey), 'versions', page] as const,
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, `/configuration/versions?page=${page}`),
        later((schemas) => schemas.versionsResponseSchema),
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

export function versionDetailQueryOptions(companyKey: string, version: number) {
  return queryOptions({
    queryKey: [...configurationKey(companyKey), 'version', version] as const,
    queryFn: ({ signal }) =>
      callApi(
        companyApi(companyKey, `/configuration/versions/${version}`),
        later((schemas) => schemas.versionDetailSchema),
        { signal },
      ),
    staleTime: Infinity,
  });
}

export type SaveResult =
  { status: 'saved'; saved: SavedConfiguration } | { status: 'conflict'; conflict: VersionConflict };

/** A save or an undo: 200 is the new version, 409 the conflict; anything else throws as any call does. */
async function saveCall(path: string, method: 'PUT' | 'POST', body: unknown): Promise<SaveResult> {
  const loading = answerSchemas();
  loading.catch(() => undefined);
  const response = await fetch(path, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const { savedConfigurationSchema, versionConflictSchema } = await loading;
  if (response.status === 200)
    return { status: 'saved', saved: answerOf(200, savedConfigurationSchema, await response.json()) };
  if (response.status === 409) {
    const conflict = versionConflictSchema.safeParse(await response.clone().json());
    if (conflict.success) return { status: 'conflict', conflict: conflict.data };
  }
  throw await errorOf(response);
}

/** After a save or an undo, everything configuration-shaped is read again (the document, the history). */
function useConfigurationChange<T>(companyKey: string, change: (input: T) => Promise<SaveResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (result) => {
      if (result.status === 'saved') void queryClient.invalidateQueries({ queryKey: configurationKey(companyKey) });
    },
  });
}

export function useSaveConfiguration(companyKey: string) {
  return useConfigurationChange(companyKey, (body: SaveConfigurationBody) =>
    saveCall(companyApi(companyKey, '/configuration'), 'PUT', body),
  );
}

export function useRestoreVersion(companyKey: string) {
  return useConfigurationChange(companyKey, ({ version, baseVersion }: { version: number; baseVersion: number }) =>
    saveCall(companyApi(companyKey, `/configuration/versions/${version}/restore`), 'POST', {
      base_version: baseVersion,
    }),
  );
}

/** Forgets the loaded document, so the editor loads the newest version (after a conflict, on the person's say-so). */
export function useReloadConfiguration(companyKey: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: configurationKey(companyKey) });
}

/**
 * What every configuration editor keeps about saving: the save itself, what became of the last
 * one (for SaveOutcome), and loading the newest version on the person's say-so after someone
 * else's save, which also clears that outcome.
 */
export function useConfigurationEditor(companyKey: string) {
  const save = useSaveConfiguration(companyKey);
  const reload = useReloadConfiguration(companyKey);
  const [outcome, setOutcome] = useState<SaveResult | null>(null);
  const loadNewest = () => {
    setOutcome(null);
    void reload();
  };
  return { save, outcome, setOutcome, loadNewest };
}
