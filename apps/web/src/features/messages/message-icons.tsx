import {
  AuditOutlined,
  BellOutlined,
  CarOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  CrownOutlined,
  ExportOutlined,
  FileSearchOutlined,
  HeartOutlined,
  ImportOutlined,
  RedoOutlined,
  RollbackOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import type { MessageIcon } from '@console/contract';
import type { ComponentType } from 'react';

/** One antd icon per notification kind of spec 4.9 (MESSAGE_ICONS). */
export const MESSAGE_ICON_COMPONENTS: Record<MessageIcon, ComponentType> = {
  allocationIn: ImportOutlined,
  allocationOut: ExportOutlined,
  allocationCancelAll: RollbackOutlined,
  auditTask: AuditOutlined,
  auditPass: CheckCircleOutlined,
  auditReject: CloseCircleOutlined,
  cancelCheck: FileSearchOutlined,
  cancel: StopOutlined,
  customerIntention: HeartOutlined,
  equity: CrownOutlined,
  waitShip: CarOutlined,
  waitShipCancel: ShoppingCartOutlined,
  notTaken: UserAddOutlined,
  receivedCancel: UserDeleteOutlined,
  remind: BellOutlined,
  repurchase: RedoOutlined,
};
