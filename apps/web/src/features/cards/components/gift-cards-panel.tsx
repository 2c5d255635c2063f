// A paid gift order's cards for its buyer: 查看卡号卡密 shows the secrets once (the server drops them once they were
// shown and downloaded), 下载Excel saves them once; the panel says which of the two already happened.
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { type GiftCards, shanghaiDate } from '@uc/shared';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/http/api-error';
import { toastError, toastSuccess } from '../../../lib/ui/feedback';
import { usePending } from '../../../lib/ui/use-pending';
import { getGiftCards } from '../api/cards';
import { downloadGiftCards } from '../api/download-gift-cards';

export function GiftCardsPanel({ outTradeNo }: { outTradeNo: string }) {
  const [cards, setCards] = useState<GiftCards | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const [showing, show] = usePending();
  const [saving, save] = usePending();

  const reveal = () =>
    show(async () => {
      try {
        const answer = await getGiftCards(outTradeNo);
        setCards(answer);
        setDownloaded(answer.downloaded);
      } catch (error) {
        toastError(errorText(error, '卡券读取失败，请稍后重试'));
      }
    });

  const download = () =>
    save(async () => {
      try {
        await downloadGiftCards(outTradeNo);
        setDownloaded(true);
        toastSuccess('已下载');
      } catch (error) {
        toastError(errorText(error, '下载失败，请稍后重试'));
      }
    });

  return (
    <Card title="礼品卡卡密" className="uc-gift-panel" data-testid="gift-cards">
      <Alert
        type="warning"
        showIcon
        title="卡密仅显示一次、仅可下载一次，请立即下载Excel或妥善保存，平台不再保留卡密"
        style={{ marginBottom: 16 }}
      />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        {!cards && (
          <Button type="primary" icon={<EyeOutlined />} loading={showing} onClick={() => void reveal()}>
            查看卡号卡密
          </Button>
        )}
        <Button
          icon={<DownloadOutlined />}
          loading={saving}
          disabled={downloaded}
          onClick={() => void download()}
        >
          {downloaded ? '已下载' : '下载Excel'}
        </Button>
      </Flex>
      {cards && (
        <>
          <Typography.Paragraph type="secondary">
            {cards.name} · {cards.grant} · 绑定截止 {shanghaiDate(cards.expires_at)}
            {cards.shown && '（卡密已显示过，不再显示）'}
          </Typography.Paragraph>
          <Table
            rowKey="card_no"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={cards.cards}
            columns={[
              { title: '卡号', dataIndex: 'card_no', key: 'no' },
              {
                title: '卡密',
                dataIndex: 'card_secret',
                key: 'secret',
                render: (secret: string | null) =>
                  secret ? (
                    <Typography.Text copyable code>
                      {secret}
                    </Typography.Text>
                  ) : (
                    '——'
                  ),
              },
              {
                title: '状态',
                dataIndex: 'bound',
                key: 'bound',
                render: (bound: boolean) => (bound ? <Tag color="green">已绑定</Tag> : <Tag>未使用</Tag>),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
