import { LIMITS } from '../../lib/limits';
import TextSetting from './TextSetting';
import type { StoreSettings } from './settingsApi';

/** The shop's size chart, shown on the page of every product without one of its own. */
export default function SizeChartSection({ settings }: { settings: StoreSettings }) {
  return (
    <TextSetting
      settings={settings}
      field="sizeChart"
      title="Size Chart"
      label="Size chart"
      help="A line a size, e.g. “M: chest 40 in, length 28 in”. Shown on products without a chart of their own."
      rows={6}
      max={LIMITS.sizeChart}
    />
  );
}
