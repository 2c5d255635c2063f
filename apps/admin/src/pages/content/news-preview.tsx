// 预览 of a news article as the member's 最新发布 shows it: the list row (title, date) and the /news/detail page
// (title, 来源 and 发布时间, the body's paragraphs, split as the server splits them). Rendered as text by React, never
// as HTML.
import { newsParagraphs, type StaffNewsArticle, shanghaiDate, shanghaiMinute } from '@uc/shared';
import { Card, Drawer, Space, Typography } from 'antd';

export function NewsPreview({ item, onClose }: { item: StaffNewsArticle | null; onClose: () => void }) {
  return (
    <Drawer title="预览（会员端显示）" open={item !== null} onClose={onClose} size={640} destroyOnHidden>
      {item && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title="最新发布列表">
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <Typography.Link>{item.title}</Typography.Link>
              <Typography.Text type="secondary">{shanghaiDate(item.publish_at)}</Typography.Text>
            </Space>
          </Card>
          <Card size="small" title="新闻详情">
            <Typography.Title level={4}>{item.title}</Typography.Title>
            <Typography.Paragraph type="secondary">
              来源：{item.source}　发布时间：{shanghaiMinute(item.publish_at)}
            </Typography.Paragraph>
            {newsParagraphs(item.content).map((p, i) => (
              // Paragraphs have no id; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph's place is its key
              <Typography.Paragraph key={i}>{p}</Typography.Paragraph>
            ))}
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
