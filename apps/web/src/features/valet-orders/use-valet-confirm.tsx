import { useState } from 'react';
import { PointsConsentDialog, type PointsOrder } from './points-consent-dialog';
import { confirmValetOrder } from './valet-confirm';

/**
 * 确认订单 of the list and the detail: an order that spends points opens the member's consent dialog (the code
 * sent to the member's phone); any other is asked about and confirmed directly. Render `dialog` once.
 */
export function useValetConfirm(storeCode: string, onConfirmed: () => void) {
  const [consenting, setConsenting] = useState<PointsOrder | null>(null);
  const confirm = async (order: PointsOrder): Promise<void> => {
    if (order.kind === 'integral' && order.points > 0) {
      setConsenting(order);
      return;
    }
    if (await confirmValetOrder(order.kind, storeCode, order.valetOrderNo)) onConfirmed();
  };
  const dialog = (
    <PointsConsentDialog
      storeCode={storeCode}
      order={consenting}
      onClose={() => setConsenting(null)}
      onConfirmed={onConfirmed}
    />
  );
  return { confirm, dialog };
}
