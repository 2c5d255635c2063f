// A ticket's state as a coloured tag, the same in both apps: 待处理 waits for staff, 已回复 for the member, 已关闭 is done.
import { TICKET_STATUS_NAME, type TicketStatus } from '@uc/shared';
import { Tag } from 'antd';

const COLOR: Record<TicketStatus, string> = { open: 'orange', answered: 'blue', closed: 'default' };

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  return (
    <Tag color={COLOR[status]} variant="filled">
      {TICKET_STATUS_NAME[status]}
    </Tag>
  );
}
