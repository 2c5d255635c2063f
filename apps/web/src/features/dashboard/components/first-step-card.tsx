// A member with no customers yet: instead of two empty charts, the first step (添加客户 from the company registry,
// or 导入客户 from a file), each opening 我的客户 with its dialog.
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Card, Space, Typography } from 'antd';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../paths';

export function FirstStepCard() {
  return (
    <Card title="开始使用" className="uc-dash-card" data-testid="card-first-step">
      <div className="uc-first-step">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          添加您的第一批客户
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="uc-first-step-text">
          从企业库搜索企业添加为客户，或按模板批量导入。添加后，这里将显示客户的行业与区域分布，并为客户匹配可申报的政策项目。
        </Typography.Paragraph>
        <Space wrap size={12}>
          <LinkButton type="primary" size="large" icon={<PlusOutlined />} to={`${paths.customerList}?add=1`}>
            添加客户
          </LinkButton>
          <LinkButton size="large" icon={<UploadOutlined />} to={`${paths.customerList}?import=1`}>
            导入客户
          </LinkButton>
        </Space>
      </div>
    </Card>
  );
}
