// Page and size kept in the URL query (?page=2&size=20), so a refresh or a shared link keeps the page.
import { Pagination } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

const PAGE_SIZES = [10, 20, 50] as const;

/** What a list with no ?page or ?size shows. */
export const FIRST_PAGE = { page: 1, size: PAGE_SIZES[0] } as const;

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Reads ?page and ?size (size limited to PAGE_SIZES) and writes both back; a new page starts at its top. */
export function useUrlPagination(defaultSize: number = PAGE_SIZES[0]) {
  const [search, setSearch] = useSearchParams();
  const page = positiveInt(search.get('page'), 1);
  const rawSize = positiveInt(search.get('size'), defaultSize);
  const size = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : defaultSize;
  const setPage = (nextPage: number, nextSize: number = size) => {
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      // A new page size starts from the first page.
      next.set('page', String(nextSize === size ? nextPage : 1));
      next.set('size', String(nextSize));
      return next;
    });
    window.scrollTo({ top: 0 });
  };
  return { page, size, setPage };
}

/** The last page of `total` rows in pages of `size` (1 when there are none). */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * Keeps ?page within the list: a page past the last one (an old link, rows deleted meanwhile) is replaced in the
 * URL by the last page, so the list, the pager and the address agree. `total` is that of the page asked for;
 * undefined while it is unknown (loading, or the previous page's rows still shown).
 */
export function useKeepPageInRange(page: number, size: number, total: number | undefined): void {
  const [, setSearch] = useSearchParams();
  const last = total === undefined ? page : lastPage(total, size);
  useEffect(() => {
    if (page <= last) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(last));
        return next;
      },
      { replace: true },
    );
  }, [page, last, setSearch]);
}

export function UrlPagination({
  page,
  size,
  total,
  onChange,
  simple = false,
}: {
  page: number;
  size: number;
  total: number;
  onChange: (page: number, size: number) => void;
  /** A phone's pager: 1 / 17 with arrows, no total or size changer (the page shows its own total). */
  simple?: boolean;
}) {
  if (total <= 0) return null;
  return (
    <Pagination
      align="end"
      current={page}
      pageSize={size}
      total={total}
      simple={simple}
      showSizeChanger={!simple}
      pageSizeOptions={PAGE_SIZES.map(String)}
      showTotal={simple ? undefined : (count) => `共 ${count} 条`}
      onChange={onChange}
      style={{ marginTop: 16 }}
    />
  );
}
