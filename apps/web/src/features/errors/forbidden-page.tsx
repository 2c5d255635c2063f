// /403: the server refused the request (docs/requirements.md §8 "HTTP 403").
import { LinkButton } from '../../components/link-button';
import { paths } from '../../paths';
import { ErrorShell } from './components/error-shell';

export function ForbiddenPage() {
  return (
    <ErrorShell
      docTitle="禁止访问"
      status="403"
      title="403"
      subTitle="抱歉，您无权访问此页面"
      extra={
        <LinkButton type="primary" to={paths.dashboard}>
          返回首页
        </LinkButton>
      }
    />
  );
}
