/**
 * Storage and SMS configurations share the Blade "one enabled per tenant" rule: `status` 2 is the enabled one,
 * `enable?id=` makes a configuration the only enabled one. The status column, its tag and the row action.
 */
import { Button, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { FieldDef } from '@helio/contracts/crud/resource';
import type { CrudContext } from '@/core/crud/crud-page';
import { localeLabel } from '@/core/crud/labels';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';

/** `status` of the enabled configuration (Blade: 1 off, 2 on). */
export const ENABLED = 2;

export const isEnabled = (row: Row) => Number(row.status) === ENABLED;

/** The status column (read-only, not in the form). */
export function statusField(): FieldDef {
  return { key: 'status', label: localeLabel('resource.status.label'), kind: 'text', form: false };
}

export function EnabledTag({ row, t }: { row: Row; t: TFunction }) {
  return isEnabled(row) ? (
    <Tag color="success" icon={<CheckCircleFilled />}>
      {t('resource.status.enabled')}
    </Tag>
  ) : (
    <Tag>{t('resource.status.disabled')}</Tag>
  );
}

/** "Enable" on a row that is not the enabled one: confirm, `POST <api>/enable?id=`, reload. */
export function enableAction(api: string, row: Row, ctx: CrudContext, t: TFunction) {
  if (!ctx.has('enable') || isEnabled(row)) return null;
  return (
    <Button
      key="enable"
      type="link"
      size="small"
      onClick={() =>
        void ctx.modal.confirm({
          title: t('crud.confirm.title'),
          content: t('resource.status.confirmEnable'),
          okText: t('crud.confirm.ok'),
          cancelText: t('crud.confirm.cancel'),
          onOk: async () => {
            try {
              await http.post(`${api}/enable`, { params: { id: String(row.id) } });
              toast.success(t('resource.status.enabledNow'));
              ctx.reload();
            } catch (error) {
              console.error(error);
            }
          },
        })
      }
    >
      {t('resource.status.enable')}
    </Button>
  );
}
