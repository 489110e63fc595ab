/** The product mark: a storefront on the theme red. Inline so that no page needs an extra request. */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const tile = inverted ? '#fff' : '#ff2f28';
  const glyph = inverted ? '#ff2f28' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill={tile} />
      <path
        d="M9 16.5 11.6 10h16.8l2.6 6.5"
        fill="none"
        stroke={glyph}
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path
        d="M9 16.5a3.7 3.7 0 0 0 7.3 0 3.7 3.7 0 0 0 7.4 0 3.7 3.7 0 0 0 7.3 0"
        fill="none"
        stroke={glyph}
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path d="M11.5 21.5V30h17v-8.5" fill="none" stroke={glyph} strokeWidth="2.4" strokeLinejoin="round" />
      <rect x="17.5" y="24" width="5" height="6" rx="1" fill={glyph} />
    </svg>
  );
}
