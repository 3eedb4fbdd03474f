import type { MouseEvent, ReactNode } from 'react';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';

/**
 * A link to a console page: a real `href` (keyboard, screen readers, open in a new tab) that navigates inside the
 * app on a plain click.
 */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <Typography.Link href={to} onClick={onClick}>
      {children}
    </Typography.Link>
  );
}
