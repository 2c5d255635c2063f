// 资助记录: the funding summary chart per department and the member's records with 新增 / 编辑 / 删除.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ApiError } from '@uc/client';
import type { FundingRow } from '@uc/shared';
import { Button, Card, Col, Row, Skeleton, Space, Table, type TableColumnsType, Typography } from 'antd';
// antd's marker for the hidden row a scrolling table copies its column titles into to measure them.
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { Chart } from '../../../components/charts/chart';
import { errorText } from '../../../lib/http/api-error';
import { confirmDialog, toastError, toastSuccess, toastWarning } from '../../../lib/ui/feedback';
import { numberText } from '../../../lib/ui/number-text';
import { NARROW_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { useDeleteFunding } from '../api/delete-funding';
import { useFundingList } from '../api/get-funding-list';
import { useFundingSummary } from '../api/get-funding-summary';
import { fundingBarOption } from '../model/chart-options';
import { deleteSelectionError, editSelectionError } from '../model/funding-form';
import { CardError, LoginPrompt } from './card-states';
import { EmptyData } from './empty-data';
import { FundingDialog } from './funding-dialog';

const FUNDING_PAGE_SIZE = 5;

/**
 * The select-all checkbox, left out of the table's hidden measuring row: copied there it is a second checkbox
 * that the keyboard reaches but screen readers are told to skip (aria-hidden).
 */
function SelectAllTitle({ checkbox }: { checkbox: ReactNode }) {
  const measuring = useContext(TableMeasureRowContext);
  return measuring ? <span style={{ display: 'inline-block', width: 16 }} /> : checkbox;
}
const CHART_HEIGHT = 300;

const COLUMNS: TableColumnsType<FundingRow> = [
  { title: '项目名称', dataIndex: 'projectname', ellipsis: true },
  { title: '资助部门', dataIndex: 'depname', ellipsis: true, width: '34%' },
  {
    title: '资助金额(万元)',
    dataIndex: 'amount',
    align: 'right',
    width: 130,
    render: (value: number) => numberText(value, 4),
  },
];

function FundingChart({ query }: { query: ReturnType<typeof useFundingSummary> }) {
  const compact = useMediaQuery(NARROW_QUERY);
  const option = useMemo(() => fundingBarOption(query.data ?? [], compact), [query.data, compact]);
  if (query.isPending) return <Skeleton.Node style={{ width: '100%', height: CHART_HEIGHT }} />;
  if (query.isError) return <CardError error={query.error} onRetry={() => void query.refetch()} />;
  return <Chart option={option} height={CHART_HEIGHT} ariaLabel="各部门资助金额与项目数" />;
}

function FundingTable({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<FundingRow[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; editing: FundingRow | null }>({
    open: false,
    editing: null,
  });
  const list = useFundingList(userId, { page, size: FUNDING_PAGE_SIZE }, true);
  const remove = useDeleteFunding(userId);

  // Deleting the last rows of the last page: step back to the page that still has rows.
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && list.data.total > 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  const onEdit = () => {
    const error = editSelectionError(selected);
    if (error) return toastWarning(error);
    setDialog({ open: true, editing: selected[0] ?? null });
  };

  const onDelete = async () => {
    const error = deleteSelectionError(selected);
    if (error) return toastWarning(error);
    const ids = selected.map((row) => row.id);
    await confirmDialog({
      title: '提示',
      content: `确定删除选中的 ${ids.length} 条资助记录吗？删除后不可恢复。`,
      okText: '删除',
      type: 'warning',
      onOk: async () => {
        try {
          await remove.mutateAsync({ ids });
          setSelected([]);
          toastSuccess('删除成功');
        } catch (err) {
          if (!(err instanceof ApiError) || err.handledBy === 'none')
            toastError(errorText(err, '删除失败，请重试'));
        }
      },
    });
  };

  return (
    <>
      <Space className="uc-funding-actions" wrap>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ open: true, editing: null })}
        >
          新增
        </Button>
        <Button icon={<EditOutlined />} onClick={onEdit}>
          编辑
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={() => void onDelete()}>
          删除
        </Button>
        {selected.length > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            已选择 {selected.length} 项
          </Typography.Text>
        )}
      </Space>
      {list.isError && !list.data ? (
        <CardError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<FundingRow>
          rowKey="id"
          size="middle"
          columns={COLUMNS}
          scroll={{ x: 480 }}
          dataSource={list.data?.list ?? []}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          locale={{ emptyText: <EmptyData /> }}
          rowSelection={{
            columnTitle: (checkbox) => <SelectAllTitle checkbox={checkbox} />,
            selectedRowKeys: selected.map((row) => row.id),
            onChange: (_keys, rows) => setSelected(rows),
          }}
          pagination={{
            current: page,
            pageSize: FUNDING_PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            size: 'small',
            showTotal: (total) => `共 ${total} 条`,
            onChange: (next) => {
              setPage(next);
              setSelected([]);
            },
          }}
        />
      )}
      <FundingDialog
        open={dialog.open}
        editing={dialog.editing}
        userId={userId}
        onClose={() => {
          setDialog({ open: false, editing: null });
          setSelected([]);
        }}
      />
    </>
  );
}

export function FundingCard({ userId, loggedIn }: { userId: number; loggedIn: boolean }) {
  const summary = useFundingSummary(userId, loggedIn);
  // Without any record the chart has nothing to say: the table (with its 暂无数据) takes the whole card.
  const withChart = !(summary.isSuccess && summary.data.length === 0);
  return (
    <Card
      title="资助记录"
      className="uc-dash-card"
      data-testid="card-funding"
      extra={<span className="uc-card-hint">金额单位：万元</span>}
    >
      {!loggedIn ? (
        <LoginPrompt what="资助记录" />
      ) : (
        <Row gutter={[24, 16]}>
          {withChart && (
            <Col xs={24} xl={10}>
              <FundingChart query={summary} />
            </Col>
          )}
          <Col xs={24} xl={withChart ? 14 : 24}>
            <FundingTable userId={userId} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
