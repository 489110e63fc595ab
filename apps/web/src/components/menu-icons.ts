/**
 * Icons of top-level menu entries, exported under the antd icon name the server menu carries. Listed one by
 * one so the bundle holds only these.
 */
export {
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
