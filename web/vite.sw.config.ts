// The admin's service worker: one classic script (no imports), which the server serves at
// /dbadmin/sw.js with the list of the admin build's files in front of it.
import { defineConfig } from "vite";

export default defineConfig({
  build: {
    outDir: "dist/sw",
    emptyOutDir: true,
    lib: { entry: "src/serviceWorker/adminWorker.ts", formats: ["iife"], name: "adminWorker", fileName: () => "admin-sw.js" },
  },
});
