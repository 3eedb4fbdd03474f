/**
 * The read-only view of a stored form in the stage panel (fetch mocked at the HTTP boundary only): the EHS PPE choice
 * is stored as codes and shown by its labels in the reader's language; a code outside the list stays as it is.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { addLocaleBundle, setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage } from '@/test/api-mock';
import enField from '../locales/en-US/epc-field.json';
import en from '../locales/en-US/epc-stage.json';
import zhField from '../locales/zh-CN/epc-field.json';
import zh from '../locales/zh-CN/epc-stage.json';
import { StagePanel } from './stage-panel';
import type { OrderDetail } from './stage-panel';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
addLocaleBundle('en-US', 'epc-stage', en);
addLocaleBundle('zh-CN', 'epc-stage', zh);
addLocaleBundle('en-US', 'epc-field', enField);
addLocaleBundle('zh-CN', 'epc-field', zhField);

const ehs = { workDate: '2026-12-11', risks: [{ risk: 'Ladder', solution: 'Hold it' }], ppe: ['helmet', 'harness', 'cape'], declaration: true };

const detail = (): OrderDetail => ({
  order: {
    id: '501', process: 'epc_order', orderNumber: 'EPC202611280001', agentId: '9', agentName: 'Sun Co', customerName: 'Zhang Wei', customerPhone: '+27 821234567',
    projectType: '1', stage: 'ehs_verification', stageName: 'ehs_verification', subStatus: 'pending', inReview: false, pending: null, version: 7,
    dwellDays: 0, totalDays: 0, createTime: '2026-11-28 10:00:00', updateTime: '2026-11-28 10:00:00',
  },
  data: { ehs },
  files: {},
  assignees: {},
  pendingRequest: null,
  dwell: { stages: {}, current: 0, total: 0 },
  history: [],
  actions: [],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StagePanel read-only form', () => {
  it.each([
    ['en-US', 'Safety helmet, Safety harness, cape'],
    ['zh-CN', '安全帽, 安全带, cape'],
  ] as const)('shows the stored EHS PPE codes by their %s labels', async (lang, text) => {
    setLanguage(lang);
    mockApi({});
    renderPage(<StagePanel detail={detail()} onChanged={() => undefined} />);
    const view = await screen.findByTestId('schema-view-ehs');
    expect(within(view).getByText(text)).toBeTruthy();
    expect(within(view).queryByText(/helmet, harness/)).toBeNull();
  });
});
