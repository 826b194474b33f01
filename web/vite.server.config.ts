// The server build: one IIFE that defines globalThis.render, run by QuickJS inside the binary.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "dist/server",
    emptyOutDir: true,
    ssr: "src/entry-server.tsx",
    copyPublicDir: false,
    minify: true,
    rolldownOptions: {
      output: { format: "iife", entryFileNames: "render.js", codeSplitting: false },
    },
  },
  ssr: { noExternal: true, target: "webworker" },
  resolve: {
    // React's legacy browser server build: renderToString without streams or TextEncoder.
    alias: [
      {
        find: /^react-dom\/server$/,
        replacement: fileURLToPath(new URL("./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js", import.meta.url)),
      },
    ],
  },
});
