// The puzzle in a dialog, shown before an SMS code is sent (docs/requirements.md §2 "Login screen"). Loaded on first need.
import { Modal } from 'antd';
import { SliderCaptcha } from './slider-captcha';

export interface SliderCaptchaModalProps {
  open: boolean;
  captchaKey: string;
  onSuccess: () => void;
  onCancel: () => void;
}

export function SliderCaptchaModal({ open, captchaKey, onSuccess, onCancel }: SliderCaptchaModalProps) {
  return (
    <Modal
      open={open}
      title="请完成安全验证"
      footer={null}
      width={308}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onCancel}
    >
      <SliderCaptcha captchaKey={captchaKey} onSuccess={onSuccess} />
    </Modal>
  );
}
