// The iframe area: an allowed external tool inside the content area, its height driven by the tool's messages.
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { parseIframeHeight } from './iframe-height';

export function ToolFrame({ url }: { url: string }) {
  const origin = new URL(url).origin;
  const frame = useRef<HTMLIFrameElement>(null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [height, setHeight] = useState<number | null>(null);
  // The frame is made in the browser, after its message listener: drawn by the server, the tool would load (and
  // send its height) before the page could listen, and its load event would pass unseen.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const loading = loadedUrl !== url;

  useEffect(() => {
    setHeight(null);
    const onMessage = (event: MessageEvent) => {
      // Only the embedded tool itself may resize its frame.
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const next = parseIframeHeight(event.data);
      if (next !== null) setHeight(next);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  return (
    <div className="uc-tool-frame">
      {loading && (
        <div className="uc-tool-frame-loading">
          <Spin size="large" description="工具加载中…" />
        </div>
      )}
      {mounted && (
        <iframe
          ref={frame}
          key={url}
          title="在线工具"
          data-testid="tool-iframe"
          src={url}
          onLoad={() => setLoadedUrl(url)}
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
          style={{ height: height ?? 'calc(100vh - 190px)' }}
        />
      )}
    </div>
  );
}
