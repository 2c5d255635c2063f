// A member's state as a tag: staff's 停用 first, then the staff hold of a sub-account's main account (the whole team
// is held), then a sub-account its main account disabled.
import type { StaffMemberItem } from '@uc/shared';
import { Tag } from 'antd';

export function MemberStatus({
  member,
}: {
  member: Pick<StaffMemberItem, 'status' | 'enabled_by_main' | 'held_with_main'>;
}) {
  if (member.status === 'disabled') return <Tag color="red">停用</Tag>;
  if (member.held_with_main) return <Tag color="red">随主账号停用</Tag>;
  if (!member.enabled_by_main) return <Tag color="orange">被主账号停用</Tag>;
  return <Tag color="green">正常</Tag>;
}
