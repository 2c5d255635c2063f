import { act, fireEvent, render, screen } from '@testing-library/react';
import { MSG } from '@uc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchSliderChallenge, verifyOutcome, verifySliderAttempt } from './api';
import { FAILURE_RESET_MS, HINT_TEXT, SliderCaptcha, SUCCESS_DELAY_MS } from './slider-captcha';

// A component test under fake timers (every timer, for the success and reset delays): its two calls are stubbed
// at the module, the wire is left to the page tests' msw harness. verifyOutcome stays real and is tested below.
vi.mock('./api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./api')>();
  return { ...actual, fetchSliderChallenge: vi.fn(), verifySliderAttempt: vi.fn() };
});

const challenge = (n: number) => ({
  blockY: 30,
  canvas_str: `data:image/png;base64,BG${n}`,
  blockc_str: `data:image/png;base64,PIECE${n}`,
});

let clock = 0;
const now = () => clock;

beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
  let n = 0;
  vi.mocked(fetchSliderChallenge).mockImplementation(async () => challenge(++n));
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function renderCaptcha() {
  const onSuccess = vi.fn();
  const onFail = vi.fn();
  render(<SliderCaptcha captchaKey="13800138000" onSuccess={onSuccess} onFail={onFail} now={now} />);
  await act(async () => {});
  return { onSuccess, onFail };
}

/** Drags the handle by `dx` over ~600 ms, with a little vertical wobble like a hand. */
async function drag(dx: number) {
  const handle = screen.getByRole('slider', { name: '拖动滑块完成拼图' });
  fireEvent.pointerDown(handle, { clientX: 100, clientY: 200, pointerType: 'mouse', button: 0 });
  for (let i = 1; i <= 6; i += 1) {
    clock += 100;
    fireEvent.pointerMove(window, { clientX: 100 + (dx * i) / 6, clientY: 200 + (i % 2) });
  }
  fireEvent.pointerUp(window, { clientX: 100 + dx, clientY: 201 });
  await act(async () => {});
}

