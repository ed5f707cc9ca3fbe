import { parsedAnswer, type AnswerSchema } from '@scheduler/ui/api-error';

/**
 * A call's `parse` (api-client.ts) that reads the answer by its contract's schema: a shape the
 * contract does not describe is the server's fault, not the visitor's, and says so. For a module
 * whose chunk holds zod's full build with its contract; the first steps' calls, whose chunks must
 * not, take `answerLater` (answer-later.ts), which ends here once its parser has loaded (decision
 * 0056). Apart from api-client.ts, which every first step loads.
 */
export function answerBy<T>(schema: AnswerSchema<T>): (status: number, body: unknown) => T {
  return (status, body) =>
    parsedAnswer(
      status,
      schema,
      body,
      'The server sent an answer this page does not understand. Please reload the page.',
    );
}
