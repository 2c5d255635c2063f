// Pieces every result shows: the header (report title for print, company, date, verdict), the conditions passed or
// failed with their articles, the scored items with their indicators, and the print button.
import {
  CheckCircleFilled,
  CloseCircleFilled,
  PrinterOutlined,
  QuestionCircleFilled,
} from '@ant-design/icons';
import type { AssessmentSubject, ConditionStatus, RuleCondition, ScoredItem } from '@uc/shared';
import { Alert, type AlertProps, Button, List, Progress, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

const STATUS_TEXT: Record<ConditionStatus, string> = { pass: '满足', fail: '不满足', unknown: '待补充' };

/**
 * The head of a result: the report's title (printed only), the company, the date the rules were applied on and, where
 * the tool gives one, the verdict.
 */
export function ResultHeader({
  report,
  of: { subject, as_of: asOf },
  dateLabel = '评测日期',
  note,
  verdict,
}: {
  report: string;
  /** The result: whose it is and the day it was worked out on. */
  of: { subject: AssessmentSubject; as_of: string };
  dateLabel?: string;
  /** After the date, e.g. what the list holds. */
  note?: ReactNode;
  verdict?: Pick<AlertProps, 'type' | 'message' | 'description'>;
}) {
  return (
    <>
      <div className="uc-pt-print-head">
        <Typography.Title level={3}>{report}</Typography.Title>
      </div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {subject.cus_name}
      </Typography.Title>
      <Typography.Text type="secondary">
        {dateLabel}：{asOf}
        {note}
      </Typography.Text>
      {verdict && <Alert showIcon style={{ margin: '12px 0' }} {...verdict} />}
    </>
  );
}

export function StatusIcon({ status }: { status: ConditionStatus }) {
  if (status === 'pass') return <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="满足" />;
  if (status === 'fail') return <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label="不满足" />;
  return <QuestionCircleFilled style={{ color: '#faad14' }} aria-label="待补充" />;
}

export function StatusTag({ status }: { status: ConditionStatus }) {
  const color = status === 'pass' ? 'success' : status === 'fail' ? 'error' : 'warning';
  return <Tag color={color}>{STATUS_TEXT[status]}</Tag>;
}

export function ConditionsList({
  conditions,
  label,
}: {
  conditions: readonly RuleCondition[];
  label: string;
}) {
  return (
    <List
      aria-label={label}
      size="small"
      dataSource={[...conditions]}
      renderItem={(c) => (
        <List.Item key={c.key} className="uc-pt-condition">
          <List.Item.Meta
            avatar={<StatusIcon status={c.status} />}
            title={
              <span>
                {c.name} <StatusTag status={c.status} />
              </span>
            }
            description={
              <>
                <div>{c.detail}</div>
                <Typography.Text type="secondary" className="uc-pt-basis">
                  依据：{c.basis}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

interface Row {
  key: string;
  name: string;
  score: number;
  score_max: number;
  max: number;
  detail: string;
  basis: string;
  children?: Row[];
}

/** Items with their indicators as an expandable table; a band of points shows as "7（最高8）". */
export function ScoreTable({ items }: { items: readonly ScoredItem[] }) {
  const rows: Row[] = items.map((item) => ({
    key: item.key,
    name: item.name,
    score: item.score,
    score_max: item.score_max,
    max: item.max,
    detail: '',
    basis: '',
    children: item.indicators.map((i) => ({ ...i, key: `${item.key}.${i.key}` })),
  }));
  return (
    <Table<Row>
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      expandable={{ defaultExpandAllRows: true }}
      scroll={{ x: 640 }}
      columns={[
        { title: '指标', dataIndex: 'name', width: 260 },
        {
          title: '得分',
          width: 140,
          render: (_, r) => (
            <span>
              <strong>{r.score}</strong>
              {r.score_max > r.score ? `（最高${r.score_max}）` : ''} / {r.max}
            </span>
          ),
        },
        {
          title: '说明',
          render: (_, r) =>
            r.children ? (
              <Progress percent={Math.round((r.score / r.max) * 100)} size="small" showInfo={false} />
            ) : (
              <span>
                {r.detail}
                <br />
                <Typography.Text type="secondary" className="uc-pt-basis">
                  依据：{r.basis}
                </Typography.Text>
              </span>
            ),
        },
      ]}
    />
  );
}

export function PrintButton() {
  return (
    <Button icon={<PrinterOutlined />} onClick={() => window.print()} className="uc-pt-noprint">
      打印结果
    </Button>
  );
}
