import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CrownOutlined,
  DashboardOutlined,
  GiftOutlined,
  HomeOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Icons of top-level menu entries, by the antd icon name the server menu carries. Listed one by one so
 * the bundle holds only these; an unknown name gets a neutral icon.
 */
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CrownOutlined,
  DashboardOutlined,
  GiftOutlined,
  HomeOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
};

export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
