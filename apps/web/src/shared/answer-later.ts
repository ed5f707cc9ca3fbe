import { requiredChunk } from '@scheduler/ui/chunk-load';
import type * as LaterAnswersModule from './later-answers.ts';
import type { LaterAnswer, LaterAnswerName } from './later-answers.ts';

type LaterAnswers = typeof LaterAnswersModule;

let resolveLoaded: (answers: LaterAnswers) => void;
/**
 * The parser, once a call has loaded it. Waiting for it never loads it: the data the page was
 * served with (first-load.ts) is read when the first call brings the parser, not before the first
 * step shows.
 */
export const answersLoaded = new Promise<LaterAnswers>((resolve) => (resolveLoaded = resolve));

const laterAnswers = requiredChunk(() =>
  import('./later-answers.ts').then((answers) => {
    resolveLoaded(answers);
    return answers;
  }),
);

/**
 * A call's `parse` on the first steps' path (decision 0056): reads the answer by its contract's
 * schema, which later-answers.ts holds with zod's full build, more than a first step's weight
 * budget has room for. Call it where the call is made: the parser downloads beside the request,
 * and a failed download fails the call as a failed request would.
 */
export function answerLater<K extends LaterAnswerName>(
  name: K,
): (status: number, body: unknown) => Promise<LaterAnswer<K>> {
  const answers = laterAnswers();
  // Read by the parse; left unread when the call fails first, which is no error of its own.
  answers.catch(() => undefined);
  return async (status, body) => (await answers).readAnswer(name, status, body);
}
