import type { ReactNode } from 'react';
import { Button, ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useKeyboardPopover } from '@/core/a11y/keyboard-popover';
import { WEBSITE } from '@/core/config';
import { useThemeStore } from '@/core/theme/theme-store';
import { COLOR_PRESETS } from '@/core/theme/themes';

/** The primary-colour picker's popup around its button (theme-picker.tsx loads it on first use). */
export function ColorPickerPopup({ popover, children }: { popover: ReturnType<typeof useKeyboardPopover>; children: ReactNode }) {
  const { t } = useTranslation();
  const color = useThemeStore((s) => s.color);
  const setColor = useThemeStore((s) => s.setColor);
  return (
    <ColorPicker
      open={popover.open}
      onOpenChange={popover.setOpen}
      rootClassName={popover.popupClass}
      value={color}
      disabledAlpha
      presets={[{ label: t('theme.presets'), colors: [...COLOR_PRESETS] }]}
      onChangeComplete={(value) => setColor(value.toHexString().toUpperCase())}
      panelRender={(panel) => (
        <div>
          {panel}
          <Button size="small" block style={{ marginTop: 8 }} onClick={() => setColor(WEBSITE.defaultColor)}>
            {t('theme.resetColor')}
          </Button>
        </div>
      )}
    >
      {children}
    </ColorPicker>
  );
}
