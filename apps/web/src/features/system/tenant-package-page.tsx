/**
 * Tenant packages (spec §2, §4, §5, §8): search on the name; add, edit, delete (no view); row selection and batch
 * delete; a 600-wide dialog that ignores outside clicks; menus picked from the menu tree and saved comma-joined; on
 * edit only the leaf ids are pre-selected (a saved parent would otherwise tick all of its current children).
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tenantPackageResource } from '@helio/contracts/modules/tenant/tenant.resource';
import { CrudPage } from '@/core/crud/crud-page';
import { leafValues, optionsQuery } from '@/core/crud/options';
import type { Row } from '@/core/crud/use-crud-resource';

const MENU_SOURCE = tenantPackageResource.fields.find((f) => f.key === 'menuId')!.optionsFrom!;

/** Keep only the ids that are leaves of the tree. */
export function leafIdsOnly(value: unknown, leaves: ReadonlySet<string>): string {
  return String(value ?? '')
    .split(',')
    .filter((id) => id && leaves.has(id))
    .join(',');
}

export function TenantPackagePage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const afterLoad = useCallback(
    async (record: Row) => {
      const tree = await queryClient.fetchQuery(optionsQuery(MENU_SOURCE, i18n.language));
      return { ...record, menuId: leafIdsOnly(record.menuId, leafValues(tree)) };
    },
    [queryClient, i18n.language],
  );
  return <CrudPage resource={tenantPackageResource} afterLoad={afterLoad} />;
}
