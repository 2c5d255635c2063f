// The real server as a child process (the durability tests, the benchmarks): started from the source or the build,
// ready once /healthz answers, then stopped gracefully (SIGTERM) or killed outright (SIGKILL).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server. */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A first start migrates and seeds (hashing the demo passwords): slow on a busy machine. */
const READY_WITHIN_MS = 90_000;
const POLL_MS = 50;
/** How much of the server's stderr is kept for the error when it exits before it is ready. */
const STDERR_TAIL = 2_000;

/** The server as the tests start it: no log, no per-IP limits (a test's own stream of calls is not an attack). */
export const TEST_SERVER_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '0',
  LOGIN_MAX_PER_IP_PER_MINUTE: '100000',
};

export interface StartServerOptions {
  /** `source`: src/main.ts through tsx, as the tests run it; `build`: dist/main.js (build it first). */
  entry: 'source' | 'build';
  /** Laid over this process's environment; PORT and HOST are set here. */
  env?: Record<string, string>;
  /** A free one when not given. */
  port?: number;
  /** `inherit` shows the server's stderr as it comes; `keep` (the default) keeps its end for a failed start. */
  stderr?: 'inherit' | 'keep';
  readyWithinMs?: number;
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  /** http://127.0.0.1:port */
  readonly origin: string;
  /** SIGTERM (the server closes gracefully); resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9); resolves once it has exited. */
  kill(): Promise<void>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const healthy = (origin: string) =>
  fetch(`${origin}/healthz`).then(
    (res) => res.ok,
    () => false,
  );

/**
 * Whether process `pid` holds the listening socket of `port` (Linux /proc). A free port found by `freePort` may be
 * taken by another process before the child binds it; that process would then answer the health check, and a test
 * would talk to someone else's server.
 */
async function listensOn(pid: number, port: number): Promise<boolean> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; field 9 is the socket's inode.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
    }
  }
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
}

/** Sends `signal` and resolves once the process has exited (at once when it already has). */
function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A free port was taken by another process between the check and the child's bind. */
class PortTaken extends Error {}

/**
 * Starts the server on 127.0.0.1 and resolves once its /healthz answers 200 from the child itself. A port chosen
 * here that another process takes first is chosen again.
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options, options.port ?? (await freePort()));
    } catch (error) {
      if (!(error instanceof PortTaken) || options.port !== undefined || attempt >= 3) throw error;
    }
  }
}

async function startOnce(options: StartServerOptions, port: number): Promise<ServerProcess> {
  const origin = `http://127.0.0.1:${port}`;
  // A server left over from an interrupted run would answer the health check below and be used instead.
  if (await healthy(origin))
    throw new Error(`port ${port} is already in use: stop what listens there or choose another port`);

  const args =
    options.entry === 'source'
      ? ['--conditions=@uc/source', '--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')]
      : [path.join(SERVER_ROOT, 'dist/main.js')];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', options.stderr === 'inherit' ? 'inherit' : 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = `${stderr}${chunk.toString()}`.slice(-STDERR_TAIL);
  });
  const server: ServerProcess = {
    child,
    port,
    origin,
    stop: () => ended(child, 'SIGTERM'),
    kill: () => ended(child, 'SIGKILL'),
  };

  const deadline = Date.now() + (options.readyWithinMs ?? READY_WITHIN_MS);
  while (!(await healthy(origin))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited with ${child.exitCode ?? child.signalCode} before it was ready: ${stderr}`,
      );
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server did not answer ${origin}/healthz within the time allowed: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  if (child.pid !== undefined && process.platform === 'linux' && !(await listensOn(child.pid, port))) {
    await server.kill();
    throw new PortTaken(`port ${port} answers from another process than the server started on it`);
  }
  return server;
}
