import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Providers } from '../app/providers';
import { LoginPage } from '../features/auth/login-page';
import type { PrerenderedPage } from './prerendered-page';

/**
 * The sign-in page drawn at build time, so that a phone on a slow network paints it as soon as the HTML arrives
 * instead of after the console's script has downloaded and run. The tree is the client's (Providers around the
 * page; the router adds no markup), so the client's own first render replaces it with the same pixels.
 */
export function render(): PrerenderedPage {
  const cache = createCache();
  const html = renderToString(
    <StrictMode>
      <StyleProvider cache={cache} mock="server">
        <Providers>
          <StaticRouter location="/login">
            <LoginPage />
          </StaticRouter>
        </Providers>
      </StyleProvider>
    </StrictMode>,
  );
  return { html, css: extractStyle(cache, { plain: true }) };
}
