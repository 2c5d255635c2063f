// A detail drawer showing a change: the state before and after, pretty-printed side by side, the changed keys named.
import { Col, Drawer, Row, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

/** JSON text pretty-printed; text that is not JSON as it is; null as null. */
export function pretty(text: string | null): { text: string; value: unknown } | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return { text: JSON.stringify(value, null, 2), value };
  } catch {
    return { text, value: undefined };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The top-level keys whose values differ between two JSON objects. */
export function changedKeys(before: unknown, after: unknown): string[] {
  if (!isObject(before) && !isObject(after)) return [];
  const a = isObject(before) ? before : {};
  const b = isObject(after) ? after : {};
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}

function Side({ title, json }: { title: string; json: ReturnType<typeof pretty> }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {json ? (
        <pre className="uc-admin-json">{json.text}</pre>
      ) : (
        <Typography.Text type="secondary">无</Typography.Text>
      )}
    </section>
  );
}

export interface JsonDiffDrawerProps {
  open: boolean;
  title: string;
  before: string | null;
  after: string | null;
  onClose: () => void;
  /** What to show above the two sides (who, when, why). */
  children?: ReactNode;
}

export function JsonDiffDrawer({ open, title, before, after, onClose, children }: JsonDiffDrawerProps) {
  const left = pretty(before);
  const right = pretty(after);
  const keys = changedKeys(left?.value, right?.value);
  return (
    <Drawer open={open} title={title} size={880} onClose={onClose} destroyOnHidden>
      {children}
      {keys.length > 0 && (
        <Space wrap style={{ margin: '16px 0' }}>
          <Typography.Text type="secondary">变更字段：</Typography.Text>
          {keys.map((key) => (
            <Tag key={key} color="orange">
              {key}
            </Tag>
          ))}
        </Space>
      )}
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={12}>
          <Side title="变更前" json={left} />
        </Col>
        <Col span={12}>
          <Side title="变更后" json={right} />
        </Col>
      </Row>
    </Drawer>
  );
}
