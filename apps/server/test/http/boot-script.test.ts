// The pages' one inline script runs as written (a name clash or a syntax slip would leave every page without its app):
// run against a minimal document, it adds the preloads and the entry, and on a server-drawn page it defines the replay.
import { REPLAY_EARLY_INPUT } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../../src/plugins/boot-script.js';

function run(drawn: boolean) {
  const added: { rel?: string; href?: string; src?: string }[] = [];
  const listeners: string[] = [];
  const document = {
    getElementById: (id: string) =>
      id === 'uc-boot'
        ? { textContent: JSON.stringify({ entry: '/e.js', links: [['modulepreload', '/a.js']] }) }
        : { hasAttribute: () => drawn },
    createElement: () => ({}),
    head: { appendChild: (element: (typeof added)[number]) => added.push(element) },
    addEventListener: (name: string) => listeners.push(name),
    removeEventListener: () => {},
  };
  const window: Record<string, unknown> = {};
  const now = (f: () => void) => f();
  new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', BOOT_SCRIPT)(
    document,
    window,
    now,
    now,
  );
  return { added, listeners, window };
}

describe('boot script', () => {
  it('adds the preloads and the entry once', () => {
    const { added, listeners, window } = run(false);
    expect(added.map((e) => [e.rel, e.href ?? e.src])).toEqual([
      ['modulepreload', '/a.js'],
      [undefined, '/e.js'],
    ]);
    expect(listeners).toEqual([]);
    expect(window[REPLAY_EARLY_INPUT]).toBeUndefined();
  });

  it('on a server-drawn page records clicks and typing, holds Enter in fields, and defines the replay', () => {
    const { listeners, window } = run(true);
    expect(listeners).toEqual(['click', 'input', 'keydown']);
    expect(typeof window[REPLAY_EARLY_INPUT]).toBe('function');
  });
});
