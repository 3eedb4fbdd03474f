import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/core/config';
import type { Language } from '@/core/config';
import { currentLanguage, setLanguage } from '@/core/i18n/i18n';

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
    </svg>
  );
}

/** zh-CN / en-US switch; the choice is remembered locally and applies before sign-in. */
export function LanguageSwitch({ className, showLabel = true }: { className?: string; showLabel?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const items: MenuProps['items'] = LANGUAGES.map((lang) => ({ key: lang, label: t(`common.language.${lang}`) }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [language],
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className={className}
        // The name starts with the words shown (WCAG 2.5.3: speech users say what they see).
        aria-label={showLabel ? `${t(`common.language.short.${language}`)} ${t('common.language.switch')}` : t('common.language.switch')}
        title={t('common.language.switch')}
        icon={<GlobeIcon />}
      >
        {showLabel ? t(`common.language.short.${language}`) : null}
      </Button>
    </Dropdown>
  );
}
