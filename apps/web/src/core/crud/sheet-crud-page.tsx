/**
 * The generic CRUD screen of a definition with Excel (crud-sheet.ts on the server): import (template, overwrite switch,
 * row-level errors, optional skip of bad rows) and export of the filtered list, shown by the `<page>_import` /
 * `<page>_export` buttons. `fields` and `extra` (after the two buttons) as a page needs them.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { downloadFile } from '@/core/http/download';
import { CrudPage, type CrudContext, type FieldOverride } from './crud-page';
import { ImportDialog } from './import-dialog';
import { useLabel } from './labels';

export function SheetCrudPage({ resource, fields, extra }: { resource: ResourceDef; fields?: Record<string, FieldOverride>; extra?: ReactNode }) {
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
          onClick={() => void downloadFile(`${resource.api}/export`, ctx.filters, t('crud.sheet.exportName', { title })).catch(() => undefined)}
        >
          {t('crud.action.export')}
        </Button>
      )}
      {extra}
    </>
  );

  return (
    <>
      <CrudPage resource={resource} fields={fields} toolbar={toolbar} />
      {importing && (
        <ImportDialog
          open
          title={t('crud.sheet.importTitle', { title })}
          templateUrl={`${resource.api}/import-template`}
          templateName={t('crud.sheet.templateName', { title })}
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
