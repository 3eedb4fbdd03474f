import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '@/core/providers';
import { setLanguage } from '@/core/i18n/i18n';
import { IssuedPasswordsModal } from './user-passwords';

// The machine is shared: antd's modal can take seconds to render under load.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('generated passwords, shown once (issue 11)', () => {
  it('lists each account with its own password and copies them', async () => {
    setLanguage('en-US');
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onClose = vi.fn();
    render(
      <Providers>
        <IssuedPasswordsModal
          items={[
            { account: 'li', password: 'Ab3dEf7hJk' },
            { account: 'wang', password: 'Zy8xWv6uTs' },
          ]}
          onClose={onClose}
        />
      </Providers>,
    );
    await screen.findByText('Initial passwords');
    expect(screen.getByText(/cannot be shown again/)).toBeTruthy();
    expect(screen.getByText('Ab3dEf7hJk')).toBeTruthy();
    expect(screen.getByText('Zy8xWv6uTs')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Copy all/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('li\tAb3dEf7hJk\nwang\tZy8xWv6uTs'));
    fireEvent.click(screen.getByRole('button', { name: /I have noted them/ }));
    expect(onClose).toHaveBeenCalled();
  });
});
