/** npm run bench [-- web]: runs the named benchmarks, or all of them. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { benchAvailability } from './availability.ts';
import { benchConfirm } from './confirm.ts';
import { benchDirectorySave } from './directory-save.ts';
import { benchDraftsPrune } from './drafts-prune.ts';
import { benchPricing } from './pricing.ts';
import { benchRetention } from './retention.ts';
import { benchRetentionScale } from './retention-scale.ts';
import { benchScale } from './scale/bench-scale.ts';
import { benchSearch } from './search.ts';
import { benchWeb } from './web.ts';

const BENCHMARKS: Record<string, () => Promise<boolean>> = {
  availability: benchAvailability,
  pricing: benchPricing,
  search: benchSearch,
  confirm: benchConfirm,
  'directory-save': benchDirectorySave,
  'drafts-prune': benchDraftsPrune,
  scale: benchScale,
  retention: benchRetention,
  'retention-scale': benchRetentionScale,
  web: async () => {
    if (!existsSync('apps/web/dist/index.html') || process.env.BENCH_SKIP_BUILD !== '1') {
      const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
      if (build.status !== 0) return false;
    }
    return benchWeb();
  },
};

const requested = process.argv.slice(2);
const names = requested.length ? requested : Object.keys(BENCHMARKS);
let ok = true;
for (const name of names) {
  const bench = BENCHMARKS[name];
  if (!bench) {
    process.stderr.write(`unknown benchmark "${name}"; known: ${Object.keys(BENCHMARKS).join(', ')}\n`);
    process.exit(2);
  }
  ok = (await bench()) && ok;
}
process.exit(ok ? 0 : 1);
