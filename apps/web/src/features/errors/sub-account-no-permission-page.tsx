// A sub-account on a package page (SPEC.md §1, §6): the plans are bought and managed by the main account.
import { MSG } from '@uc/shared';

import { LinkButton } from '../../components/link-button';
import { paths } from '../../paths';
import { ErrorShell } from './components/error-shell';

export function SubAccountNoPermissionPage() {
  return (
    <ErrorShell
      docTitle="无访问权限"
      status="403"
      title="子账号无权限"
      subTitle={MSG.subAccountNoPackages}
      note="套餐的购买与续费请联系主账号办理"
      extra={
        <LinkButton type="primary" to={paths.dashboard}>
          返回首页
        </LinkButton>
      }
    />
  );
}
