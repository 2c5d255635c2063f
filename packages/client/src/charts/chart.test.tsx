import { act, cleanup, render, screen } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChartFrameProps, createChart } from './chart.js';

afterEach(cleanup);

const props = { option: {}, height: 200, ariaLabel: '分布' };

describe('createChart', () => {
  it("asks for the app's echarts setup only once a chart's frame renders the canvas", async () => {
    // The setup never settles here: jsdom has no canvas to draw on, and the frame's fallback is what is checked.
    const setup = vi.fn(() => new Promise<never>(() => {}));
    let near = false;
    const Frame = ({ height, children }: ChartFrameProps): ReactNode => {
      const placeholder = <div data-testid="placeholder" style={{ height }} />;
      return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
    };
    const Chart = createChart({ setup, Frame });

    const { rerender } = render(<Chart {...props} />);
    expect(screen.getByTestId('placeholder').style.height).toBe('200px');
    expect(setup).not.toHaveBeenCalled();

    near = true;
    await act(async () => rerender(<Chart {...props} />));
    expect(setup).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('placeholder')).toBeDefined();
  });

  it("waits in a skeleton of the chart's size by default", async () => {
    const Chart = createChart({ setup: () => new Promise<never>(() => {}) });
    await act(async () => {
      render(<Chart {...props} />);
    });
    const skeleton = document.querySelector<HTMLElement>('.ant-skeleton');
    expect(skeleton).not.toBeNull();
    expect(document.body.innerHTML).toContain('height: 200px');
  });
});
