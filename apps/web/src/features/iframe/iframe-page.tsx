import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** Embeds an external menu address (`?url=`); only http(s) and same-site addresses are embedded. */
export function IframePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const url = search.get('url') ?? '';
  const safe = /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'));
  if (!safe) return <Result status="404" title="404" subTitle={t('error.404.desc')} />;
  return (
    <iframe
      title={search.get('name') ?? url}
      src={url}
      style={{ width: '100%', height: 'calc(100% - 4px)', minHeight: 480, border: 0, background: '#fff' }}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
    />
  );
}
