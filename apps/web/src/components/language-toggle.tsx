import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/core/i18n/i18n';

/** Public pages: one button naming the other language (light: no dropdown menu on the sign-in route). */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const next = currentLanguage() === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button
      type="text"
      className={className}
      lang={next}
      aria-label={`${t('common.language.switch')}: ${t(`common.language.${next}`)}`}
      onClick={() => setLanguage(next)}
    >
      {t(`common.language.${next}`)}
    </Button>
  );
}
