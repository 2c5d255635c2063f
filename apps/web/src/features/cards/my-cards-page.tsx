// /cards/mine (我的卡券): two tabs (the URL's `tab`). 兑换卡: the cards the member bound, what each gave and when, the
// totals by state, and 绑定卡券 (a card's number and secret). A plan or API card changes the member's plan: the page
// reloads the session after the member has read what it gave; a credits card shows on 我的工具 at once, a coupon card
// on the 优惠券 tab, the member's coupons.
import { CreditCardOutlined, PlusOutlined } from '@ant-design/icons';
import { type MyCard, shanghaiMinute } from '@uc/shared';
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Skeleton,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { IconTitle } from '../../components/icon-title';
import { LoadErrorResult } from '../../components/load-error-result';
import { UrlTabs } from '../../components/url-tabs';
import { useAccess } from '../../lib/access';
import { errorText } from '../../lib/http/api-error';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { useAuthStore } from '../../lib/session/auth-store';
import { successDialog, toastError } from '../../lib/ui/feedback';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import {
  cardTotalsQueryOptions,
  myCardsQueryOptions,
  useBindCard,
  useCardTotals,
  useMyCards,
} from './api/cards';
import { MyCoupons } from './components/my-coupons';
import './cards.css';

export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(myCardsQueryOptions(userId)),
  client.prefetchQuery(cardTotalsQueryOptions(userId)),
];

const KIND_TAG: Record<MyCard['kind'], { text: string; color: string }> = {
  plan: { text: '会员套餐', color: 'gold' },
  credits: { text: '使用次数', color: 'processing' },
  api: { text: 'API调用', color: 'purple' },
  coupon: { text: '优惠券', color: 'red' },
};

/** The tabs: the URL's `tab` of each (absent: 兑换卡). */
const TABS = [
  { key: 'cards', label: '兑换卡' },
  { key: 'coupons', label: '优惠券' },
] as const;

function KindTag({ card }: { card: MyCard }) {
  const tag = KIND_TAG[card.kind];
  return <Tag color={tag.color}>{tag.text}</Tag>;
}

function Totals({ userId }: { userId: number }) {
  const totals = useCardTotals(userId);
  const value = (n: number | undefined) => (totals.isPending ? '—' : (n ?? 0));
  return (
    <div className="uc-cards-totals" data-testid="card-totals">
      <Statistic title="已绑定" value={value(totals.data?.bound)} />
      <Statistic title="未使用" value={value(totals.data?.unused)} />
      <Statistic title="已过期" value={value(totals.data?.expired)} />
    </div>
  );
}

function BindDialog({ userId, ...dialog }: { open: boolean; userId: number; onClose: () => void }) {
  const [form] = Form.useForm<{ card_no: string; card_secret: string }>();
  const bind = useBindCard(userId);
  const submit = (values: { card_no: string; card_secret: string }) =>
    bind.mutate(values, {
      onSuccess: (card) => {
        dialog.onClose();
        form.resetFields();
        void successDialog({ title: '绑定成功', content: `已获得：${card.grant}`, okText: '知道了' }).then(
          () => {
            // The plan or the API calls changed: the session is read again with them.
            if (card.kind === 'plan' || card.kind === 'api') window.location.reload();
          },
        );
      },
      onError: (error) => toastError(errorText(error, '绑定失败，请稍后重试')),
    });
  return (
    <FormDialog {...dialog} title="绑定卡券" okText="绑定" form={form} pending={bind.isPending}>
      <Typography.Paragraph type="secondary">
        请输入卡券上的卡号和卡密，绑定后立即生效，每张卡券只能绑定一次。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="card_no"
          label="卡号"
          rules={[
            { required: true, message: '请输入卡号' },
            { pattern: /^[\d\s-]{16,24}$/, message: '卡号为16位数字' },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={24} placeholder="16位数字卡号" />
        </Form.Item>
        <Form.Item name="card_secret" label="卡密" rules={[{ required: true, message: '请输入卡密' }]}>
          <Input autoComplete="off" maxLength={40} placeholder="卡密（不区分大小写）" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

function CardList({ cards }: { cards: MyCard[] }) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) {
    return (
      <List
        dataSource={cards}
        renderItem={(card) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Flex gap={8} align="center" wrap>
                  <span>{card.grant}</span>
                  <KindTag card={card} />
                </Flex>
              }
              description={`${card.name} · 卡号 ${card.card_no} · ${shanghaiMinute(card.bound_at)}`}
            />
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<MyCard>
      rowKey="card_no"
      dataSource={cards}
      pagination={cards.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      columns={[
        { title: '卡号', dataIndex: 'card_no', key: 'no' },
        { title: '卡券名称', dataIndex: 'name', key: 'name' },
        {
          title: '兑换内容',
          key: 'grant',
          render: (_, card) => (
            <Flex gap={8} align="center" wrap>
              <span>{card.grant}</span>
              <KindTag card={card} />
            </Flex>
          ),
        },
        { title: '绑定时间', dataIndex: 'bound_at', key: 'at', render: (at: string) => shanghaiMinute(at) },
      ]}
    />
  );
}

/** The 兑换卡 tab: the totals and the cards bound. */
function BoundCards({ userId }: { userId: number }) {
  const cards = useMyCards(userId);
  let body: ReactNode;
  if (cards.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (cards.isError) body = <LoadErrorResult error={cards.error} onRetry={() => void cards.refetch()} />;
  else if (cards.data.length === 0)
    body = <Empty description="暂无数据，绑定卡券后在此查看" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else body = <CardList cards={cards.data} />;
  return (
    <>
      <Totals userId={userId} />
      {body}
    </>
  );
}

export function MyCardsPage({ title }: { title?: string }) {
  useDocumentTitle(title || '我的卡券');
  const userId = useAuthStore((s) => s.id);
  const access = useAccess();
  const [binding, setBinding] = useState(false);

  return (
    <Card
      title={<IconTitle icon={<CreditCardOutlined />}>我的卡券</IconTitle>}
      extra={
        access.canSeePackages && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setBinding(true)}>
            绑定卡券
          </Button>
        )
      }
    >
      <UrlTabs tabs={TABS} clears={['status']}>
        {(key) => (key === 'coupons' ? <MyCoupons /> : <BoundCards userId={userId} />)}
      </UrlTabs>
      <BindDialog open={binding} userId={userId} onClose={() => setBinding(false)} />
    </Card>
  );
}
