/** Calls of the code-generator screens (data sources, models, prototypes, code records) and their helpers. */
import { useQuery } from '@tanstack/react-query';
import { http } from '@/core/http/http';
import type { Prototype } from '@helio/contracts/modules/model/model.resource';

export interface DatasourceOption {
  id: string;
  name: string;
  url?: string;
}

export interface ModelOption {
  id: string;
  modelName: string;
  modelTable: string;
  datasourceId: string;
}

export interface TableInfo {
  name: string;
  tableName: string;
  comment: string;
}

export interface ColumnInfo {
  name: string;
  type: string;
  comment: string;
  nullable: boolean;
  pk: boolean;
}

/** A prototype row (one column of a model) as `model-prototype` answers it and `submit-list` takes it. */
export interface PrototypeRow extends Prototype {
  id?: string | null;
  modelId: string;
  [key: string]: unknown;
}

export const COMPONENT_TYPES = ['text', 'textarea', 'number', 'datetime', 'date', 'switch', 'dict', 'select'] as const;

export const developKeys = {
  datasources: ['options', '/api/blade-develop/datasource/select'] as const,
  models: ['options', '/api/blade-develop/model/select'] as const,
};

export function useDatasources() {
  return useQuery({
    queryKey: developKeys.datasources,
    queryFn: async () => (await http.get<DatasourceOption[]>('/api/blade-develop/datasource/select')) ?? [],
    staleTime: 10_000,
  });
}

export function useModels() {
  return useQuery({
    queryKey: developKeys.models,
    queryFn: async () => (await http.get<ModelOption[]>('/api/blade-develop/model/select')) ?? [],
    staleTime: 10_000,
  });
}

export const fetchTables = async (datasourceId: string) =>
  (await http.get<TableInfo[]>('/api/blade-develop/model/table-list', { params: { datasourceId } })) ?? [];

export const fetchColumns = async (datasourceId: string, tableName: string) =>
  (await http.get<ColumnInfo[]>('/api/blade-develop/model/table-info', { params: { datasourceId, tableName } })) ?? [];

export const fetchPrototype = async (modelId: string) =>
  (await http.get<PrototypeRow[]>('/api/blade-develop/model/model-prototype', { params: { modelId } })) ?? [];

export const submitPrototype = (rows: PrototypeRow[]) => http.post('/api/blade-develop/model-prototype/submit-list', { data: rows });

/** `pv_asset` → `PvAsset` (a class name the model form accepts). */
export function pascalOf(table: string): string {
  const name = table
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join('')
    .replace(/^[^A-Za-z]+/, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `pv_asset` → `pv-asset`: a module key the code record accepts (`^[a-z][a-z0-9-]{1,39}$`), or '' when none fits. */
export function moduleKeyOf(table: string, prefix = ''): string {
  const base = prefix && table.startsWith(prefix) ? table.slice(prefix.length) : table;
  const key = base
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return /^[a-z][a-z0-9-]{1,39}$/.test(key) ? key : '';
}

/** The record's defaults for a model: module key, page code, API base and web path derived from the table. */
export function codeDefaultsFor(model: Pick<ModelOption, 'modelName' | 'modelTable'>): Record<string, string> {
  const key = moduleKeyOf(model.modelTable);
  if (!key) return { tableName: model.modelTable, codeName: model.modelName };
  return {
    tableName: model.modelTable,
    codeName: model.modelName,
    serviceName: key,
    packageName: key.replace(/-/g, '_'),
    apiPath: `/api/helio/${key}`,
    webPath: `/${key}`,
  };
}
