// The choices before 立即支付: WeChat Pay or Alipay, the member agreement (docs/requirements.md §2, §4), and on a phone
// the QR code instead of paying on the phone itself.
import { AlipayCircleOutlined, QrcodeOutlined, WechatOutlined } from '@ant-design/icons';
import { PAY_TYPE } from '@uc/shared';
import { Button, Checkbox, Radio } from 'antd';

/** The agreement page of docs/requirements.md §2. */
export const AGREEMENT_HREF = '/usercenter/vipAgreement.html';

export function PayTypeField({ value, onChange }: { value: number; onChange: (payType: number) => void }) {
  return (
    <fieldset className="uc-shop-field">
      <legend>支付方式</legend>
      <Radio.Group
        value={value}
        onChange={(event) => onChange(event.target.value as number)}
        options={[
          {
            value: PAY_TYPE.wechat,
            label: (
              <span>
                <WechatOutlined style={{ color: '#07c160' }} /> 微信支付
              </span>
            ),
          },
          {
            value: PAY_TYPE.alipay,
            label: (
              <span>
                <AlipayCircleOutlined style={{ color: '#1677ff' }} /> 支付宝支付
              </span>
            ),
          },
        ]}
      />
    </fieldset>
  );
}

export function AgreementCheck({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      className="uc-shop-agree"
    >
      我已阅读并同意
      <a href={AGREEMENT_HREF} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()}>
        《查策网会员服务协议》
      </a>
    </Checkbox>
  );
}

/** 改用扫码支付: on a phone, the QR code instead of the provider's page or WeChat's sheet (a pay request naming 'qr'). */
export function QrFallbackLink({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button type="link" block icon={<QrcodeOutlined />} onClick={onClick} disabled={disabled}>
      改用扫码支付
    </Button>
  );
}
