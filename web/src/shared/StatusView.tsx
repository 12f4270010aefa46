import { useId, type ReactNode } from 'react';

interface StatusViewProps {
  /** A big number or sign above the title ('404'). */
  code: string;
  title: string;
  subtitle: string;
  action?: ReactNode;
}

/**
 * A status in place of a screen (not found, access denied, failed): plain elements with the theme's
 * tokens (theme/basic.css), so that the routes can show it without loading antd.
 */
export function StatusView({ code, title, subtitle, action }: StatusViewProps) {
  const titleId = useId();
  return (
    <section className="sx-status" aria-labelledby={titleId}>
      <p className="sx-status-code" aria-hidden="true">
        {code}
      </p>
      <h2 className="sx-status-title" id={titleId}>
        {title}
      </h2>
      <p className="sx-muted">{subtitle}</p>
      {action}
    </section>
  );
}