describe('SliderCaptcha', () => {
  it('shows the picture for its key, the floating piece and the hint', async () => {
    await renderCaptcha();
    expect(fetchSliderChallenge).toHaveBeenCalledWith('13800138000');
    expect(screen.getByAltText('拼图验证背景')).toHaveAttribute('src', challenge(1).canvas_str);
    const piece = screen.getByAltText('拼图块');
    expect(piece).toHaveStyle({ left: '0px', top: '30px' });
    expect(screen.getByText(HINT_TEXT)).toBeInTheDocument();
  });

  it('moves the piece with the slider and sends position, duration and trail', async () => {
    vi.mocked(verifySliderAttempt).mockResolvedValue('passed');
    await renderCaptcha();
    await drag(120);
    expect(verifySliderAttempt).toHaveBeenCalledTimes(1);
    const attempt = vi.mocked(verifySliderAttempt).mock.calls[0]?.[0];
    expect(attempt?.username).toBe('13800138000');
    expect(attempt?.blockX).toBe(120);
    expect(attempt?.duration).toBe(600);
    expect(attempt?.trail[0]).toEqual([0, 0, 0]);
    expect(attempt?.trail.at(-1)).toEqual([120, 1, 600]);
    expect(attempt?.trail.length).toBeGreaterThanOrEqual(7);
    expect(screen.getByAltText('拼图块')).toHaveStyle({ left: '120px' });
  });

  it('keeps the piece inside the picture', async () => {
    vi.mocked(verifySliderAttempt).mockResolvedValue('retry');
    await renderCaptcha();
    await drag(500);
    expect(vi.mocked(verifySliderAttempt).mock.calls[0]?.[0].blockX).toBe(220);
  });

  it('on a pass shows 验证通过, calls back after 500 ms, then resets the slider', async () => {
    vi.mocked(verifySliderAttempt).mockResolvedValue('passed');
    const { onSuccess } = await renderCaptcha();
    await drag(90);
    expect(screen.getByText(MSG.captchaPassed)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SUCCESS_DELAY_MS - 1));
    expect(onSuccess).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
  });

  it('on a failure shows the message, calls onFail and resets the slider on the same picture', async () => {
    vi.mocked(verifySliderAttempt).mockResolvedValue('retry');
    const { onSuccess, onFail } = await renderCaptcha();
    await drag(60);
    // Over the picture, announced, never in the track where the dropped handle rests.
    expect(screen.getByRole('status')).toHaveTextContent(MSG.captchaFailed);
    expect(screen.getByRole('slider').parentElement).not.toHaveTextContent(MSG.captchaFailed);
    expect(onFail).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(FAILURE_RESET_MS));
    expect(screen.getByRole('status')).toHaveTextContent(MSG.captchaFailed);
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
    expect(fetchSliderChallenge).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();

    // Another try on the same picture passes.
    vi.mocked(verifySliderAttempt).mockResolvedValue('passed');
    await drag(100);
    expect(screen.getByText(MSG.captchaPassed)).toBeInTheDocument();
  });

  it('on code 401 (or a failed request) fetches a new picture', async () => {
    vi.mocked(verifySliderAttempt).mockResolvedValueOnce('refresh').mockRejectedValueOnce(new Error('down'));
    const { onFail } = await renderCaptcha();
    await drag(60);
    expect(screen.getByText(MSG.captchaFailed)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(FAILURE_RESET_MS));
    expect(fetchSliderChallenge).toHaveBeenCalledTimes(2);
    expect(screen.getByAltText('拼图验证背景')).toHaveAttribute('src', challenge(2).canvas_str);
    await drag(60);
    await act(async () => vi.advanceTimersByTime(FAILURE_RESET_MS));
    expect(fetchSliderChallenge).toHaveBeenCalledTimes(3);
    expect(onFail).toHaveBeenCalledTimes(2);
  });

  it('after a wrong drag on a one-try picture, offers a new picture to drag at once', async () => {
    // The server's default: one try per picture, so a wrong drag answers 401.
    vi.mocked(verifySliderAttempt).mockResolvedValueOnce('refresh').mockResolvedValueOnce('passed');
    const { onSuccess } = await renderCaptcha();
    await drag(60);
    const handle = screen.getByRole('slider', { name: '拖动滑块完成拼图' });
    expect(screen.getByRole('status')).toHaveTextContent(MSG.captchaFailed);
    expect(handle).toHaveAttribute('aria-disabled', 'true');
    await act(async () => vi.advanceTimersByTime(FAILURE_RESET_MS));
    // A new picture, the handle back at the start and free, the failure still said until the next drag.
    expect(screen.getByAltText('拼图验证背景')).toHaveAttribute('src', challenge(2).canvas_str);
    expect(screen.getByAltText('拼图块')).toHaveStyle({ left: '0px' });
    expect(handle).toHaveAttribute('aria-valuenow', '0');
    expect(handle).toHaveAttribute('aria-disabled', 'false');
    expect(screen.getByRole('status')).toHaveTextContent(MSG.captchaFailed);
    await drag(100);
    expect(screen.getByRole('status')).toHaveTextContent(MSG.captchaPassed);
    act(() => vi.advanceTimersByTime(SUCCESS_DELAY_MS));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('the refresh icon fetches a new picture', async () => {
    await renderCaptcha();
    fireEvent.click(screen.getByRole('button', { name: '换一张' }));
    await act(async () => {});
    expect(fetchSliderChallenge).toHaveBeenCalledTimes(2);
    expect(screen.getByAltText('拼图验证背景')).toHaveAttribute('src', challenge(2).canvas_str);
  });

  it('a click without a drag checks nothing', async () => {
    await renderCaptcha();
    const handle = screen.getByRole('slider');
    fireEvent.pointerDown(handle, { clientX: 10, clientY: 10, pointerType: 'mouse', button: 0 });
    fireEvent.pointerUp(window, { clientX: 10, clientY: 10 });
    await act(async () => {});
    expect(verifySliderAttempt).not.toHaveBeenCalled();
  });

  it('offers a retry when the picture cannot load', async () => {
    vi.mocked(fetchSliderChallenge).mockRejectedValueOnce(new Error('down'));
    await renderCaptcha();
    fireEvent.click(screen.getByRole('button', { name: '图片加载失败，点击重试' }));
    await act(async () => {});
    expect(screen.getByAltText('拼图验证背景')).toBeInTheDocument();
  });
});

describe('verifyOutcome', () => {
  it('maps the answers of POST api/slider_code/', () => {
    expect(verifyOutcome({ code: 200, message: '验证通过', data: {} })).toBe('passed');
    expect(verifyOutcome({ code: 200, message: 'x', data: { code: 400 } })).toBe('retry');
    expect(verifyOutcome({ code: 200, message: 'x', data: { code: 401 } })).toBe('refresh');
    expect(verifyOutcome({ code: 400, message: 'x', data: null })).toBe('refresh');
  });
});
