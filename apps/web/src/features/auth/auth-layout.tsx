import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageToggle } from '@/components/language-toggle';
import { usePublicSettings } from '@/core/settings/use-public-settings';
import './auth.css';

/** Frame of the public pages: brand panel on the left (hidden on phones), the form card on the right. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { settings } = usePublicSettings();
  return (
    <div className="helio-auth">
      <div className="helio-auth__lang">
        <LanguageToggle />
      </div>
      <div className="helio-auth__panel">
        <section className="helio-auth__brand" aria-hidden="true">
          <BrandLogo size={56} />
          <h2>{settings.indexTitle || t('common.appName')}</h2>
          <p>{t('login.tagline')}</p>
        </section>
        <main className="helio-auth__card">
          <header className="helio-auth__header">
            <span className="helio-auth__logo">
              <BrandLogo size={28} />
            </span>
            <h1>{title}</h1>
          </header>
          {children}
        </main>
      </div>
    </div>
  );
}
