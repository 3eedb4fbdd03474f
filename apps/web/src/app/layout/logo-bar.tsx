import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { WEBSITE } from '@/core/config';
import { usePublicSettings } from '@/core/settings/use-public-settings';

/** Logo when collapsed, index title otherwise. */
export function LogoBar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { settings } = usePublicSettings();
  const title = settings.indexTitle || t('common.appName');
  return (
    <Link to={WEBSITE.firstPage} className="helio-logo" aria-label={title} title={title}>
      {collapsed ? <BrandLogo size={28} /> : <span className="helio-logo__title">{title}</span>}
    </Link>
  );
}
