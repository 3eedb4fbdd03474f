/**
 * `/epc/package`: the base packages (code, name, status, system summary) and their lines (SKU, quantity, equipment
 * type), both CRUD screens of their contracts definitions.
 */
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { epcPackageLineResource, epcPackageResource } from '@helio/contracts/modules/epc/package.resource';
import { CrudPage } from '@/core/crud/crud-page';

export function PackagePage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'packages', label: t('epc-package-page.tab.packages'), children: <CrudPage resource={epcPackageResource} /> },
          { key: 'lines', label: t('epc-package-page.tab.lines'), children: <CrudPage resource={epcPackageLineResource} /> },
        ]}
      />
    </Card>
  );
}
