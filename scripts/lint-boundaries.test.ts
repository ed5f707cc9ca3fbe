import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The import rules the repository's lint config reports for `code` placed at `filePath`. */
async function importProblems(code: string, filePath: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('the web boundaries the linter checks', () => {
  it("fails a step that imports another step's files", async () => {
    const snippet =
      "import PostalCodeStep from '../postal-code/PostalCodeStep.tsx';\nexport const step = PostalCodeStep;\n";
    const problems = await importProblems(snippet, 'apps/web/src/steps/calendar/Example.tsx');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("The calendar step may not import another step's files");
    const typeOnly =
      "import type { PostalCodeSaved } from '../../steps/postal-code/api.ts';\nexport type Saved = PostalCodeSaved;\n";
    expect(await importProblems(typeOnly, 'apps/web/src/steps/calendar/example.ts')).toHaveLength(1);
  }, 60_000);

  it('lets a step import its own files, the shared ones and the packages', async () => {
    const snippet = [
      "import { describeSlot } from './slot-labels.ts';",
      "import { texts } from '../../shared/texts.ts';",
      "import { useScheduler } from '../../shared/scheduler-context.tsx';",
      "import { SETTING } from '@scheduler/contracts/setting-keys';",
      'export const used = [describeSlot, texts, useScheduler, SETTING];',
      '',
    ].join('\n');
    expect(await importProblems(snippet, 'apps/web/src/steps/calendar/Example.tsx')).toEqual([]);
  }, 60_000);
});

describe('the layers the linter checks (ARCHITECTURE rule 14)', () => {
  const zone = 'import-x/no-restricted-paths';
  it("fails the wizard's shared/ importing app/, a step, the frame or the sidebar, and the frame importing a step", async () => {
    const upward = [
      "import { STEP_SCREENS } from '../app/step-screens.tsx';",
      "import { StepFrame } from '../frame/StepFrame.tsx';",
      "import { ReviewPanel } from '../sidebar/ReviewPanel.tsx';",
      "import PostalCodeStep from '../steps/postal-code/PostalCodeStep.tsx';",
      'export const used = [STEP_SCREENS, StepFrame, ReviewPanel, PostalCodeStep];',
      '',
    ].join('\n');
    expect(await importProblems(upward, 'apps/web/src/shared/Example.tsx', zone)).toHaveLength(4);
    const frame =
      "import PostalCodeStep from '../steps/postal-code/PostalCodeStep.tsx';\nexport const used = PostalCodeStep;\n";
    expect(await importProblems(frame, 'apps/web/src/frame/Example.tsx', zone)).toHaveLength(1);
  }, 60_000);

  it("fails the console's shared/ importing app/ or a page", async () => {
    const upward = "import { App } from '../app/App.tsx';\nexport const used = App;\n";
    expect(await importProblems(upward, 'apps/console/src/shared/Example.tsx', zone)).toHaveLength(1);
  }, 60_000);

  it('lets a step import the frame, shared/ and the packages', async () => {
    const snippet = [
      "import { StepFrame } from '../../frame/StepFrame.tsx';",
      "import { texts } from '../../shared/texts.ts';",
      "import { visuallyHidden } from '@scheduler/ui/visually-hidden';",
      'export const used = [StepFrame, texts, visuallyHidden];',
      '',
    ].join('\n');
    expect(await importProblems(snippet, 'apps/web/src/steps/calendar/Example.tsx', zone)).toEqual([]);
  }, 60_000);
});
