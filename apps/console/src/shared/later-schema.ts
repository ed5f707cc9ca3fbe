import { requiredChunk } from '@scheduler/ui/chunk-load';
import type { AnswerSchema } from '@scheduler/ui/api-error';
import type * as AnswerSchemasModule from './answer-schemas.ts';

type AnswerSchemas = typeof AnswerSchemasModule;

/**
 * The contracts' schemas that the console's first chunk reads answers by, loaded on demand
 * (decision 0073): with them and zod's full build the first chunk was 27 KB gzip heavier. The
 * first call downloads them beside its request; a failed download fails that call as a failed
 * request would, and the next call asks for the file again.
 */
export const answerSchemas = requiredChunk((): Promise<AnswerSchemas> => import('./answer-schemas.ts'));

/** A call's answer schema, picked from answer-schemas.ts once it has loaded: `callApi(path, later((s) => s.consoleMeSchema))`. */
export function later<T>(pick: (schemas: AnswerSchemas) => AnswerSchema<T>): () => Promise<AnswerSchema<T>> {
  return async () => pick(await answerSchemas());
}
