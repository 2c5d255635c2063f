// The kind of a message as a coloured tag (政策推送, 订单支付, ...).
import { INBOX_KIND_NAME, type InboxKind } from '@uc/shared';
import { Tag } from 'antd';

const COLOR: Record<InboxKind, string> = {
  policy: 'blue',
  order: 'green',
  invoice: 'cyan',
  security: 'red',
  team: 'purple',
  system: 'default',
  reminder: 'orange',
  ticket: 'geekblue',
};

export function MessageKindTag({ kind }: { kind: InboxKind }) {
  return (
    <Tag color={COLOR[kind]} className="uc-message-kind">
      {INBOX_KIND_NAME[kind]}
    </Tag>
  );
}
