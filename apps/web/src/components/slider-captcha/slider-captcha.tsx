// The puzzle of docs/requirements.md §4 "Slider captcha": a 260x120 picture with a floating 40-px piece that follows a
// slider. The drag is recorded (offset, time) and sent with the piece's position; the server decides.
import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { LIMITS, MSG } from '@uc/shared';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  fetchSliderChallenge,
  type SliderChallenge,
  type TrailPoint,
  type VerifyOutcome,
  verifySliderAttempt,
} from './api';
import './slider-captcha.css';

const WIDTH = LIMITS.captchaWidth;
const HEIGHT = LIMITS.captchaHeight;
const PIECE = LIMITS.captchaPiece;
/** The handle is as wide as the piece and the track as wide as the picture: both move by the same x. */
const MAX_OFFSET = WIDTH - PIECE;
/** docs/requirements.md §4: the success callback runs 500 ms after a pass. */
export const SUCCESS_DELAY_MS = 500;
/** How long a failed try stays in place before the handle slides back. */
export const FAILURE_RESET_MS = 600;

export const HINT_TEXT = '向右拖动滑块完成拼图';

type Status = 'loading' | 'error' | 'ready' | 'dragging' | 'verifying' | 'passed';
type Notice = 'hint' | 'passed' | 'failed';

interface Drag {
  startX: number;
  startY: number;
  startedAt: number;
  x: number;
  trail: TrailPoint[];
}

export interface SliderCaptchaProps {
  /** The key the picture is requested and checked with (the `username` of api/slider_code/). */
  captchaKey: string;
  onSuccess: () => void;
  onFail?: () => void;
  /** Clock of the drag (tests). */
  now?: () => number;
}

const clamp = (value: number) => Math.min(MAX_OFFSET, Math.max(0, value));

