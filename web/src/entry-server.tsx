// The server bundle: QuickJS calls render(url, stateJson) and gets the app's HTML.
import "./ssr-polyfills";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { ALL_PAGES } from "./app/allPages";
import { App } from "./app/App";
import { loadedPages, PageSourceContext } from "./app/pages";
import type { AppState } from "./lib/api-schema";

const SERVER_PAGES = loadedPages(ALL_PAGES);

function render(url: string, stateJson: string): string {
  const state = JSON.parse(stateJson) as AppState;
  return renderToString(
    <StrictMode>
      <PageSourceContext.Provider value={SERVER_PAGES}>
        <StaticRouter location={url}>
          <App state={state} />
        </StaticRouter>
      </PageSourceContext.Provider>
    </StrictMode>,
  );
}

(globalThis as unknown as { render: typeof render }).render = render;
