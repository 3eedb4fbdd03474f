import type { MouseEvent, ReactNode } from 'react';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';

/**
 * A row action that opens another page: a real link (href, keyboard, new tab) named for the row it acts on
 * (components/page-link.tsx, with an accessible name).
 */
export function RowLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <Typography.Link href={to} onClick={onClick} aria-label={label} style={{ padding: '0 7px', whiteSpace: 'nowrap' }}>
      {children}
    </Typography.Link>
  );
}
