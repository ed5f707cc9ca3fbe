import { parsedAnswer, type AnswerSchema } from '@scheduler/ui/api-error';

/**
 * A call's `parse` (api-client.ts) that reads the answer by its contract's schema. Its own module,
 * so that only the steps that parse carry it: a shape the contract does not describe is the
 * server's fault, not the visitor's, and says so.
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
