// /404: no permission or no such page (docs/requirements.md §2). Back to the dashboard, or two steps back if noGoBack=false; each
// button says what it does (two steps back is not the page before this one, so not 返回上一页).
import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { ServiceContact } from '../../components/service-contact';
import { paths } from '../../paths';
import { ErrorShell } from './components/error-shell';

export function NotFoundPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const goBack = search.get('noGoBack') === 'false';
  return (
    <ErrorShell
      docTitle="页面不存在"
      status="404"
      title="404"
      subTitle="抱歉，您没有权限访问或访问的页面不存在"
      note="请联系客服或检查您输入的网址是否正确"
      extra={
        goBack ? (
          <Button type="primary" onClick={() => navigate(-2)}>
            后退两页
          </Button>
        ) : (
          <LinkButton type="primary" to={paths.dashboard} replace>
            返回首页
          </LinkButton>
        )
      }
    />
  );
}

/** The same message inside the layout, for a menu entry whose page this build does not know. */
export function MissingPage() {
  return (
    <div style={{ background: '#fff', borderRadius: 8, padding: '8px 24px 32px' }}>
      <Result
        status="404"
        title="404"
        subTitle={
          <>
            <div>抱歉，您没有权限访问或访问的页面不存在</div>
            <div>请联系客服或检查您输入的网址是否正确</div>
          </>
        }
        extra={
          <LinkButton type="primary" to={paths.dashboard}>
            返回首页
          </LinkButton>
        }
      />
      <ServiceContact />
    </div>
  );
}
