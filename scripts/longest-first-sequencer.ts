import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The two accessibility walks (one per width) take two to three times as long as any other test
 * file. Vitest orders files it has no timings for (every fresh clone, every CI run) largest
 * first, and the walk's test files are tiny (the walk lives in e2e/support), so they would start
 * last and finish alone while the other workers idle. They start first instead.
 */
const LONGEST = /\/e2e\/accessibility-[a-z]+\.test\.ts$/;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [
      ...sorted.filter((file) => LONGEST.test(file.moduleId)),
      ...sorted.filter((file) => !LONGEST.test(file.moduleId)),
    ];
  }
}
