import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/core/auth/session-store';
import { WEBSITE } from '@/core/config';

type Code = '404' | '403' | '500';

function ErrorPage({ code }: { code: Code }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = Boolean(useSessionStore((s) => s.token));
  return (
    <div style={{ minHeight: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Result
        status={code}
        title={
          <h1 className="helio-error-title">
            {code}
            <span className="helio-sr-only"> {t(`error.${code}.title`)}</span>
          </h1>
        }
        subTitle={t(`error.${code}.desc`)}
        extra={
          <Button type="primary" onClick={() => void navigate(signedIn ? WEBSITE.firstPage : WEBSITE.loginPage)}>
            {t(signedIn ? 'error.backHome' : 'error.backLogin')}
          </Button>
        }
      />
    </div>
  );
}

export function NotFoundPage() {
  return <ErrorPage code="404" />;
}

export function ForbiddenPage() {
  return <ErrorPage code="403" />;
}

export function ServerErrorPage() {
  return <ErrorPage code="500" />;
}
