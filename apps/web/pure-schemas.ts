// A build plugin of the web app: the zod schemas of packages/shared are built at the top of its modules, beside the
// constants (paths, labels, messages) the pages import from the same files. A bundler must keep a call it cannot
// prove free of side effects, so every page importing one constant would carry the module's schemas and all of zod.
// packages/shared holds definitions only: a call in the value of a top-level `const` builds a value (a schema, a
// map, a list) and does nothing else. This plugin says so with a `/* @__PURE__ */` annotation before each such call,
// so a value no code reads is dropped, and zod with the last schema.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const SHARED_SOURCE = /[\\/]packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/;
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

function isNode(value: unknown): value is Node {
  return !!value && typeof value === 'object' && typeof (value as Node).type === 'string';
}

/**
 * Start offsets of the calls in a value, outside function bodies: each chain (`z.string().min(1).optional()`) once,
 * at its start (the annotation covers the outermost call there), then the calls in each link's arguments.
 */
function calls(node: unknown, found: number[]): void {
  if (Array.isArray(node)) {
    for (const child of node) calls(child, found);
    return;
  }
  if (!isNode(node) || FUNCTIONS.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') {
    found.push(node.start);
    let link: Node = node;
    for (;;) {
      if (link.type === 'CallExpression' || link.type === 'NewExpression') {
        calls(link.arguments, found);
        link = link.callee as Node;
      } else if (link.type === 'MemberExpression') {
        if (link.computed) calls(link.property, found);
        link = link.object as Node;
      } else {
        calls(link, found);
        return;
      }
    }
  }
  for (const key of Object.keys(node)) {
    if (key !== 'type' && key !== 'start' && key !== 'end') calls(node[key], found);
  }
}

/** The top-level `const` declarations of a module, exported or not. */
function topLevelConsts(program: Node): Node[] {
  const out: Node[] = [];
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)
        ? statement.declaration
        : statement;
    if (declaration.type === 'VariableDeclaration' && declaration.kind === 'const')
      out.push(...(declaration.declarations as Node[]));
  }
  return out;
}

export function pureSchemas(): Plugin {
  return {
    name: 'uc:pure-schemas',
    apply: 'build',
    transform(code, id) {
      if (!SHARED_SOURCE.test(id)) return null;
      const found: number[] = [];
      for (const declarator of topLevelConsts(this.parse(code) as unknown as Node))
        calls(declarator.init, found);
      if (found.length === 0) return null;
      const out = new MagicString(code);
      for (const start of new Set(found)) out.appendLeft(start, '/* @__PURE__ */ ');
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
