import { CheckOutlined } from '@ant-design/icons';
import { Drawer, Switch } from 'antd';
import { PRESET_COLORS, useSettingsStore, type LayoutToggles } from '../stores/settings-store';
import styles from './shell.module.css';
import { SHELL_LABELS } from './labels';

const TOGGLES: { key: keyof LayoutToggles; label: string }[] = [
  { key: 'tagsView', label: SHELL_LABELS.showTags },
  { key: 'fixedHeader', label: SHELL_LABELS.fixedHeader },
  { key: 'sidebarLogo', label: SHELL_LABELS.showLogo },
  { key: 'uniqueOpened', label: SHELL_LABELS.uniqueOpened },
];

/** Spec 2.9: 系统布局设置 — theme colour (cookie, 365 days) and the layout toggles (localStorage). */
export function SettingsDrawer() {
  const settings = useSettingsStore();
  return (
    <Drawer
      title={SHELL_LABELS.settingsTitle}
      placement="right"
      size={300}
      open={settings.showSettings}
      onClose={() => settings.setShowSettings(false)}
      data-testid="settings-drawer"
    >
      <div className={styles.settingRow}>
        <span>{SHELL_LABELS.themeColor}</span>
      </div>
      <div className={styles.swatches} role="radiogroup" aria-label={SHELL_LABELS.themeColor}>
        {PRESET_COLORS.map((color) => {
          const checked = settings.theme.toLowerCase() === color;
          return (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={color}
              title={color}
              data-testid={`theme-${color.slice(1)}`}
              className={styles.swatch}
              style={{ background: color }}
              onClick={() => settings.setTheme(color)}
            >
              {checked && <CheckOutlined />}
            </button>
          );
        })}
      </div>
      {TOGGLES.map(({ key, label }) => (
        <label key={key} className={styles.settingRow}>
          <span>{label}</span>
          <Switch
            checked={settings[key]}
            data-testid={`setting-${key}`}
            onChange={(value) => settings.setToggle(key, value)}
          />
        </label>
      ))}
    </Drawer>
  );
}
