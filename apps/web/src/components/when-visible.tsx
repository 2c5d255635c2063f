// Renders its children (typically a lazy card) once the placeholder comes near the viewport, so the code of
// cards below the fold is not part of the dashboard's first view. Without IntersectionObserver it renders once
// mounted. The first render is always the placeholder, on the server too, so a server's HTML hydrates as drawn.
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

export function WhenVisible({
  children,
  placeholder,
  rootMargin = '300px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  rootMargin?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (visible || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  if (visible) return <Suspense fallback={placeholder}>{children}</Suspense>;
  return (
    <div ref={box} style={{ width: '100%' }}>
      {placeholder}
    </div>
  );
}
