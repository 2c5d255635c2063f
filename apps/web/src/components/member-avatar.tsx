// The member's avatar: antd's Avatar, drawn with its icon or letter instead when the image does not load. An image the
// server drew can fail before the page is hydrated (the main site unreachable, say); its error event came before
// React listened, so the image is also checked once mounted.
import { Avatar, type AvatarProps } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** A loaded-or-failed image with no pixels: it did not load. */
const broken = (img: HTMLImageElement | null | undefined) => !!img && img.complete && img.naturalWidth === 0;

export function MemberAvatar({ src, ...props }: Omit<AvatarProps, 'src' | 'onError'> & { src?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (src && broken(ref.current?.querySelector('img'))) setFailed(src);
  }, [src]);
  return (
    <Avatar
      ref={ref}
      {...props}
      src={src && src !== failed ? src : undefined}
      onError={() => {
        if (src) setFailed(src);
        return true;
      }}
    />
  );
}
