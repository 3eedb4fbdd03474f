/** Deploying a model: its category and (platform administrators) the tenants it goes to → `model/deploy`. */
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/core/crud/form-dialog';
import { deployModel, useFlowRefresh, type ModelRow } from './api';
import { CategoryField, TenantField } from './tenant-field';

interface Values {
  category: string;
  tenantIds?: string[];
}

export function DeployDialog({ model, onClose }: { model: ModelRow; onClose(): void }) {
  const { t } = useTranslation();
  const refresh = useFlowRefresh();
  return (
    <FormDialog<Values>
      open
      title={t('flow.deploy.title', { name: model.name })}
      initialValues={{ tenantIds: [] }}
      okText={t('flow.deploy.ok')}
      onClose={onClose}
      onSubmit={async (v) => {
        await deployModel(model.id, v.category, v.tenantIds ?? []);
        await refresh();
      }}
    >
      <CategoryField />
      <TenantField />
    </FormDialog>
  );
}
