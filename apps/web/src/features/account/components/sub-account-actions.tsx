// The actions on one sub-account: 编辑, 启用/禁用 (confirmed), 重置密码, 删除 (confirmed).
import { MSG, type SubAccountItem } from '@uc/shared';
import { Space } from 'antd';
import { RowAction } from '../../../components/row-action';
import { confirmDialog, toastSuccess } from '../../../lib/ui/feedback';
import { useDeleteSubUser } from '../api/delete-sub-user';
import { useUpdateSubUser } from '../api/update-sub-user';
import { reportFailure } from '../model/failure';

export interface SubAccountActionsProps {
  account: SubAccountItem;
  userId: number;
  onEdit: (account: SubAccountItem) => void;
  onResetPassword: (account: SubAccountItem) => void;
}

export function SubAccountActions({ account, userId, onEdit, onResetPassword }: SubAccountActionsProps) {
  const update = useUpdateSubUser(userId);
  const remove = useDeleteSubUser(userId);
  const who = account.name ? `${account.username}（${account.name}）` : account.username;

  const toggle = () =>
    void confirmDialog({
      title: account.enabled ? '禁用子账号' : '启用子账号',
      content: account.enabled
        ? `确定禁用子账号 ${who} 吗？禁用后该账号将立即下线，且无法再登录。`
        : `确定启用子账号 ${who} 吗？启用后该账号可以重新登录。`,
      okText: account.enabled ? '禁用' : '启用',
      type: account.enabled ? 'warning' : 'confirm',
      onOk: () =>
        update.mutateAsync({ id: account.id, body: { enabled: !account.enabled } }).then(
          () => toastSuccess(account.enabled ? '已禁用' : '已启用'),
          (error: unknown) => reportFailure(error),
        ),
    });

  const destroy = () =>
    void confirmDialog({
      title: '删除子账号',
      content: `确定删除子账号 ${who} 吗？删除后不可恢复，该账号将立即下线。`,
      okText: '删除',
      type: 'warning',
      onOk: () =>
        remove.mutateAsync(account.id).then(
          () => toastSuccess(MSG.subAccountDeleted),
          (error: unknown) => reportFailure(error),
        ),
    });

  return (
    <Space size={0} wrap>
      <RowAction text="编辑" of={account.username} onClick={() => onEdit(account)} />
      <RowAction
        text={account.enabled ? '禁用' : '启用'}
        of={account.username}
        onClick={toggle}
        loading={update.isPending}
      />
      <RowAction text="重置密码" of={account.username} onClick={() => onResetPassword(account)} />
      <RowAction text="删除" of={account.username} danger onClick={destroy} loading={remove.isPending} />
    </Space>
  );
}
