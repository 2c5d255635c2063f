// The slider captcha as page tests use it (the real one is tested on its own): a dialog that passes when its button
// is pressed, showing the key it was asked for (as text and as its description).
//   vi.mock('<path>/slider-captcha-modal', () => import('<path>/test/fake-slider-captcha'));
export function SliderCaptchaModal({ captchaKey, onSuccess }: { captchaKey: string; onSuccess: () => void }) {
  return (
    <div role="dialog" aria-label="请完成安全验证" aria-description={`key:${captchaKey}`}>
      <span>key:{captchaKey}</span>
      <button type="button" onClick={onSuccess}>
        完成拼图
      </button>
    </div>
  );
}
