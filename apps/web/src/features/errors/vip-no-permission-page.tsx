// VIP no-permission page (SPEC.md §2 "Error pages").
import { CrownFilled } from '@ant-design/icons';
import { ErrorShell } from './components/error-shell';
import { upgradeLinks } from './components/upgrade-links';

export function VipNoPermissionPage() {
  return (
    <ErrorShell
      docTitle="VIP功能"
      icon={<CrownFilled style={{ color: '#faad14', fontSize: 72 }} />}
      title="VIP专属功能"
      subTitle="您暂无权限使用该VIP功能，请联系客服升级会员"
      extra={upgradeLinks()}
    />
  );
}
