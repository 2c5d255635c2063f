// antd's Steps, vertical on a phone: decided by the screen query a server render assumes too (lib/ui/use-media-query),
// not by antd's own breakpoint hook, whose first answer is always "no breakpoint" and would turn the server's
// horizontal steps vertical after hydration (a layout shift).
import { Steps, type StepsProps } from 'antd';
import { NARROW_QUERY, useMediaQuery } from '../lib/ui/use-media-query';

export function ScreenSteps(props: Omit<StepsProps, 'responsive' | 'orientation' | 'direction'>) {
  const narrow = useMediaQuery(NARROW_QUERY);
  return <Steps {...props} responsive={false} orientation={narrow ? 'vertical' : 'horizontal'} />;
}
