// The policy match result: counts, then each open item with its match level, the conditions met, missing and still
// unknown, and the deadline.
import { type MatchOutcome, type PolicyMatchResult, shanghaiDate } from '@uc/shared';
import { Empty, List, Space, Statistic, Tag } from 'antd';
import type { ReactNode } from 'react';
import { PolicyItemLink } from '../../../components/policy-item-link';
import { ResultHeader } from './result-parts';

export const LEVEL_COLOR = { 完全匹配: 'success', 部分匹配: 'processing', 不匹配: 'default' } as const;

/** The conditions of one match: met (green), missing with the company's figure (red), undecided (orange). */
export function Conditions({ item }: { item: Omit<MatchOutcome, 'level'> }) {
  return (
    <Space size={[4, 4]} wrap>
      {item.met.map((c) => (
        <Tag key={c.key} color="green">
          ✓ {c.name}
        </Tag>
      ))}
      {item.missing.map((c) => (
        <Tag key={c.key} color="red" title={c.detail}>
          ✗ {c.name}（{c.detail}）
        </Tag>
      ))}
      {item.unknown.map((c) => (
        <Tag key={c.key} color="orange">
          ? {c.name}（待确认）
        </Tag>
      ))}
    </Space>
  );
}

export function MatchList({ result, extra }: { result: PolicyMatchResult; extra?: ReactNode }) {
  return (
    <div className="uc-pt-result" data-testid="match-result">
      <ResultHeader report="政策匹配报告" of={result} dateLabel="匹配日期" note="（仅含申报中的项目）" />
      <div className="uc-pt-summary" style={{ marginTop: 12 }}>
        <Statistic title="完全匹配" value={result.counts.完全匹配} valueStyle={{ color: '#52c41a' }} />
        <Statistic title="部分匹配" value={result.counts.部分匹配} valueStyle={{ color: '#1668dc' }} />
        <Statistic title="不匹配" value={result.counts.不匹配} />
        {extra}
      </div>
      {result.items.length === 0 ? (
        <Empty description="暂无数据" />
      ) : (
        <List
          aria-label="匹配的政策"
          itemLayout="vertical"
          dataSource={result.items}
          pagination={result.items.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          renderItem={(item) => (
            <List.Item key={item.id}>
              <List.Item.Meta
                title={
                  <Space wrap>
                    <Tag color={LEVEL_COLOR[item.level]}>{item.level}</Tag>
                    <PolicyItemLink id={item.id} title={item.title} />
                  </Space>
                }
                description={
                  <Space wrap split="｜">
                    <span>{item.dept_name}</span>
                    <span>申报截止：{shanghaiDate(item.end_time)}</span>
                    {item.programme && <span>适用条件：{item.programme}</span>}
                  </Space>
                }
              />
              <Conditions item={item} />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
