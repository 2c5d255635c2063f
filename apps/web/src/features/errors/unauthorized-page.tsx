// /401: the membership level does not include this function (SPEC.md §2, §8).
import { MSG } from '@uc/shared';
import { LinkButton } from '../../components/link-button';
import { paths } from '../../paths';
import { ErrorShell } from './components/error-shell';

export function UnauthorizedPage() {
  return (
    <ErrorShell
      docTitle="无访问权限"
      status="403"
      title="401"
      subTitle={MSG.page401}
      extra={[
        <LinkButton key="vip" type="primary" to={paths.vip}>
          升级会员
        </LinkButton>,
        <LinkButton key="home" to={paths.dashboard}>
          返回首页
        </LinkButton>,
      ]}
    />
  );
}
