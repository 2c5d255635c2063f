// The QR code of a payment attempt: scanned in the channel's app (or its page opened), refreshed once expired,
// put away by 修改订单; an empty url means nothing to pay and the server credits the order at once. 无法扫码？ opens
// an http(s) payload's page (Alipay's); a payload only the app reads (WeChat's weixin://) cannot be opened by a
// browser, so on a phone the link pays on the phone itself instead (docs/decisions.md "On the page").
import { EditOutlined } from '@ant-design/icons';
import { Button, QRCode, Spin, Typography } from 'antd';
import { yuanText } from '../../../lib/ui/yuan-text';

export function QrPanel({
  url,
  expired,
  channel,
  price,
  onRefresh,
  onEdit,
  onPayHere,
}: {
  url: string;
  expired: boolean;
  /** 微信 or 支付宝. */
  channel: string;
  price: number;
  onRefresh: () => void;
  onEdit: () => void;
  /** On a phone: pays on the phone itself (the provider's page or WeChat's sheet); absent on a larger screen. */
  onPayHere?: () => void;
}) {
  if (url === '') {
    return (
      <div className="uc-shop-qr" data-testid="pay-qr">
        <Spin description="无需支付，正在开通，请稍候…" />
      </div>
    );
  }
  return (
    <div className="uc-shop-qr" data-testid="pay-qr">
      <QRCode
        value={url}
        size={200}
        status={expired ? 'expired' : 'active'}
        onRefresh={onRefresh}
        aria-label={`${channel}支付二维码`}
      />
      <Typography.Text>
        请使用{channel}扫码支付{' '}
        <Typography.Text strong type="danger">
          {yuanText(price)}
        </Typography.Text>
      </Typography.Text>
      {/^https?:\/\//i.test(url) ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="uc-shop-qr-link">
          无法扫码？在新窗口打开支付页面
        </a>
      ) : (
        onPayHere && (
          <Button type="link" className="uc-shop-qr-link" onClick={onPayHere}>
            无法扫码？在本机完成支付
          </Button>
        )
      )}
      <Button icon={<EditOutlined />} onClick={onEdit}>
        修改订单
      </Button>
    </div>
  );
}
