// Writes README.md's configuration table from apps/server/src/config.ts: the rows and meanings of `settingDocs`, the
// defaults of `envSchema`. `--check` writes nothing and fails when README.md differs (run by `npm run lint`).
import { readFile, writeFile } from 'node:fs/promises';
import { tsImport } from 'tsx/esm/api';

const root = new URL('..', import.meta.url);
const readmeUrl = new URL('README.md', root);
const START = '<!-- config-table:start';
const END = '<!-- config-table:end';

/** The default a variable's schema gives before any transform; undefined when it has none. */
function schemaDefault(schema) {
  const def = schema.def;
  if (def.type === 'default') return def.defaultValue;
  if (def.type === 'pipe') return schemaDefault(def.in);
  if (def.type === 'optional') return schemaDefault(def.innerType);
  return undefined;
}

function shownDefault(schema) {
  const value = schemaDefault(schema);
  if (value === undefined) return 'unset';
  if (value === '') return 'empty';
  return `\`${value}\``;
}

const cell = (text) => text.replaceAll('|', '\\|');

function table({ envSchema, settingDocs }) {
  const problems = [];
  const documented = new Set();
  const rows = settingDocs.map((doc) => {
    for (const name of doc.names) {
      if (!(name in envSchema.shape)) problems.push(`${name} has a row but is not a variable of envSchema`);
      if (documented.has(name)) problems.push(`${name} has more than one row`);
      documented.add(name);
    }
    const defaults = new Set(doc.names.map((name) => shownDefault(envSchema.shape[name])));
    if (doc.shownDefault !== undefined && !defaults.has('unset')) {
      problems.push(`${doc.names.join(', ')}: shownDefault is only for a default envSchema does not give`);
    }
    if (defaults.size > 1) problems.push(`${doc.names.join(', ')} share a row but not their default`);
    const names = doc.names.map((name) => `\`${name}\``).join(', ');
    return `| ${names} | ${cell(doc.shownDefault ?? [...defaults][0])} | ${cell(doc.meaning)} |`;
  });
  for (const name of Object.keys(envSchema.shape)) {
    if (!documented.has(name)) problems.push(`${name} has no row in settingDocs`);
  }
  if (problems.length > 0) {
    throw new Error(`apps/server/src/config.ts settingDocs:\n  ${problems.join('\n  ')}`);
  }
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** README.md with the lines between the two markers replaced by the table. */
function withTable(readme, generated) {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.startsWith(START));
  const end = lines.findIndex((line) => line.startsWith(END));
  if (start === -1 || end < start) {
    throw new Error(`README.md needs the lines ${START} -->, then ${END} --> around the configuration table`);
  }
  return [...lines.slice(0, start + 1), generated, ...lines.slice(end)].join('\n');
}

try {
  const config = await tsImport('../apps/server/src/config.ts', import.meta.url);
  const readme = await readFile(readmeUrl, 'utf8');
  const next = withTable(readme, table(config));
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      throw new Error(
        'README.md: the configuration table differs from apps/server/src/config.ts; run npm run docs:config',
      );
    }
    console.log('README.md: the configuration table matches apps/server/src/config.ts');
  } else if (next === readme) {
    console.log('README.md: the configuration table is up to date');
  } else {
    await writeFile(readmeUrl, next);
    console.log('README.md: configuration table written from apps/server/src/config.ts');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
