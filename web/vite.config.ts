// The public site's client build: hashed assets and a manifest the server reads to link them.
// The admin area has its own build (vite.admin.config.ts).
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: "src/entry-client.tsx",
      output: {
        codeSplitting: {
          groups: [{ name: "page-kit", test: /[\\/](src[\\/]components|lucide-react|src[\\/]lib)[\\/]/, minShareCount: 2 }],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./vitest.setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
