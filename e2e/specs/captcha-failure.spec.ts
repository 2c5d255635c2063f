// The slider captcha's failure text stays readable, never under the handle, the whole time it shows.
import { expect, test } from '@playwright/test';
import { captchaAnswer, dragSlider, uniqueMobile } from './support';

const FAILED = '验证失败: 拖动滑块将悬浮图像正确拼合';

test('a wrong drag shows the failure text clear of the handle until the handle is back', async ({ page }) => {
  await page.goto('/usercenter/checklogin/index');
  await page.getByRole('tab', { name: '免密登录' }).click();
  const mobile = uniqueMobile();
  await page.getByLabel('手机号码').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  await expect(dialog.getByAltText('拼图验证背景')).toBeVisible();

  const answer = await captchaAnswer(page, mobile);
  await dragSlider(page, answer > 140 ? answer - 60 : answer + 60);
  const text = dialog.getByRole('status');
  await expect(text).toHaveText(FAILED);

  const handle = dialog.getByRole('slider', { name: '拖动滑块完成拼图' });
  /** Back at the start and at rest: its position is 0 and its slide (a CSS transition) has ended. */
  const back = () =>
    handle.evaluate((el) => el.getAttribute('aria-valuenow') === '0' && el.getAnimations().length === 0);
  // Sampled over the 600 ms the handle rests at the drop and while it slides back, the last sample once it is back.
  const deadline = Date.now() + 10_000;
  for (let sample = 0, done = false; !done; sample += 1) {
    done = await back();
    if (!done && Date.now() > deadline) throw new Error('the handle did not slide back');
    const [textBox, handleBox] = await Promise.all([text.boundingBox(), handle.boundingBox()]);
    if (!textBox || !handleBox) throw new Error('no box');
    const overlaps =
      textBox.x < handleBox.x + handleBox.width &&
      handleBox.x < textBox.x + textBox.width &&
      textBox.y < handleBox.y + handleBox.height &&
      handleBox.y < textBox.y + textBox.height;
    expect(overlaps, `sample ${sample}: the text and the handle overlap`).toBe(false);
    // Nothing else is painted over the text either.
    const onTop = await text.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(onTop, `sample ${sample}: the text is on top`).toBe(true);
    await expect(text).toHaveText(FAILED);
  }
  await expect(handle).toHaveAttribute('aria-valuenow', '0');
});
