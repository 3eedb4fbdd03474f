import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorEntry, useErrorLogStore } from '@/core/error-log/error-log-store';

/** Shown when a route fails to load or render (e.g. a chunk that did not arrive in time). Kept light: it is in the entry chunk. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = error instanceof Error && error.name === 'ChunkLoadError';

  useEffect(() => {
    useErrorLogStore.getState().add(errorEntry(error, 'route'));
  }, [error]);

  return (
    <div role="alert" style={{ padding: '15vh 16px', textAlign: 'center' }}>
      <h1 style={{ fontSize: 22, margin: '0 0 8px' }}>{t(chunk ? 'error.chunk.title' : 'error.500.title')}</h1>
      <p style={{ margin: '0 0 24px', opacity: 0.7 }}>{t(chunk ? 'error.chunk.desc' : 'error.500.desc')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.action.reload')}
      </Button>
    </div>
  );
}
