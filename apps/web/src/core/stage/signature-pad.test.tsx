/** The signature field: an empty canvas cannot be confirmed (spec §8 "provide signature first"); a signed one can be redone. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@/core/i18n/i18n';
import { mockApi, renderPage } from '@/test/api-mock';
import { SignaturePad } from './signature-pad';

beforeEach(() => {
  setLanguage('en-US');
  mockApi({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignaturePad', () => {
  it('refuses to confirm an empty canvas', async () => {
    const onChange = vi.fn();
    const { toasts } = renderPage(<SignaturePad onChange={onChange} aria-label="Owner signature" />);
    expect(screen.getByRole('img', { name: 'Owner signature' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Confirm signature/ }));
    await waitFor(() => expect(toasts.warning).toContain('Please provide the signature first'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a stored signature as signed, and "Sign again" empties the field', () => {
    const onChange = vi.fn();
    renderPage(<SignaturePad value="77" onChange={onChange} />);
    expect(screen.getByText('Signed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Sign again/ }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
