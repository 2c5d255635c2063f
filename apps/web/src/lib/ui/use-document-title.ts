// Page titles: '<page> - 查策网 - 会员中心', naming the site once.
import { useEffect } from 'react';

const SITE_PARTS = ['查策网', '会员中心'] as const;
const SITE_TITLE = SITE_PARTS.join(' - ');

/**
 * The tab title of a page. A page named like a part of the site title (the dashboard's menu title is 会员中心) adds
 * nothing to it, so it reads as the site title alone, as index.html does before the app runs.
 */
export function documentTitle(title: string | undefined): string {
  const page = title?.trim() ?? '';
  return page && !(SITE_PARTS as readonly string[]).includes(page) ? `${page} - ${SITE_TITLE}` : SITE_TITLE;
}

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
