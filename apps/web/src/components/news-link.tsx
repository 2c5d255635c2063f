// A link to a news item's public page (/news/detail?guid=), opened in a new tab; used by the dashboard and news list.
import type { NewsItem } from '@uc/shared';
import type { AnchorHTMLAttributes } from 'react';
import { runtimeConfig } from '../lib/runtime-config';

/** The public detail page is served beside the API (same origin unless the API lives elsewhere). */
function newsDetailUrl(item: Pick<NewsItem, 'id' | 'guid'>): string {
  const guid = item.guid || String(item.id);
  return `${runtimeConfig().apiBaseUrl.replace(/\/+$/, '')}/news/detail?guid=${encodeURIComponent(guid)}`;
}

export function NewsLink({
  item,
  ...props
}: { item: Pick<NewsItem, 'id' | 'guid' | 'title'> } & Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href'
>) {
  return (
    <a href={newsDetailUrl(item)} target="_blank" rel="noopener noreferrer" title={item.title} {...props}>
      {props.children ?? item.title}
    </a>
  );
}
