/**
 * Storage configurations (`/resource/oss`): the generic screen plus which one is enabled (exactly one per tenant,
 * `enable`), a storage check (`debug`: the server writes, reads back and deletes a small object) and the secret key
 * as a write-only field (never shown again; left empty on edit to keep the stored one).
 */
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { ossResource } from '@helio/contracts/modules/oss/oss.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import type { FieldWidgetContext } from '@/core/crud/fields-to-form';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { EnabledTag, enableAction, statusField } from './config-status';

/** Write-only secret: an empty input on edit keeps the stored value; never shown when viewing. */
export function secretOverride(t: TFunction): FieldOverride {
  return {
    hidden: (mode) => mode === 'view',
    widget: (ctx: FieldWidgetContext) => (
      <Input.Password
        autoComplete="new-password"
        disabled={ctx.disabled}
        placeholder={ctx.mode === 'edit' ? t('resource.secretKeep') : ctx.placeholder}
        visibilityToggle={ctx.mode === 'add'}
      />
    ),
  };
}

export function OssPage() {
  const { t } = useTranslation();
  const def: ResourceDef = useMemo(() => ({ ...ossResource, fields: [...ossResource.fields, statusField()] }), []);
  const fields: Record<string, FieldOverride> = {
    status: { render: (_v, row) => <EnabledTag row={row} t={t} /> },
    secretKey: secretOverride(t),
    category: { extra: t('resource.oss.categoryHint') },
  };

  const debug = async (row: Row) => {
    try {
      await http.post('/api/blade-resource/oss/debug', { params: { id: String(row.id) } });
      toast.success(t('resource.oss.debugOk', { code: String(row.ossCode ?? '') }));
    } catch (error) {
      console.error(error);
    }
  };

  const rowActions = (row: Row, ctx: CrudContext) => (
    <>
      {enableAction(ossResource.api, row, ctx, t)}
      {ctx.has('debug') && (
        <Button type="link" size="small" onClick={() => void debug(row)}>
          {t('resource.oss.debug')}
        </Button>
      )}
    </>
  );

  return <CrudPage resource={def} fields={fields} rowActions={rowActions} defaults={() => ({ category: 1 })} />;
}
