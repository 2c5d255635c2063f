// The list shape every console section copies (Ant Design Pro): a search form, a toolbar with 导出 (every list of
// records exports; a queue worked one by one may not) and the list's actions (batch actions on the selected rows), a
// server-paged table with its loading and 暂无数据 states.
import { Card, Empty, Space, Table, type TableColumnsType, Typography } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { ExportButton } from './export-button';
import { SearchForm } from './search-form';
import { type ListQuery, PAGE_SIZES } from './use-list-query';

export interface ListPageProps<T> {
  /** The list, its title, search fields and 导出 those of its spec. */
  list: ListQuery<T>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  /** The toolbar's other actions beside 导出 (新建). */
  actions?: ReactNode;
  /** With it, rows can be selected and these act on them (shown while some are selected). */
  batchActions?: (selected: T[], clear: () => void) => ReactNode;
  /** Table width for horizontal scrolling when the columns need more room. */
  scrollX?: number;
}

/** The 操作 column at a list's right edge, `width` wide: `render` gives a row's buttons. */
export function operationsColumn<T>(
  width: number,
  render: (row: T) => ReactNode,
): TableColumnsType<T>[number] {
  return { title: '操作', key: 'actions', width, fixed: 'right', render: (_, row) => render(row) };
}

export function ListPage<T extends object>({
  list,
  columns,
  rowKey,
  actions,
  batchActions,
  scrollX,
}: ListPageProps<T>) {
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const clear = () => setSelected({ keys: [], rows: [] });
  const { data, isFetching, error } = list.query;
  const { title, fields, exportTo } = list.spec;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <SearchForm fields={fields} value={list.filter} onSearch={list.search} />
      </Card>
      <Card
        title={title}
        extra={
          <Space>
            {batchActions && selected.rows.length > 0 && (
              <>
                <Typography.Text type="secondary">已选 {selected.rows.length} 项</Typography.Text>
                {batchActions(selected.rows, clear)}
              </>
            )}
            {exportTo && (
              <ExportButton
                path={exportTo.path}
                query={list.filter}
                fileName={exportTo.fileName}
                permission={exportTo.permission}
              />
            )}
            {actions}
          </Space>
        }
      >
        <Table<T>
          rowKey={rowKey}
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          scroll={scrollX ? { x: scrollX } : undefined}
          rowSelection={
            batchActions
              ? {
                  selectedRowKeys: selected.keys,
                  onChange: (keys, rows) => setSelected({ keys, rows }),
                }
              : undefined
          }
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={error ? `加载失败：${error.message}` : '暂无数据'}
              />
            ),
          }}
          pagination={{
            current: list.page,
            pageSize: list.size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (page, size) => {
              clear();
              list.setPage(page, size);
            },
          }}
        />
      </Card>
    </Space>
  );
}
