/** The OTA screen's server calls: the package CRUD (resource paths), the upload and the contracts endpoints. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { otaPackageResource } from '@helio/contracts/modules/ota/ota.resource';
import {
  otaCampaignList,
  otaCampaignProgress,
  otaFileUpload,
  otaUpgradeRecordList,
} from '@helio/contracts/modules/ota/ota.api';
import { useDicts } from '@/core/crud/dict';
import { callEndpoint } from '@/core/http/endpoint';
import { http } from '@/core/http/http';
import type { Page } from '@/core/http/types';

export interface PackageRow {
  id: string;
  company?: string | null;
  deviceType: number;
  firmwareType: number;
  firmwareVersion: string;
  versionStatus: number;
  forceUpdate?: number;
  inverterModel?: string | null;
  firmwareBatch?: string | null;
  versionInfo?: string | null;
  remark?: string | null;
  cdnUrl?: string | null;
  fileId?: string | null;
  fileName?: string | null;
  fileSize?: number | null;
  fileSha256?: string | null;
  uploadTime?: string | null;
}
export type CampaignRow = DataOf<typeof otaCampaignList>['records'][number];
export type Progress = DataOf<typeof otaCampaignProgress>;
export type RecordRow = DataOf<typeof otaUpgradeRecordList>['records'][number];
export type UploadedFile = DataOf<typeof otaFileUpload>;

const KEY = 'ota';

export function usePackages(current: number) {
  return useQuery({
    queryKey: [KEY, 'packages', current],
    queryFn: () => http.get<Page<PackageRow>>(`${otaPackageResource.api}/list`, { params: { current, size: 10 } }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaigns(current: number) {
  return useQuery({
    queryKey: [KEY, 'campaigns', current],
    queryFn: () => callEndpoint(otaCampaignList, { current: String(current), size: '10' }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

/** A campaign's progress, read again every 2 s while it is open (the live view). */
export function useProgress(id: string | undefined) {
  return useQuery({
    queryKey: [KEY, 'progress', id],
    queryFn: () => callEndpoint(otaCampaignProgress, { id: id! }),
    enabled: Boolean(id),
    refetchInterval: 2000,
  });
}

export function useRecords(current: number) {
  return useQuery({
    queryKey: [KEY, 'records', current],
    queryFn: () => callEndpoint(otaUpgradeRecordList, { current: String(current), size: '10' }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

export function uploadFirmware(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.post<UploadedFile>(otaFileUpload.url, { body });
}

export function savePackage(values: Record<string, unknown>): Promise<unknown> {
  return http.post(`${otaPackageResource.api}/submit`, { data: values });
}

export function removePackages(ids: string[]): Promise<unknown> {
  return http.post(`${otaPackageResource.api}/remove`, { params: { ids: ids.join(',') } });
}

export function useInvalidateOta() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY] });
}

const BIZ_DICTS = [
  { code: 'device_type', biz: true },
  { code: 'firmware_type', biz: true },
  { code: 'ota_version_status', biz: true },
] as const;

/** The business dictionaries of the package fields (device type, firmware type, version status). */
export function useOtaDicts() {
  const all = useDicts(BIZ_DICTS);
  return {
    deviceTypes: all['biz:device_type'] ?? [],
    firmwareTypes: all['biz:firmware_type'] ?? [],
    statuses: all['biz:ota_version_status'] ?? [],
  };
}
