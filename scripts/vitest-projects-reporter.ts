// A vitest reporter that keeps, per project, how many files ran, the seconds its files kept a worker busy and the
// span from its first file's start to its last file's end; written to .reports/vitest-projects.json for the stage
// table that scripts/test-summary.mjs prints at the end of a CI run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTiming {
  files: number;
  busyMs: number;
  firstStart: number;
  lastEnd: number;
}

export default class ProjectsReporter implements Reporter {
  private readonly projects = new Map<string, ProjectTiming>();
  private startedAt = Date.now();

  constructor(private readonly outputFile: string) {}

  onTestRunStart() {
    this.startedAt = Date.now();
  }

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const busy =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const end = Date.now();
    const name = module.project.name || 'default';
    const t = this.projects.get(name) ?? { files: 0, busyMs: 0, firstStart: end - busy, lastEnd: end };
    t.files += 1;
    t.busyMs += busy;
    t.firstStart = Math.min(t.firstStart, end - busy);
    t.lastEnd = Math.max(t.lastEnd, end);
    this.projects.set(name, t);
  }

  onTestRunEnd() {
    const projects = [...this.projects].map(([name, t]) => ({
      name,
      files: t.files,
      busySeconds: Math.round(t.busyMs / 1000),
      fromSecond: Math.max(0, Math.round((t.firstStart - this.startedAt) / 1000)),
      toSecond: Math.round((t.lastEnd - this.startedAt) / 1000),
    }));
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(
      this.outputFile,
      `${JSON.stringify({ seconds: Math.round((Date.now() - this.startedAt) / 1000), projects }, null, 2)}\n`,
    );
  }
}
