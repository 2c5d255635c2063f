// /cards/shop (购买卡): gift cards a member buys for its customers (a plan's year or a tool's uses per card), each
// bought on its order page; back from a paid order (?paid=<order>) the page shows that order's cards and secrets.
import { GiftOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { GiftProduct } from '@uc/shared';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { IconTitle } from '../../components/icon-title';
import { LinkButton } from '../../components/link-button';
import { QueryRows } from '../../components/query-rows';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { paths } from '../../paths';
import { giftProductsQueryOptions, useGiftProducts } from './api/cards';
import { GiftCardsPanel } from './components/gift-cards-panel';
import './cards.css';

export const firstQueries: FirstQueries = (client) => [client.prefetchQuery(giftProductsQueryOptions())];

const yuan = (price: number) => `¥${Number.isInteger(price) ? price : price.toFixed(2)}`;

function ProductCard({ product }: { product: GiftProduct }) {
  return (
    <Card className="uc-gift-product" data-testid={`gift-${product.id}`}>
      <Flex vertical gap={8}>
        <Flex align="center" justify="space-between" gap={8}>
          <Typography.Title level={2} className="uc-gift-name">
            {product.name}
          </Typography.Title>
          <Tag color={product.kind === 'plan' ? 'gold' : 'processing'}>
            {product.kind === 'plan' ? '会员套餐' : '使用次数'}
          </Tag>
        </Flex>
        <Typography.Text>每张可兑换：{product.grant}</Typography.Text>
        <Typography.Text type="secondary">
          购买后 {product.valid_days} 天内有效，客户在「我的卡券」绑定即生效
        </Typography.Text>
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Typography.Text strong className="uc-gift-price">
            {yuan(product.price)}
            <Typography.Text type="secondary"> /张</Typography.Text>
          </Typography.Text>
          <LinkButton
            type="primary"
            icon={<ShoppingCartOutlined />}
            to={`${paths.cardsBuy}?product=${product.id}`}
            aria-label={`购买 ${product.name}`}
          >
            立即购买
          </LinkButton>
        </Flex>
      </Flex>
    </Card>
  );
}

export function GiftShopPage({ title }: { title?: string }) {
  useDocumentTitle(title || '购买卡');
  const [search] = useSearchParams();
  const paid = search.get('paid');
  const products = useGiftProducts();

  return (
    <Flex vertical gap={16}>
      {paid && /^\d{20}$/.test(paid) && <GiftCardsPanel outTradeNo={paid} />}
      <Card title={<IconTitle icon={<GiftOutlined />}>购买卡</IconTitle>}>
        <Typography.Paragraph type="secondary">
          为您的客户购买会员年卡或工具次数卡，支付后生成卡号与卡密，客户登录后在「会员服务 →
          我的卡券」绑定即可使用。
        </Typography.Paragraph>
        <QueryRows query={products} empty={<Empty description="暂无数据" />}>
          {(rows) => (
            <div className="uc-gift-products">
              {rows.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </div>
          )}
        </QueryRows>
      </Card>
    </Flex>
  );
}
