import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PolicyStats } from './policy-stats';

// The tests say when the fetch starts (after the first paint, never on phones): a spy on the fetcher sees the
// call at once, where a server would see the request only later.
const getPolicyCount = vi.fn();
vi.mock('../api/get-policy-count', () => ({ getPolicyCount: () => getPolicyCount() }));

function setWide(wide: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: wide,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
}

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('PolicyStats', () => {
  it('keeps the three slots while loading, then shows the totals after the first paint', async () => {
    setWide(true);
    getPolicyCount.mockResolvedValue([
      { type: 'sbtz', name: '申报通知', count: 12345 },
      { type: 'gsgg', name: '公示公告', count: 908 },
      { type: 'zcdt', name: '政策动态', count: 1057 },
    ]);
    const { container } = render(<PolicyStats />);
    // Before the numbers: the names and a placeholder in each slot, nothing fetched during the first render.
    expect(screen.getByText('申报通知')).toBeInTheDocument();
    expect(container.querySelectorAll('.uc-auth-stat-placeholder')).toHaveLength(3);
    expect(getPolicyCount).not.toHaveBeenCalled();
    expect(await screen.findByText('12,345')).toBeInTheDocument();
    expect(screen.getByText('908')).toBeInTheDocument();
    expect(container.querySelectorAll('.uc-auth-stat')).toHaveLength(3);
  });

  it('says what the totals count: the whole platform, unlike the dashboard’s city figures', async () => {
    setWide(true);
    getPolicyCount.mockResolvedValue([]);
    render(<PolicyStats />);
    const scope = screen.getByText('统计范围：全平台（所有地区）');
    const list = document.querySelector('dl.uc-auth-stats-list');
    expect(list).toHaveAttribute('aria-labelledby', scope.id);
  });

  it('fetches nothing where the brand panel is hidden (phones)', async () => {
    setWide(false);
    vi.useFakeTimers();
    render(<PolicyStats />);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(getPolicyCount).not.toHaveBeenCalled();
  });
});
