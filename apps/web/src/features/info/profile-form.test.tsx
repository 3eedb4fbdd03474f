import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '@/core/auth/session-store';
import { setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import { ProfileForm } from './profile-form';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const LINK = '/api/blade-resource/oss/endpoint/file/77/sig';
let calls: Call[];

beforeEach(() => {
  setLanguage('zh-CN');
  useSessionStore.setState({ user: { access_token: 'a', refresh_token: 'r', account: 'admin', nick_name: 'Admin', avatar: '' } as never });
  calls = mockApi({
    'GET /api/blade-system/user/info': () => ({ account: 'admin', name: 'Admin', realName: 'Administrator', phone: '', email: '', avatar: '' }),
    'POST /api/blade-resource/oss/endpoint/put-file': () => ({ link: LINK, name: 'x.png', originalName: 'me.png', attachId: '77' }),
    'POST /api/blade-system/user/update-info': () => true,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const uploads = () => calls.filter((c) => c.url.pathname === '/api/blade-resource/oss/endpoint/put-file');

describe('avatar on Personal info', () => {
  it('refuses other types and files over 500 kB before uploading', async () => {
    const { toasts } = renderPage(<ProfileForm />);
    await screen.findByLabelText('昵称');
    choose(new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    await waitFor(() => expect(toasts.error).toContain('头像只能是 jpg 或 png 格式'));
    choose(new File([new Uint8Array(500 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(toasts.error).toContain('头像大小不能超过 500KB'));
    expect(uploads()).toHaveLength(0);
  });

  it('uploads with the avatar limits, saves the link and shows it in the header at once and after a reload', async () => {
    const { toasts } = renderPage(<ProfileForm />);
    await screen.findByLabelText('昵称');
    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads()).toHaveLength(1));
    expect(uploads()[0]!.url.searchParams.get('use')).toBe('avatar');
    expect(uploads()[0]!.body).toBeInstanceOf(FormData);
    await waitFor(() => expect(document.querySelector(`img[src="${LINK}"]`)).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(toasts.success).toContain('保存成功'));
    const saved = calls.find((c) => c.url.pathname === '/api/blade-system/user/update-info')!;
    expect(saved.body).toMatchObject({ avatar: LINK });
    expect(useSessionStore.getState().user?.avatar).toBe(LINK);
    expect(JSON.parse(localStorage.getItem('helio-user-info') ?? '{}').avatar).toBe(LINK);
  });
});
