import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A known page that is not in the user's menu. */
export function ForbiddenContent() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('error.403.desc')} />;
}
