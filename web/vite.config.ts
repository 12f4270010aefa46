import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../libs/contracts/src', import.meta.url));
const backend = process.env.SIXA_BACKEND_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@sixa\/contracts$/, replacement: `${contracts}/index.ts` },
      { find: /^@sixa\/contracts\/src\/(.*)$/, replacement: `${contracts}/$1` },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // antd alone is ~1 MB before gzip; one long-cached chunk per vendor family, screens split by route.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|react-redux|redux|@reduxjs|immer|reselect|use-sync-external-store)[\\/]/,
            },
            {
              name: 'vendor-antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@babel[\\/]runtime|dayjs|clsx|classnames|stylis|@emotion)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
