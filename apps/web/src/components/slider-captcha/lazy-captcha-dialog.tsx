// The captcha dialog loaded on first need: its code (and the HTTP client behind it) stays out of a page's first
// load. Shown while `captchaKey` is set.
import { lazy, Suspense } from 'react';

export const loadCaptchaDialog = () => import('./slider-captcha-modal');

const SliderCaptchaModal = lazy(async () => ({ default: (await loadCaptchaDialog()).SliderCaptchaModal }));

export interface LazyCaptchaDialogProps {
  /** The key of the puzzle (a mobile, a username); null keeps the dialog closed. */
  captchaKey: string | null;
  onSuccess: () => void;
  onCancel: () => void;
}

export function LazyCaptchaDialog({ captchaKey, onSuccess, onCancel }: LazyCaptchaDialogProps) {
  if (captchaKey === null) return null;
  return (
    <Suspense fallback={null}>
      <SliderCaptchaModal open captchaKey={captchaKey} onSuccess={onSuccess} onCancel={onCancel} />
    </Suspense>
  );
}
