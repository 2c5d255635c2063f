#!/usr/bin/env node
// `npm test`: the unit and API suites (vitest) beside the production build, then the browser journeys against that
// build. Each stage is timed into .reports/stages.tsv (docs/testing.md); the build's output goes to
// .reports/build.log so it does not interleave with vitest's. Exits non-zero when any stage fails; the journeys run
// even when vitest failed, so one run shows every failure. The journeys wait for vitest: run side by side, the
// browsers' many threads took most of both cores and vitest took 1,018 s instead of about 425 (docs/testing.md).
import { stage } from './stages.mjs';

const node = process.execPath;
const [unit, build] = await Promise.all([
  stage('vitest', node, ['node_modules/vitest/vitest.mjs', 'run']),
  stage('build', node, ['scripts/build.mjs'], { log: 'build.log' }),
]);
const journeys =
  build === 0
    ? await stage('journeys', node, [
        'node_modules/@playwright/test/cli.js',
        'test',
        '-c',
        'e2e/playwright.config.ts',
      ])
    : 1;
process.exit(unit || build || journeys ? 1 : 0);
