/**
 * The Configuration area's long lists with Excel (spec §1, issue 15): the app's setting items (`/app-menu`), the
 * protocol address map (`/protocol-mapping`), the version matching list (`/config-update/matching-list`) and the
 * factory versions (`/factory-version`) — each the generic CRUD screen of its definition plus Excel import (template,
 * overwrite switch, row-level errors, optional skip of bad rows) and export of the filtered list, shown by the
 * `<page>_import` / `<page>_export` buttons.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { factoryVersionResource, matchingListResource } from '@helio/contracts/modules/settings/config-versions.resource';
import { addressMapResource, setItemResource } from '@helio/contracts/modules/settings/settings.resource';
import { CrudPage, type CrudContext } from '@/core/crud/crud-page';
import { ImportDialog } from '@/core/crud/import-dialog';
import { useLabel } from '@/core/crud/labels';
import { downloadFile } from '@/core/http/download';

function SheetCrudPage({ resource }: { resource: ResourceDef }) {
  const { t } = useTranslation();
  const label = useLabel();
  const title = label(resource.title);
  const [importing, setImporting] = useState<{ reload(): void } | null>(null);

  const toolbar = (ctx: CrudContext) => (
    <>
      {ctx.has('import') && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting({ reload: ctx.reload })}>
          {t('crud.action.import')}
        </Button>
      )}
      {ctx.has('export') && (
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void downloadFile(`${resource.api}/export`, ctx.filters, t('configUpdate.exportName', { title })).catch(() => undefined)}
        >
          {t('crud.action.export')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <CrudPage resource={resource} toolbar={toolbar} />
      {importing && (
        <ImportDialog
          open
          title={t('configUpdate.importTitle', { title })}
          templateUrl={`${resource.api}/import-template`}
          templateName={t('configUpdate.templateName', { title })}
          importUrl={`${resource.api}/import`}
          columnLabels={Object.fromEntries(resource.fields.map((f) => [f.key, label(f.label)]))}
          allowSkipErrors
          onClose={() => setImporting(null)}
          onImported={() => importing.reload()}
        />
      )}
    </>
  );
}

export function SetItemPage() {
  return <SheetCrudPage resource={setItemResource} />;
}

export function AddressMapPage() {
  return <SheetCrudPage resource={addressMapResource} />;
}

export function MatchingListPage() {
  return <SheetCrudPage resource={matchingListResource} />;
}

export function FactoryVersionPage() {
  return <SheetCrudPage resource={factoryVersionResource} />;
}
