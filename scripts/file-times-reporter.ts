import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files of each project the table lists (the browser project's: all). */
const SLOWEST_PER_PROJECT = 8;
const LISTED_WHOLE = 'e2e';

interface FileTime {
  project: string;
  file: string;
  /** From the file's import to its last test's end: what it held a worker for. */
  seconds: number;
}

function fileTime(testModule: TestModule): FileTime {
  const diagnostic = testModule.diagnostic();
  const held =
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.collectDuration +
    diagnostic.setupDuration +
    diagnostic.duration;
  return { project: testModule.project.name, file: relative(process.cwd(), testModule.moduleId), seconds: held / 1000 };
}

function row(time: FileTime): string {
  return `  ${time.seconds.toFixed(1).padStart(7)} s  ${time.file}`;
}

/**
 * `npm test`'s table of where the time went: each project's files' total, every browser-test file's
 * time and each other project's slowest files, so that the next person trimming the test loop
 * starts from figures, not guesses. Worker-seconds: files run side by side, so the totals add up to
 * more than the run's wall time.
 */
export default class FileTimesReporter implements Reporter {
  private readonly runStarted = performance.now();
  /** Each project's first file start and last file end, in seconds since the run began. */
  private readonly spans = new Map<string, { from: number; to: number }>();

  onTestModuleStart(testModule: TestModule): void {
    const now = (performance.now() - this.runStarted) / 1000;
    const span = this.spans.get(testModule.project.name);
    if (!span) this.spans.set(testModule.project.name, { from: now, to: now });
    else span.from = Math.min(span.from, now);
  }

  onTestModuleEnd(testModule: TestModule): void {
    const span = this.spans.get(testModule.project.name);
    if (span) span.to = (performance.now() - this.runStarted) / 1000;
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const times = testModules.map(fileTime);
    const projects = [...new Set(times.map((time) => time.project))].sort();
    const lines = ['', 'Where the time went (worker-seconds per file; files run side by side):'];
    for (const project of projects) {
      const files = times.filter((time) => time.project === project).sort((a, b) => b.seconds - a.seconds);
      const total = files.reduce((sum, time) => sum + time.seconds, 0);
      const span = this.spans.get(project);
      const when = span ? `, from ${span.from.toFixed(0)} s to ${span.to.toFixed(0)} s of the run` : '';
      lines.push(`${project}: ${files.length} files, ${total.toFixed(0)} s${when}`);
      lines.push(...(project === LISTED_WHOLE ? files : files.slice(0, SLOWEST_PER_PROJECT)).map(row));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
