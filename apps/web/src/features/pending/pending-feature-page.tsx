// Placeholder for menu pages this app does not build yet: the menu title and a way back.
import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { LinkButton } from '../../components/link-button';
import { paths } from '../../paths';

export function PendingFeaturePage({ title }: { title?: string }) {
  return (
    <div style={{ background: '#fff', borderRadius: 8, padding: '24px 24px 40px' }}>
      <Result
        icon={<ToolOutlined style={{ color: '#1668dc' }} />}
        title={title || '功能建设中'}
        subTitle="该功能正在建设中，敬请期待"
        extra={
          <LinkButton type="primary" to={paths.dashboard}>
            返回会员中心
          </LinkButton>
        }
      />
    </div>
  );
}
