import { UserOutlined } from '@ant-design/icons';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberAvatar } from './member-avatar';

/** Runs `fn` with every image reporting `complete` and `naturalWidth` as given (jsdom loads no image). */
function withImages(state: { complete: boolean; naturalWidth: number }, fn: () => void) {
  const proto = HTMLImageElement.prototype;
  const saved = (['complete', 'naturalWidth'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const,
  );
  for (const [name] of saved)
    Object.defineProperty(proto, name, { configurable: true, get: () => state[name] });
  try {
    fn();
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else Reflect.deleteProperty(proto, name);
    }
  }
}

describe('MemberAvatar', () => {
  it('shows the image, and the icon once the image fails to load', () => {
    const { container } = render(
      <MemberAvatar src="https://example.invalid/a.png" icon={<UserOutlined />} />,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://example.invalid/a.png');
    if (img) fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.anticon-user')).not.toBeNull();
  });

  it('an image that failed before it was mounted (drawn by the server) falls back too', () => {
    withImages({ complete: true, naturalWidth: 0 }, () => {
      const { container } = render(<MemberAvatar src="https://example.invalid/b.png">深</MemberAvatar>);
      expect(container.querySelector('img')).toBeNull();
      expect(container.textContent).toBe('深');
    });
  });

  it('keeps an image that loaded', () => {
    withImages({ complete: true, naturalWidth: 64 }, () => {
      const { container } = render(<MemberAvatar src="https://example.invalid/c.png" />);
      expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.invalid/c.png');
    });
  });
});
