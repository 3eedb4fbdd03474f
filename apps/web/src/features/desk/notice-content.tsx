/** Notice content shown as HTML, after the allow-list (the server sanitised it when it was saved; this is the second gate). */
import { sanitizeHtml } from './sanitize-html';
import './desk.css';

export function NoticeContent({ html }: { html: string }) {
  return <div className="helio-notice-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
