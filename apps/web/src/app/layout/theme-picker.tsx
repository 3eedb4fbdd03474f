import { Button, ColorPicker, Popover, Tooltip } from 'antd';
import { CheckOutlined, SkinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEBSITE } from '@/core/config';
import { useThemeStore } from '@/core/theme/theme-store';
import { COLOR_PRESETS, THEME_NAMES, themeLook } from '@/core/theme/themes';


/** Theme chooser: one swatch per theme. */
export function ThemePicker() {
  const { t } = useTranslation();
  const theme = useThemeStore((s) => s.theme);
  const color = useThemeStore((s) => s.color);
  const setTheme = useThemeStore((s) => s.setTheme);
  const content = (
    <div className="helio-themes" role="listbox" aria-label={t('theme.title')}>
      {THEME_NAMES.map((name) => {
        const look = themeLook(name, color);
        return (
          <button
            key={name}
            type="button"
            role="option"
            aria-selected={theme === name}
            data-theme-name={name}
            className={theme === name ? 'helio-themes__item is-active' : 'helio-themes__item'}
            onClick={() => setTheme(name)}
          >
            <span className="helio-themes__swatch" aria-hidden>
              <span style={{ background: look.vars.siderBg }} />
              <span style={{ background: look.vars.headerBg }} />
              {theme === name ? <CheckOutlined className="helio-themes__check" /> : null}
            </span>
            <span className="helio-themes__name">{t(`theme.name.${name}`)}</span>
          </button>
        );
      })}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('theme.title')} content={content}>
      <Tooltip title={t('theme.title')}>
        <Button type="text" className="helio-header__btn" aria-label={t('theme.title')} icon={<SkinOutlined />} />
      </Tooltip>
    </Popover>
  );
}

/**
 * Primary colour (default #1668DC), persisted. The presets are offered in their readable shades; any other colour is
 * used in its readable shade for words and buttons (core/theme/contrast.ts).
 */
export function PrimaryColorPicker() {
  const { t } = useTranslation();
  const color = useThemeStore((s) => s.color);
  const setColor = useThemeStore((s) => s.setColor);
  return (
    <ColorPicker
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
      <Button
        type="text"
        className="helio-header__btn"
        aria-label={t('theme.color')}
        title={t('theme.color')}
        icon={<span className="helio-color-swatch" style={{ background: color }} aria-hidden="true" />}
      />
    </ColorPicker>
  );
}
