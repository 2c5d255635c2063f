// A sub-account on a page of the main account's (docs/requirements.md §1, §6): the plans, or (?for=team) the sub-accounts.
import { MSG } from '@uc/shared';
import { useSearchParams } from 'react-router';

import { LinkButton } from '../../components/link-button';
import { paths } from '../../paths';
import { ErrorShell } from './components/error-shell';

export function SubAccountNoPermissionPage() {
  const team = useSearchParams()[0].get('for') === 'team';
  return (
    <ErrorShell
      docTitle="无访问权限"
      status="403"
      title="子账号无权限"
      subTitle={team ? MSG.subAccountOnlyMain : MSG.subAccountNoPackages}
      note={team ? '子账号的新增与管理请联系主账号办理' : '套餐的购买与续费请联系主账号办理'}
      extra={
        <LinkButton type="primary" to={paths.dashboard}>
          返回首页
        </LinkButton>
      }
    />
  );
}
