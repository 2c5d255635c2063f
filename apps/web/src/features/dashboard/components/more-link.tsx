// The 更多 link of a dashboard card: a plain link for members; visitors get the quick-nav's login confirm.
import { RightOutlined } from '@ant-design/icons';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { loginPath } from '../../../paths';
import { isPlainClick, useNavAction } from './use-nav-action';

export function MoreLink({ to, loggedIn }: { to: string; loggedIn: boolean }) {
  const run = useNavAction();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Ctrl/Cmd-click opens a new tab as usual; the guard there sends a visitor to login.
    if (loggedIn || !isPlainClick(event)) return;
    event.preventDefault();
    void run({ type: 'login', to: loginPath(to) });
  };
  return (
    <Link to={to} onClick={onClick} className="uc-more-link">
      更多 <RightOutlined />
    </Link>
  );
}
