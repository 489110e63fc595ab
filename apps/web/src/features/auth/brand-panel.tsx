import { BellOutlined, ShoppingOutlined, SwapOutlined, TeamOutlined } from '@ant-design/icons';
import { BrandMark } from '../../components/brand-mark';
import styles from './login-page.module.css';
import { AUTH_LABELS } from './labels';

const BRAND = AUTH_LABELS.brand;
const FEATURE_ICONS = [
  <ShoppingOutlined key="order" />,
  <TeamOutlined key="member" />,
  <SwapOutlined key="stock" />,
  <BellOutlined key="message" />,
];
const YEAR = new Date().getFullYear();

/** The left half of the sign-in screen on wide windows: product name, tagline, what the platform does. */
export function BrandPanel() {
  return (
    <aside className={styles.brand}>
      <div className={styles.brandName}>
        <BrandMark size={36} inverted />
        <span>{AUTH_LABELS.productName}</span>
      </div>
      <div className={styles.brandBody}>
        <h2 className={styles.tagline}>{BRAND.tagline}</h2>
        <p className={styles.brandDescription}>{BRAND.description}</p>
        <ul className={styles.features}>
          {BRAND.features.map((feature, index) => (
            <li key={feature.title}>
              <span className={styles.featureIcon}>{FEATURE_ICONS[index]}</span>
              <span>
                <strong>{feature.title}</strong>
                <small>{feature.text}</small>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.brandFooter}>{BRAND.copyright(YEAR)}</div>
    </aside>
  );
}
