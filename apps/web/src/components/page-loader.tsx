// Full-area loading indicator for route and session loading. Plain CSS (global.css), since it ships in the
// entry chunk and paints before antd's components have loaded.
export function PageLoader({ fullscreen = false, tip = '加载中…' }: { fullscreen?: boolean; tip?: string }) {
  return (
    <div
      className="uc-page-loader"
      style={{ minHeight: fullscreen ? '100vh' : 320 }}
      role="status"
      aria-live="polite"
    >
      <span className="uc-page-loader-ring" aria-hidden="true" />
      <span className="uc-page-loader-tip">{tip}</span>
    </div>
  );
}
