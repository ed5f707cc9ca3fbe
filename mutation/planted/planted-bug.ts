/**
 * A bug planted on purpose (issue 22): one small change of the code, and the test files that
 * must fail while it is in. `npm run planted` plants each in turn and shows that they do.
 */
export interface PlantedBug {
  /** "22.1" for the first named bug; "22.x-…" for one of the same kind found elsewhere. */
  id: string;
  /** The bug in a sentence, as a reviewer would name it. */
  bug: string;
  /** The file changed, from the repository's root. */
  file: string;
  /** Text that occurs exactly once in the file (or at least `nth` times)… */
  find: string;
  /** Which occurrence of `find` to change, from 1, when it occurs more than once. */
  nth?: number;
  /** …and what it becomes while the bug is planted. */
  replace: string;
  /** Test files (from the root) of which at least one must fail with the bug in. */
  tests: string[];
}
