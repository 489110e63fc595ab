import { Grid } from 'antd';

/** Below 768 px (antd's `md`): a phone, where controls grow to the middle size and the tabs bar gives way. */
export function usePhoneWidth(): boolean {
  return Grid.useBreakpoint().md === false;
}
