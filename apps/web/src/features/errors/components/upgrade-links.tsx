// The two ways out of a no-permission page for a level too low: upgrade, or back to the dashboard.
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../paths';

export function upgradeLinks() {
  return [
    <LinkButton key="vip" type="primary" to={paths.vip}>
      升级会员
    </LinkButton>,
    <LinkButton key="home" to={paths.dashboard}>
      返回首页
    </LinkButton>,
  ];
}
