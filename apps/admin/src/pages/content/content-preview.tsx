// 预览: an item as the member's pages show it — the 订阅项目 row (type tag, title, department, region, publish date,
// deadline) and the 政策详情 heading. Every value is rendered as text by React, never as HTML.
import { type ContentItem, INDUSTRIES, POLICY_CATEGORIES, regionName, shanghaiDate } from '@uc/shared';
import { Card, Descriptions, Drawer, Space, Tag, Typography } from 'antd';

const typeName = (key: string) => POLICY_CATEGORIES.find((c) => c.key === key)?.keyname ?? key;

export function ContentPreview({ item, onClose }: { item: ContentItem | null; onClose: () => void }) {
  return (
    <Drawer title="预览（会员端显示）" open={item !== null} onClose={onClose} size={560} destroyOnHidden>
      {item && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title="订阅项目列表">
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              <Tag color="blue">{typeName(item.type)}</Tag>
              <Typography.Link>{item.title}</Typography.Link>
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {item.dept} · {regionName(item.city, item.area)} · {shanghaiDate(item.publish_at)}
              {item.end_at && ` · 申报截止 ${shanghaiDate(item.end_at)}`}
            </Typography.Text>
          </Card>
          <Card size="small" title="政策详情">
            <Typography.Title level={4}>{item.title}</Typography.Title>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="类型">{typeName(item.type)}</Descriptions.Item>
              <Descriptions.Item label="发布部门">{item.dept}</Descriptions.Item>
              <Descriptions.Item label="地区">{regionName(item.city, item.area)}</Descriptions.Item>
              <Descriptions.Item label="行业">
                {INDUSTRIES.find((i) => i.code === item.industry)?.name ?? '全部行业'}
              </Descriptions.Item>
              <Descriptions.Item label="发布时间">{shanghaiDate(item.publish_at)}</Descriptions.Item>
              {item.end_at && (
                <Descriptions.Item label="申报截止">{shanghaiDate(item.end_at)}</Descriptions.Item>
              )}
            </Descriptions>
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
