// The server bundle: QuickJS calls render(url, stateJson) and gets the app's HTML.
import "./ssr-polyfills";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./app/App";
import type { AppState } from "./lib/types";

function render(url: string, stateJson: string): string {
  const state = JSON.parse(stateJson) as AppState;
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App state={state} />
      </StaticRouter>
    </StrictMode>,
  );
}

(globalThis as unknown as { render: typeof render }).render = render;
