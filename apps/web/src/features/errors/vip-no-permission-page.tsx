// VIP no-permission page (docs/requirements.md §2 "Error pages"). Opened for a policy tool that usage credits pay for (?tool=), it
// offers 购买次数 of that tool beside the upgrade to a main account.
import { CrownFilled } from '@ant-design/icons';
import { TOOL_CODES } from '@uc/shared';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { useAccess } from '../../lib/access';
import { creditOrderPath } from '../../paths';
import { ErrorShell } from './components/error-shell';
import { upgradeLinks } from './components/upgrade-links';

export function VipNoPermissionPage() {
  const [search] = useSearchParams();
  const access = useAccess();
  const tool = search.get('tool');
  const buyable = tool !== null && (TOOL_CODES as readonly string[]).includes(tool) && access.canSeePackages;
  return (
    <ErrorShell
      docTitle="VIP功能"
      icon={<CrownFilled style={{ color: '#faad14', fontSize: 72 }} />}
      title="VIP专属功能"
      subTitle="您暂无权限使用该VIP功能，请联系客服升级会员"
      extra={[
        ...upgradeLinks(),
        ...(buyable
          ? [
              <LinkButton key="credits" to={creditOrderPath(tool)}>
                购买次数
              </LinkButton>,
            ]
          : []),
      ]}
    />
  );
}
