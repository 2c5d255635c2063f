// /401: the membership level does not include this function (docs/requirements.md §2, §8).
import { MSG } from '@uc/shared';
import { ErrorShell } from './components/error-shell';
import { upgradeLinks } from './components/upgrade-links';

export function UnauthorizedPage() {
  return (
    <ErrorShell
      docTitle="无访问权限"
      status="403"
      title="401"
      subTitle={MSG.page401}
      extra={upgradeLinks()}
    />
  );
}
