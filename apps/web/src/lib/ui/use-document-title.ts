// Page titles: '<page> - 查策网 - 会员中心'.
import { useEffect } from 'react';

const SITE_TITLE = '查策网 - 会员中心';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - ${SITE_TITLE}` : SITE_TITLE;
  }, [title]);
}
