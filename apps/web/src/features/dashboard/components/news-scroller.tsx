// The latest-releases scroller: rows glide up 0.4 px a frame and rest 2.5 s at each row; hover or focus pauses it.
// Without motion (prefers-reduced-motion) it is a plain scrollable list.
import { LIMITS, type NewsItem, shanghaiDate } from '@uc/shared';
import { useEffect, useRef } from 'react';
import { NewsLink } from '../../../components/news-link';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import {
  DEFAULT_SCROLLER,
  initialScroller,
  nextFrame,
  resume,
  type ScrollerConfig,
  type ScrollerState,
  shouldScroll,
} from '../model/scroller';

function Row({ item, hidden }: { item: NewsItem; hidden?: boolean }) {
  return (
    <li
      className="uc-scroller-row"
      style={{ height: LIMITS.scrollerRowHeight }}
      aria-hidden={hidden || undefined}
    >
      <span className="uc-scroller-dot" aria-hidden="true" />
      <NewsLink item={item} className="uc-scroller-title" tabIndex={hidden ? -1 : undefined} />
      <span className="uc-scroller-date">{shanghaiDate(item.publish_time).slice(5)}</span>
    </li>
  );
}

export function NewsScroller({
  items,
  visibleRows = 7,
}: {
  items: readonly NewsItem[];
  visibleRows?: number;
}) {
  const track = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const state = useRef<ScrollerState | null>(null);
  const config = useRef<ScrollerConfig>({ ...DEFAULT_SCROLLER, rowCount: items.length });
  const reduced = useMediaQuery(REDUCED_MOTION_QUERY);
  const moving = !reduced && shouldScroll(items.length, visibleRows);

  useEffect(() => {
    const el = track.current;
    if (!el || !moving) return;
    config.current = { ...DEFAULT_SCROLLER, rowCount: items.length };
    state.current = initialScroller(performance.now(), config.current);
    el.style.transform = 'translateY(0)';
    let frame = 0;
    const tick = (now: number) => {
      if (!paused.current && state.current) {
        const next = nextFrame(state.current, now, config.current);
        if (next.offset !== state.current.offset) el.style.transform = `translateY(${-next.offset}px)`;
        state.current = next;
      }
      frame = requestAnimationFrame(tick);
    };
    const run = () => {
      if (frame === 0) frame = requestAnimationFrame(tick);
    };
    const halt = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    // Off screen (below a phone's fold, say) it stands still: every frame it moves is work for the page.
    if (typeof IntersectionObserver === 'undefined') {
      run();
      return halt;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        if (state.current) state.current = resume(state.current, performance.now(), config.current);
        run();
      } else halt();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      halt();
    };
  }, [items, moving]);

  const pause = () => {
    paused.current = true;
  };
  const play = () => {
    paused.current = false;
    if (state.current) state.current = resume(state.current, performance.now(), config.current);
  };

  return (
    <section
      className="uc-scroller"
      aria-label="最新发布"
      style={{ height: Math.min(items.length, visibleRows) * LIMITS.scrollerRowHeight }}
      data-scrolling={moving ? 'true' : 'false'}
      onMouseEnter={pause}
      onMouseLeave={play}
      onFocus={pause}
      onBlur={play}
    >
      <div ref={track} className="uc-scroller-track">
        <ul className="uc-scroller-list">
          {items.map((item) => (
            <Row key={item.id} item={item} />
          ))}
        </ul>
        {moving && (
          <ul className="uc-scroller-list" aria-hidden="true">
            {items.map((item) => (
              <Row key={item.id} item={item} hidden />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
