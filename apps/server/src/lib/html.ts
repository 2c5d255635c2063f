// Server-rendered HTML: escaping and one plain, self-contained page layout (inline CSS only, no external assets).
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;background:#f5f6f8;color:#262626;font:15px/1.75 -apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
  header{background:#fff;border-bottom:1px solid #e8e8e8}
  header .bar{max-width:880px;margin:0 auto;padding:14px 24px;font-weight:600;color:#1677ff}
  header a{color:inherit;text-decoration:none}
  main{max-width:880px;margin:24px auto;padding:32px 40px;background:#fff;border-radius:8px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
  h1{margin:0 0 8px;font-size:24px;text-align:center}
  .meta{margin:0 0 24px;color:#8c8c8c;font-size:13px;text-align:center}
  h2{margin:28px 0 8px;font-size:17px}
  p{margin:8px 0;text-indent:2em}
  p.plain{text-indent:0}
  a{color:#1677ff}
  .notice{padding:48px 0;text-align:center}
  .notice p{text-indent:0}
  .actions{margin-top:24px;text-align:center}
  .actions a{display:inline-block;margin:0 8px;padding:6px 18px;border:1px solid #1677ff;border-radius:6px;text-decoration:none}
  .actions a.primary{background:#1677ff;color:#fff}
  footer{padding:8px 24px 32px;color:#8c8c8c;font-size:12px;text-align:center}
  @media (max-width:640px){main{margin:0;padding:20px;border-radius:0}}
`;

interface PageParts {
  title: string;
  /** Trusted HTML; callers escape what they interpolate. */
  body: string;
  /** Plain-text footer lines. */
  footer: string[];
  /** Where the header's site name links to. */
  homeUrl: string;
}

export function renderPage({ title, body, footer, homeUrl }: PageParts): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><a href="${escapeHtml(homeUrl)}">查策网 · 会员中心</a></div></header>
<main>
${body}
</main>
<footer>${footer.map((line) => `<div>${escapeHtml(line)}</div>`).join('')}</footer>
</body>
</html>
`;
}
