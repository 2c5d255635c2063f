// 添加客户: searches the company registry (debounced, at least 2 characters or a credit code), ticks companies
// across pages and searches (those already customers are greyed out and marked 已是客户), and adds them at once.
// What the limit stopped stays in the dialog with the upgrade prompt.
import { SearchOutlined } from '@ant-design/icons';
import {
  COMPANY_SEARCH_CAP,
  COMPANY_SEARCH_MAX,
  COMPANY_SEARCH_MIN,
  type CompanySearchItem,
  CUSTOMER_BATCH_MAX,
  MSG,
} from '@uc/shared';
import { Button, Empty, Input, Modal, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { reportFailure } from '../../../lib/http/report-failure';
import { toastInfo, toastSuccess, toastWarning } from '../../../lib/ui/feedback';
import { numberText } from '../../../lib/ui/number-text';
import { useAddCustomers } from '../api/add-customers';
import { useCompanySearch } from '../api/search-companies';
import { addOutcome } from '../model/add-result';
import { LimitPrompt } from './limit-prompt';

/** How long typing rests before the search is asked. */
export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = 10;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function columns(phone: boolean): TableColumnsType<CompanySearchItem> {
  const name: TableColumnsType<CompanySearchItem>[number] = {
    title: '企业名称',
    dataIndex: 'name',
    render: (_v, row) => (
      <Space size={4} wrap>
        <span>{row.name}</span>
        {row.customer_id !== null && <Tag color="default">已是客户</Tag>}
      </Space>
    ),
  };
  if (phone) return [name, { title: '地区', dataIndex: 'area_name', width: 96, ellipsis: true }];
  return [
    name,
    { title: '统一社会信用代码', dataIndex: 'credit_code', width: 180 },
    { title: '所属行业', dataIndex: 'industry_name', width: 140, ellipsis: true },
    { title: '所在地区', dataIndex: 'area_name', width: 130, ellipsis: true },
    {
      title: '注册资本（万元）',
      dataIndex: 'reg_capital',
      width: 130,
      align: 'right',
      render: (v: number) => numberText(v),
    },
  ];
}

export interface AddCustomersDialogProps {
  userId: number;
  open: boolean;
  onClose: () => void;
  phone: boolean;
}

export function AddCustomersDialog({ userId, open, onClose, phone }: AddCustomersDialogProps) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [limit, setLimit] = useState<number | null>(null);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to its search: a new search starts from its first page.
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, page: next });
  const tooShort = q.length > 0 && [...q].length < COMPANY_SEARCH_MIN;
  const search = useCompanySearch(userId, { q, page, size: PAGE_SIZE });
  const add = useAddCustomers(userId);
  const data = q && !tooShort ? search.data : undefined;

  const reset = () => {
    setText('');
    setPaging({ q: '', page: 1 });
    setSelected([]);
    setLimit(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const onSelect = (keys: Key[]) => {
    if (keys.length > CUSTOMER_BATCH_MAX) {
      toastWarning(MSG.companyIdsTooMany);
      return;
    }
    setSelected(keys.map(Number));
  };

  const onAdd = () =>
    add.mutate(selected, {
      onSuccess: (answer) => {
        const outcome = addOutcome(answer);
        if (outcome.added) toastSuccess(outcome.added);
        if (outcome.allAlready) toastInfo('所选企业均已是您的客户');
        setSelected([]);
        if (outcome.overLimit) setLimit(answer.limit);
        else close();
      },
      onError: (error) => reportFailure(error, '添加失败，请稍后重试'),
    });

  const empty = !q ? '输入企业名称或统一社会信用代码搜索企业库' : tooShort ? '' : '未找到匹配的企业';
  return (
    <Modal
      open={open}
      onCancel={close}
      title="添加客户"
      width={phone ? '100%' : 920}
      className={phone ? 'customer-dialog-phone' : undefined}
      destroyOnHidden
      data-testid="add-customers-dialog"
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" disabled={selected.length === 0} loading={add.isPending} onClick={onAdd}>
            {`添加（${selected.length}）`}
          </Button>
        </Space>
      }
    >
      {limit !== null && <LimitPrompt userId={userId} limit={limit} />}
      <Input
        allowClear
        autoFocus
        value={text}
        maxLength={COMPANY_SEARCH_MAX}
        onChange={(e) => setText(e.target.value)}
        prefix={<SearchOutlined />}
        placeholder="输入企业名称（至少2个字）或统一社会信用代码"
        aria-label="搜索企业"
        style={{ marginTop: limit !== null ? 12 : 0 }}
      />
      <Typography.Text
        type={tooShort ? 'warning' : 'secondary'}
        className="customer-search-hint"
        role={tooShort ? 'alert' : undefined}
      >
        {tooShort
          ? MSG.companySearchTooShort
          : data?.capped
            ? `结果较多，仅显示前${numberText(COMPANY_SEARCH_CAP)}条，请输入更完整的名称`
            : data
              ? `找到 ${numberText(data.total)} 家企业`
              : '\u00a0'}
      </Typography.Text>
      <Table<CompanySearchItem>
        rowKey="id"
        size="small"
        columns={columns(phone)}
        dataSource={data?.list ?? []}
        loading={search.isFetching && Boolean(q) && !tooShort}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: onSelect,
          getCheckboxProps: (row) => ({
            disabled: row.customer_id !== null,
            'aria-label': `选择 ${row.name}`,
          }),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          simple: phone,
          hideOnSinglePage: true,
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty || '暂无数据'} />,
        }}
        scroll={phone ? undefined : { y: 420 }}
      />
    </Modal>
  );
}
