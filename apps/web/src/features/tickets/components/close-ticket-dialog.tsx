// 关闭工单 (and 评价 of a closed ticket not rated yet): a confirmation with a 1-5 star rating and an optional comment.
// Closing asks for no rating; rating a closed ticket needs one.
import { TICKET_COMMENT_MAX, type TicketCloseBody } from '@uc/shared';
import { Input, Modal, Rate, Typography } from 'antd';
import { useState } from 'react';

const RATE_TEXT = ['很不满意', '不满意', '一般', '满意', '非常满意'];

export function CloseTicketDialog({
  open,
  rateOnly,
  pending,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  /** The ticket is closed already: this only rates it. */
  rateOnly: boolean;
  pending: boolean;
  onSubmit: (body: TicketCloseBody) => void;
  onCancel: () => void;
}) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const send = () =>
    onSubmit({
      ...(rating > 0 ? { rating } : {}),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });
  return (
    <Modal
      open={open}
      title={rateOnly ? '评价工单' : '关闭工单'}
      okText={rateOnly ? '提交评价' : '确认关闭'}
      cancelText="取消"
      okButtonProps={{ disabled: rateOnly && rating === 0, loading: pending }}
      onOk={send}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => {
        setRating(0);
        setComment('');
      }}
    >
      {!rateOnly && (
        <Typography.Paragraph>
          关闭后不能再回复，如有新问题请提交新工单。确定关闭这个工单吗？
        </Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {rateOnly ? '请为本次服务评分：' : '为本次服务评分（可选）：'}
      </Typography.Paragraph>
      <Rate value={rating} onChange={setRating} tooltips={RATE_TEXT} aria-label="服务评分" />
      {rating > 0 && (
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          {RATE_TEXT[rating - 1]}
        </Typography.Text>
      )}
      <Input.TextArea
        style={{ marginTop: 12, marginBottom: 20 }}
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={TICKET_COMMENT_MAX}
        showCount
        placeholder="评价内容（可选）"
        aria-label="评价内容"
      />
    </Modal>
  );
}
