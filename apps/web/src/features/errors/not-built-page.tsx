import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WEBSITE } from '@/core/config';

/** A menu path whose page is not built yet: a translated 404-style page inside the shell, never a blank screen. */
export function NotBuiltPage({ title, path }: { title: string; path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('error.notBuilt.title', { name: title })}
      subTitle={
        <>
          {t('error.notBuilt.desc')}
          <br />
          <code>{path}</code>
        </>
      }
      extra={
        <Button type="primary" onClick={() => void navigate(WEBSITE.firstPage)}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
