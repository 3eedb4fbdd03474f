/**
 * Code generator (`/tool/code`): code records (which model becomes which Helio module) with the generic screen —
 * choosing the model fills in the table, module key, page code, API base and web path — plus "copy" and
 * "generate", which downloads the zip (`gen-code?ids=`) of the chosen records' modules.
 */
import { useMemo } from 'react';
import { Button, TreeSelect } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { codeResource } from '@helio/contracts/modules/code/code.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import type { FieldWidgetContext } from '@/core/crud/fields-to-form';
import type { Row } from '@/core/crud/use-crud-resource';
import { downloadFile } from '@/core/http/download';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { codeDefaultsFor, useModels } from './develop-api';

export const GEN_CODE_URL = '/api/blade-develop/code/gen-code';

/** Download the generated modules of the records (a zip named by the server). */
export function generate(ids: readonly string[]): Promise<void> {
  return downloadFile(GEN_CODE_URL, { ids: ids.join(',') }, 'helio-codegen.zip');
}

export function CodePage() {
  const { t } = useTranslation();
  const models = useModels();
  const def: ResourceDef = useMemo(
    () => ({
      ...codeResource,
      fields: codeResource.fields.map((f) =>
        f.key === 'modelId' ? { ...f, kind: 'tree' as const, optionsFrom: { url: '/api/blade-develop/model/select', labelKey: 'modelName' } } : f,
      ),
    }),
    [],
  );

  const fields: Record<string, FieldOverride> = {
    modelId: {
      // Choosing a model on a new record fills in what can be derived from its table (each stays editable).
      widget: (ctx: FieldWidgetContext) => (
        <TreeSelect
          showSearch
          allowClear
          treeNodeFilterProp="title"
          disabled={ctx.disabled}
          placeholder={ctx.placeholder}
          treeData={ctx.options}
          fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          onSelect={(value: string) => {
            if (ctx.mode !== 'add') return;
            const m = models.data?.find((x) => String(x.id) === String(value));
            if (!m) return;
            const current = ctx.form.getFieldsValue() as Record<string, unknown>;
            const next = Object.fromEntries(Object.entries(codeDefaultsFor(m)).filter(([k]) => !current[k]));
            ctx.form.setFieldsValue(next);
          }}
        />
      ),
    },
    apiPath: { table: false },
  };

  const run = async (ids: readonly string[]) => {
    try {
      await generate(ids);
      toast.success(t('develop.code.generated'));
    } catch (error) {
      console.error(error);
    }
  };

  const copy = async (row: Row, ctx: CrudContext) => {
    try {
      await http.post('/api/blade-develop/code/copy', { params: { id: String(row.id) } });
      toast.success(t('crud.success'));
      ctx.reload();
    } catch (error) {
      console.error(error);
    }
  };

  const toolbar = (ctx: CrudContext) =>
    ctx.has('gen') && (
      <Button
        key="gen"
        type="primary"
        ghost
        icon={<DownloadOutlined />}
        onClick={() => {
          if (ctx.selectedKeys.length === 0) {
            toast.warning(t('crud.selectOne'));
            return;
          }
          void run(ctx.selectedKeys);
        }}
      >
        {t('develop.code.generateSelected')}
      </Button>
    );

  const rowActions = (row: Row, ctx: CrudContext) => (
    <>
      {ctx.has('copy') && (
        <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => void copy(row, ctx)}>
          {t('develop.code.copy')}
        </Button>
      )}
      {ctx.has('gen') && (
        <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void run([String(row.id)])}>
          {t('develop.code.generate')}
        </Button>
      )}
    </>
  );

  return <CrudPage resource={def} fields={fields} selectable toolbar={toolbar} rowActions={rowActions} />;
}
