// The form of every sign-in and sign-up screen: large controls, no required marks.
import { Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

export function AuthForm<Values>({
  children,
  ...props
}: Omit<FormProps<Values>, 'children'> & { children: ReactNode }) {
  return (
    <Form<Values> size="large" requiredMark={false} {...props}>
      {children}
    </Form>
  );
}
