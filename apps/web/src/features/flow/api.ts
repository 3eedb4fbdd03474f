/** The workflow screens' server calls: contracts endpoints (typed by their schemas) and the refresh after a change. */
import { useQueryClient } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@helio/contracts/api/endpoint';
import {
  FLOW_API,
  flowFollowDelete,
  flowFollowList,
  flowManagerChangeState,
  flowManagerDeleteDeployment,
  flowManagerDeployUpload,
  flowManagerList,
  flowModelDeploy,
  flowModelDetail,
  flowModelList,
  flowModelRemove,
  flowModelSubmit,
} from '@helio/contracts/modules/workflow/workflow.api';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';
import { http } from '@/core/http/http';

export type ModelRow = DataOf<typeof flowModelList>['records'][number];
export type ModelDetail = DataOf<typeof flowModelDetail>;
export type ProcessRow = DataOf<typeof flowManagerList>['records'][number];
export type InstanceRow = DataOf<typeof flowFollowList>['records'][number];
export type ModelBody = BodyOf<typeof flowModelSubmit>;
type Q = Record<string, string | undefined>;

export const useModels = (q: Q) => useEndpoint(flowModelList, q);
export const useModel = (id: string | undefined) => useEndpoint(flowModelDetail, { id: id ?? '' }, { enabled: Boolean(id) });
export const useProcesses = (q: Q) => useEndpoint(flowManagerList, q);
export const useInstances = (q: Q) => useEndpoint(flowFollowList, q);

/** After a change every workflow list is stale. */
export function useFlowRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['endpoint'], predicate: (q) => String(q.queryKey[1] ?? '').startsWith(`${FLOW_API}/`) });
}

/** Saves a model; `validate`: compiled by the server first (a refused model answers 400 with the elements and reasons). */
export const submitModel = (body: ModelBody, silent = false) =>
  silent ? http.post<ModelDetail>(flowModelSubmit.url, { data: body, silentCodes: [400] }) : callEndpoint(flowModelSubmit, undefined, body);
export const removeModels = (ids: string[]) => callEndpoint(flowModelRemove, { ids: ids.join(',') });
export const deployModel = (modelId: string, category: string, tenantIds: string[]) =>
  callEndpoint(flowModelDeploy, { modelId, category, tenantIds: tenantIds.join(',') });
export const changeState = (processId: string, state: 'active' | 'suspend') => callEndpoint(flowManagerChangeState, { processId, state });
export const deleteDeployments = (deploymentIds: string[]) => callEndpoint(flowManagerDeleteDeployment, { deploymentIds: deploymentIds.join(',') });
export const deleteInstance = (processInstanceId: string, deleteReason: string) => callEndpoint(flowFollowDelete, { processInstanceId, deleteReason });

/** Deploys uploaded files (multipart `files`, `category`, `tenantIds`). */
export function deployUpload(files: File[], category: string, tenantIds: string[]) {
  const body = new FormData();
  body.append('category', category);
  body.append('tenantIds', tenantIds.join(','));
  for (const f of files) body.append('files', f, f.name);
  // A refusal (400) is shown by the upload dialog itself.
  return http.post<boolean>(flowManagerDeployUpload.url, { body, silentCodes: [400] });
}
