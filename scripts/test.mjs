#!/usr/bin/env node
// `npm test`: the production build, then the browser journeys against it, side by side with the unit and API suites
// (vitest). Each stage is timed into .reports/stages.tsv (docs/testing.md); the build's output goes to
// .reports/build.log so it does not interleave with the others'. The journeys and vitest share the machine: neither
// keeps both cores busy on its own (the server suites wait on PostgreSQL and on their child servers, the journeys on
// pages), so together they finish sooner than one after the other. Exits non-zero when any stage fails; every stage
// runs whatever another's result, so one run shows every failure.
import { stage } from './stages.mjs';

const node = process.execPath;
const journeys = stage('build', node, ['scripts/build.mjs'], { log: 'build.log' }).then((built) =>
  built === 0
    ? stage(
        'journeys',
        node,
        ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts'],
        {
          log: 'journeys.log',
        },
      )
    : 1,
);
const unit = stage('vitest', node, ['node_modules/vitest/vitest.mjs', 'run']);
const results = await Promise.all([unit, journeys]);
process.exit(results.some((rc) => rc !== 0) ? 1 : 0);
