import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/providers';
import { LoginPage } from '../features/auth/login-page';

/**
 * The sign-in page as HTML, rendered at build time (apps/web/prerender.ts) so that a phone on a slow network
 * paints the form before the script has arrived: the markup and the antd styles it uses.
 */
export function render(): { html: string; css: string } {
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <Providers>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </Providers>
    </StyleProvider>,
  );
  return { html, css: extractStyle(cache, { plain: true }) };
}
