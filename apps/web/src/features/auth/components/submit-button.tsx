// The full-width submit button of the sign-in and sign-up forms. antd's default loading icon collapses with a
// CSS transition, and a request answered within a few milliseconds can leave it spinning for good (the leave
// transition never ends); a loading icon of our own is shown and removed without a transition.
import { LoadingOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Form } from 'antd';
import type { ReactNode } from 'react';

const PENDING: ButtonProps['loading'] = { icon: <LoadingOutlined /> };

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Form.Item style={{ marginBottom: 0 }}>
      <Button type="primary" htmlType="submit" block loading={pending ? PENDING : false}>
        {children}
      </Button>
    </Form.Item>
  );
}
