// Cross-tab session messages over BroadcastChannel 'uc-session' (docs/architecture.md §5: tabs follow each other).

export type SessionMessage = { type: 'login'; token: string } | { type: 'logout' };

const CHANNEL = 'uc-session';
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  }
  return channel;
}

export function broadcastSession(message: SessionMessage): void {
  try {
    getChannel()?.postMessage(message);
  } catch {
    // A closed channel (page unloading) is not worth an error.
  }
}

export function onSessionMessage(listener: (message: SessionMessage) => void): () => void {
  const ch = getChannel();
  if (!ch) return () => {};
  const handler = (event: MessageEvent<SessionMessage>) => listener(event.data);
  ch.addEventListener('message', handler);
  return () => ch.removeEventListener('message', handler);
}
