// Customer-service hotline with service hours, shown on error and no-permission pages (docs/requirements.md §1, §9).
import { PhoneOutlined } from '@ant-design/icons';
import { HOTLINE_HOURS } from '@uc/shared';
import { Typography } from 'antd';
import { runtimeConfig } from '../lib/runtime-config';

export function ServiceContact() {
  const { hotline } = runtimeConfig();
  return (
    <div style={{ textAlign: 'center', lineHeight: 1.9 }}>
      <Typography.Text type="secondary">
        <PhoneOutlined style={{ marginInlineEnd: 6 }} />
        客服热线：
        <Typography.Link href={`tel:${hotline.replace(/[^\d+]/g, '')}`}>{hotline}</Typography.Link>
      </Typography.Text>
      <br />
      <Typography.Text type="secondary">服务时间：每天 {HOTLINE_HOURS}</Typography.Text>
    </div>
  );
}
