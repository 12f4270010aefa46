import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { themeTokensCss } from './themeTokensCss.ts';
import { workspaceChunk } from './workspaceChunk.ts';

const contracts = fileURLToPath(new URL('../libs/contracts/src', import.meta.url));
const backend = process.env.SIXA_BACKEND_URL ?? 'http://localhost:8080';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Brotli (`.br`) and gzip (`.gz`) copies of every text file of the build, at the highest levels
 * (made once here, so the gateway serves them without compressing per request). A copy no smaller
 * than its file is not written.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'sixa:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = join(dir, name);
          const raw = await readFile(file);
          const copies: Array<[string, Buffer]> = [
            [
              '.br',
              await brotli(raw, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
            ],
            ['.gz', await gz(raw, { level: zlib.Z_BEST_COMPRESSION })],
          ];
          for (const [ext, body] of copies) {
            if (body.length < raw.length) await writeFile(file + ext, body);
          }
        }),
      );
    },
  };
}

const workspace = workspaceChunk(fileURLToPath(new URL('./src/app/layout/MainLayout.tsx', import.meta.url)));

export default defineConfig({
  plugins: [react(), themeTokensCss(), workspace.plugin, precompress()],
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
    // No vendor groups (a single vendor chunk made /login fetch all of antd): the bundler splits
    // antd and the rest by what each route imports, except that the signed-in shell is one chunk
    // (workspaceChunk.ts). Limit in raw KB; about 200 KB once compressed.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Unused re-exports of antd's index are not even read: the module graph is what the app uses.
      experimental: { lazyBarrel: true },
      output: {
        codeSplitting: {
          // The group already holds everything its modules import, but what the login page loads:
          // that must stay in the login page's chunks.
          groups: [{ name: 'workspace', test: workspace.test, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
