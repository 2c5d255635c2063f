// A row's action as a small link button (编辑, 删除, 申请发票, ...), named with its row for screen readers: 删除 zhangsan.
import { Button, type ButtonProps } from 'antd';

export function RowAction({
  text,
  of,
  ...button
}: Omit<ButtonProps, 'type' | 'size' | 'children'> & { text: string /** The row's name. */; of: string }) {
  return (
    <Button type="link" size="small" aria-label={`${text} ${of}`} {...button}>
      {text}
    </Button>
  );
}
