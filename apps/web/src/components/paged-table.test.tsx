import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Page } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable } from './paged-table';

interface Row {
  id: number;
  name: string;
}

const columns = [{ title: '名称', dataIndex: 'name' }];

function queryOf(over: Partial<UseQueryResult<Page<Row>>>): UseQueryResult<Page<Row>> {
  return {
    data: undefined,
    error: null,
    isError: false,
    isPending: false,
    isFetching: false,
    isPlaceholderData: false,
    refetch: vi.fn(),
    ...over,
  } as unknown as UseQueryResult<Page<Row>>;
}

/** The table of a 10-row page 1 of `query`; `onPage` and `unit` as a test gives them. */
const renderTable = (
  query: UseQueryResult<Page<Row>>,
  more: { onPage?: (page: number) => void; unit?: string } = {},
) =>
  render(
    <PagedTable<Row>
      query={query}
      columns={columns}
      rowKey="id"
      page={1}
      size={10}
      onPage={() => {}}
      scrollX={400}
      {...more}
    />,
  );

describe('PagedTable', () => {
  it('shows 暂无数据 and no pager when there are no rows', () => {
    renderTable(queryOf({ data: { list: [], total: 0, page: 1, size: 10 } }));
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the rows, the total in its unit, and asks for another page', () => {
    const onPage = vi.fn();
    const list = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `企业${i + 1}` }));
    renderTable(queryOf({ data: { list, total: 23, page: 1, size: 10 } }), { onPage, unit: '家' });
    expect(screen.getByText('企业10')).toBeTruthy();
    expect(screen.getByText('共 23 家')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    expect(onPage).toHaveBeenCalledWith(3, 10);
  });

  it('offers a retry when the first load failed', () => {
    const refetch = vi.fn();
    renderTable(queryOf({ isError: true, error: new Error('x'), refetch }));
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(refetch).toHaveBeenCalled();
  });
});
