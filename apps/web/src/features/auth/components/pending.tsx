// The loading state of the identity buttons. antd's default loading icon collapses with a CSS transition, and
// a request answered within a few milliseconds can leave it spinning for good (the leave transition never ends);
// a loading icon of our own is shown and removed without a transition.
import { LoadingOutlined } from '@ant-design/icons';
import type { ButtonProps } from 'antd';

const PENDING: ButtonProps['loading'] = { icon: <LoadingOutlined /> };

export function pendingProp(pending: boolean): ButtonProps['loading'] {
  return pending ? PENDING : false;
}
