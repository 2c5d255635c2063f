// An antd Button that is a real in-app link (href for new tabs and screen readers, client-side navigation).
import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

export function LinkButton({
  to,
  replace,
  ...props
}: Omit<ButtonProps, 'href'> & { to: string; replace?: boolean }) {
  const href = useHref(to);
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    props.onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(to, { replace: replace ?? false });
  };
  return <Button {...props} href={href} onClick={onClick} />;
}
