// Rich text the server has sanitized (a help article, a notice's body), drawn as HTML: passed once more through
// DOMPurify in the browser as a second line of defence (loaded on first use, so pages without rich text do not pay for
// it), in a container that styles headings, lists, tables (bordered, scrolling sideways on a phone) and images.
import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import './rich-content.css';

type Purify = (html: string) => string;
let purifier: Promise<Purify> | null = null;

function loadPurifier(): Promise<Purify> {
  purifier ??= import('dompurify').then(
    ({ default: DOMPurify }) =>
      (html: string) =>
        DOMPurify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] }),
  );
  return purifier;
}

export function RichContent({ html, label }: { html: string; label?: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setClean(null);
    void loadPurifier().then((purify) => {
      if (live) setClean(purify(html));
    });
    return () => {
      live = false;
    };
  }, [html]);
  if (clean === null) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again by DOMPurify above
    <section className="uc-rich-content" aria-label={label} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
