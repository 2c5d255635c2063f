// The changing actions of 会员: 修改套餐, 停用/启用, 强制下线 and 重置密码. Each goes through ActionModal (a required
// 修改原因, the server's Chinese refusal, the list and the open detail refetched); the reset's temporary password is
// shown to the operator once, in a dialog of its own, and never kept by the page.
import { useQuery } from '@tanstack/react-query';
import {
  levelName,
  type MemberPasswordData,
  type SetMemberPlanBody,
  STAFF_CALLS,
  STAFF_MEMBER_LEVELS,
  type StaffMemberItem,
  shanghaiDate,
} from '@uc/shared';
import { DatePicker, Form, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ActionModal } from '../../components/action-modal';
import { call } from '../../lib/http';

/** What a change of a member refetches: the list and the open detail. */
export const MEMBER_KEYS = ['members', 'member'] as const;

export type MemberAction = 'plan' | 'disable' | 'enable' | 'logout' | 'password';

const ACTION_TEXT: Record<Exclude<MemberAction, 'plan'>, { title: string; done: string; danger: boolean }> = {
  disable: { title: '停用会员', done: '已停用', danger: true },
  enable: { title: '启用会员', done: '已启用', danger: false },
  logout: { title: '强制下线', done: '已强制下线', danger: true },
  password: { title: '重置密码', done: '密码已重置', danger: true },
};

const ACTION_NOTE: Record<Exclude<MemberAction, 'plan'>, string> = {
  disable:
    '停用后该会员无法登录（密码、短信），已登录的设备立即下线；主账号停用时其子账号一并停用。启用后恢复。',
  enable: '启用后该会员可以重新登录。',
  logout: '该会员所有已登录的设备将立即下线，需重新登录。',
  password: '将生成一个临时密码（仅显示一次），该会员所有已登录的设备立即下线。',
};

interface PlanValues {
  gid?: number | null;
  level: number;
  expired_on?: Dayjs | null;
}

function PlanModal({ member, onClose }: { member: StaffMemberItem; onClose: () => void }) {
  const plans = useQuery({
    queryKey: ['member-plans'],
    queryFn: () => call(STAFF_CALLS.members.plans, {}),
  });
  const [form] = Form.useForm<PlanValues>();
  return (
    <ActionModal<PlanValues>
      title={`修改套餐 ${member.username}`}
      open
      onClose={onClose}
      successText="套餐已修改"
      invalidate={MEMBER_KEYS}
      initialValues={{
        gid: member.gid,
        level: member.level,
        expired_on: member.expired_at ? dayjs(shanghaiDate(member.expired_at)) : null,
      }}
      submit={({ gid, level, expired_on, reason }) => {
        const body: SetMemberPlanBody = {
          gid: gid ?? null,
          level,
          expired_on: expired_on ? expired_on.format('YYYY-MM-DD') : null,
          reason,
        };
        return call(STAFF_CALLS.members.plan, { id: member.id, input: body });
      }}
    >
      <Form.Item name="gid" label="套餐">
        <Select
          allowClear
          placeholder="无套餐"
          loading={plans.isLoading}
          options={(plans.data ?? []).map((p) => ({
            value: p.gid,
            label: `${p.name}（${levelName(p.level)}）`,
          }))}
          onChange={(gid?: number) => {
            // A plan grants its level: choosing one sets it.
            const plan = plans.data?.find((p) => p.gid === gid);
            if (plan) form.setFieldValue('level', plan.level);
          }}
        />
      </Form.Item>
      <Form.Item name="level" label="会员等级" rules={[{ required: true, message: '请选择会员等级' }]}>
        <Select
          options={STAFF_MEMBER_LEVELS.map((level) => ({
            value: level,
            label: `${levelName(level)}（${level}）`,
          }))}
        />
      </Form.Item>
      <Form.Item name="expired_on" label="到期日期（含当天）">
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </ActionModal>
  );
}

export function MemberActionModal({
  member,
  action,
  onClose,
}: {
  member: StaffMemberItem | null;
  action: MemberAction | null;
  onClose: () => void;
}) {
  const [password, setPassword] = useState<string | null>(null);
  const passwordDialog = (
    <Modal
      title="临时密码"
      open={password !== null}
      onOk={() => setPassword(null)}
      onCancel={() => setPassword(null)}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText="我已记下"
    >
      <Typography.Paragraph>
        请将临时密码告知会员，并提醒其登录后尽快修改。关闭后将无法再次查看。
      </Typography.Paragraph>
      <Typography.Paragraph copyable strong style={{ fontSize: 20 }}>
        {password}
      </Typography.Paragraph>
    </Modal>
  );
  if (!member || !action) return passwordDialog;
  if (action === 'plan') return <PlanModal member={member} onClose={onClose} />;
  const text = ACTION_TEXT[action];
  return (
    <>
      <ActionModal<object>
        title={`${text.title} ${member.username}`}
        open
        onClose={onClose}
        danger={text.danger}
        successText={text.done}
        invalidate={MEMBER_KEYS}
        submit={({ reason }) => call(STAFF_CALLS.members[action], { id: member.id, input: { reason } })}
        onDone={(answer) => {
          if (action === 'password') setPassword((answer as MemberPasswordData).password);
        }}
      >
        <Typography.Paragraph type="secondary">{ACTION_NOTE[action]}</Typography.Paragraph>
      </ActionModal>
      {passwordDialog}
    </>
  );
}
