import TextSetting from './TextSetting';
import type { StoreSettings } from './settingsApi';

export const MAX_RETURNS_NOTE = 300;

/** The returns policy every product page shows. */
export default function ReturnsSection({ settings }: { settings: StoreSettings }) {
  return (
    <TextSetting
      settings={settings}
      field="returnsNote"
      title="Returns"
      label="Returns note"
      help="Shown on every product page."
      rows={2}
      max={MAX_RETURNS_NOTE}
    />
  );
}