export function SliderCaptcha({
  captchaKey,
  onSuccess,
  onFail,
  now = () => performance.now(),
}: SliderCaptchaProps) {
  const [challenge, setChallenge] = useState<SliderChallenge | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [notice, setNotice] = useState<Notice>('hint');
  const [x, setX] = useState(0);
  const [tallPiece, setTallPiece] = useState(false);
  const drag = useRef<Drag | null>(null);
  const timers = useRef<number[]>([]);
  const alive = useRef(true);
  const loadSeq = useRef(0);
  const callbacks = useRef({ onSuccess, onFail, now });
  callbacks.current = { onSuccess, onFail, now };

  const later = useCallback((fn: () => void, ms: number) => {
    const id = window.setTimeout(() => {
      timers.current = timers.current.filter((t) => t !== id);
      if (alive.current) fn();
    }, ms);
    timers.current.push(id);
  }, []);

  const load = useCallback(async () => {
    const seq = ++loadSeq.current;
    setStatus('loading');
    setX(0);
    try {
      const next = await fetchSliderChallenge(captchaKey);
      if (!alive.current || seq !== loadSeq.current) return;
      setTallPiece(false);
      setChallenge(next);
      setStatus('ready');
    } catch {
      if (alive.current && seq === loadSeq.current) setStatus('error');
    }
  }, [captchaKey]);

  useEffect(() => {
    alive.current = true;
    void load();
    return () => {
      alive.current = false;
      for (const id of timers.current) window.clearTimeout(id);
      timers.current = [];
    };
  }, [load]);

  const settle = useCallback(
    (outcome: VerifyOutcome) => {
      if (outcome === 'passed') {
        setStatus('passed');
        setNotice('passed');
        later(() => {
          callbacks.current.onSuccess();
          setX(0);
          setStatus('ready');
          setNotice('hint');
        }, SUCCESS_DELAY_MS);
        return;
      }
      setNotice('failed');
      callbacks.current.onFail?.();
      if (outcome === 'retry') {
        // The picture has tries left: the handle slides back and the user tries again on it.
        setStatus('ready');
        later(() => setX(0), FAILURE_RESET_MS);
      } else {
        // The picture is used up (the server allows one try per picture by default) or expired: the handle slides
        // back under a new picture. The failure text stays until the next drag starts.
        later(() => void load(), FAILURE_RESET_MS);
      }
    },
    [later, load],
  );

  const finish = useCallback(() => {
    const current = drag.current;
    drag.current = null;
    if (!current) return;
    if (current.x < 1) {
      setX(0);
      setStatus('ready');
      return;
    }
    setStatus('verifying');
    const duration = Math.round(callbacks.current.now() - current.startedAt);
    verifySliderAttempt({
      username: captchaKey,
      blockX: Math.round(current.x),
      duration,
      trail: current.trail,
    }).then(
      (outcome) => alive.current && settle(outcome),
      () => alive.current && settle('refresh'),
    );
  }, [captchaKey, settle]);

  // While dragging, the whole window follows the pointer: it may leave the handle and the dialog.
  useEffect(() => {
    if (status !== 'dragging') return;
    const move = (event: PointerEvent) => {
      const current = drag.current;
      if (!current) return;
      const nextX = clamp(event.clientX - current.startX);
      const t = Math.round(callbacks.current.now() - current.startedAt);
      current.x = nextX;
      current.trail.push([Math.round(nextX), Math.round(event.clientY - current.startY), t]);
      setX(nextX);
    };
    const up = (event: PointerEvent) => {
      move(event);
      finish();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
    };
  }, [status, finish]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (status !== 'ready' || !challenge) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    drag.current = {
      startX: event.clientX,
      startY: event.clientY,
      startedAt: callbacks.current.now(),
      x: 0,
      trail: [[0, 0, 0]],
    };
    setX(0);
    setNotice('hint');
    setStatus('dragging');
  };

  const refresh = () => {
    if (status === 'dragging' || status === 'verifying') return;
    setNotice('hint');
    void load();
  };

  const pieceTop = tallPiece ? 0 : (challenge?.blockY ?? 0);
  const busy = status === 'loading' || status === 'verifying';
  const moving = status === 'dragging';
  const result = notice === 'passed' ? MSG.captchaPassed : notice === 'failed' ? MSG.captchaFailed : '';

  return (
    <div className="uc-captcha" style={{ width: WIDTH }}>
      <div className="uc-captcha-picture" style={{ width: WIDTH, height: HEIGHT }} aria-busy={busy}>
        {challenge && (
          <>
            <img
              className="uc-captcha-bg"
              src={challenge.canvas_str}
              alt="拼图验证背景"
              width={WIDTH}
              height={HEIGHT}
              draggable={false}
            />
            <img
              className="uc-captcha-piece"
              src={challenge.blockc_str}
              alt="拼图块"
              width={PIECE}
              height={tallPiece ? HEIGHT : PIECE}
              draggable={false}
              onLoad={(event) => setTallPiece(event.currentTarget.naturalHeight > PIECE + 4)}
              style={{ left: x, top: pieceTop, transition: moving ? 'none' : undefined }}
            />
          </>
        )}
        {status === 'loading' && <div className="uc-captcha-mask">图片加载中…</div>}
        {status === 'error' && (
          <button type="button" className="uc-captcha-mask uc-captcha-mask-action" onClick={refresh}>
            图片加载失败，点击重试
          </button>
        )}
        {/* The outcome shows over the picture, not in the track: the handle rests where it was dropped and
            would cover text there. */}
        <div className={`uc-captcha-result${result ? ` uc-captcha-result-${notice}` : ''}`} role="status">
          {result}
        </div>
        <button
          type="button"
          className="uc-captcha-refresh"
          aria-label="换一张"
          title="换一张"
          onClick={refresh}
          disabled={busy || moving}
        >
          <ReloadOutlined />
        </button>
      </div>
      <div
        className={`uc-captcha-track uc-captcha-${notice}${moving ? ' uc-captcha-moving' : ''}`}
        style={{ width: WIDTH }}
      >
        <div
          className="uc-captcha-fill"
          style={{ width: x + PIECE, transition: moving ? 'none' : undefined }}
        />
        <span className="uc-captcha-text">{HINT_TEXT}</span>
        <div
          role="slider"
          tabIndex={-1}
          aria-label="拖动滑块完成拼图"
          aria-valuemin={0}
          aria-valuemax={MAX_OFFSET}
          aria-valuenow={Math.round(x)}
          aria-disabled={status !== 'ready' && !moving}
          className="uc-captcha-handle"
          style={{ left: x, transition: moving ? 'none' : undefined }}
          onPointerDown={onPointerDown}
        >
          {notice === 'passed' ? (
            <CheckCircleFilled />
          ) : notice === 'failed' && !moving ? (
            <CloseCircleFilled />
          ) : (
            <span className="uc-captcha-arrows" aria-hidden="true">
              »
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
