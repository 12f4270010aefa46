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

const NAME_PATH = '\0sixa:antd-name-path';
const FILTER_TREE = '\0sixa:antd-filter-tree';
const TREE_HELPERS = '\0sixa:rc-tree-helpers';

/**
 * antd's input controls (Select, Radio, Input...) read the form's context, and two imports from
 * there pull in the whole form engine (fields, lists, the store, validation with async-validator:
 * some 25 KB compressed) on every page, forms or not:
 * - the context module imports its provider from `@rc-component/form`'s index, whose top level
 *   assembles everything; it is sent to the module that defines the provider (`FormContext`);
 * - Radio's group imports a one-line helper (`toNamePathStr`) from antd's `form/hooks/useForm`,
 *   the module of the form store; it gets the same helper, built on the same `toArray`.
 * The engine then comes with the pages' forms. Likewise antd's Tree (some 11 KB compressed) comes
 * with every Table, for its filter menu's tree mode (`filterMode: 'tree'`): the table's filter menu
 * gets Tree loaded on first use instead, and the table's row selection takes the four helpers it
 * uses from their own modules, not from `@rc-component/tree`'s index (which brings the whole tree).
 * A build test checks what the leads page loads.
 */
function antdOnDemand(): Plugin {
  return {
    name: 'sixa:antd-on-demand',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      if (source === '@rc-component/form' && /antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer))
        return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
      if (source === '../form/hooks/useForm' && /antd[\\/]es[\\/]radio[\\/]group\.js$/.test(importer)) return NAME_PATH;
      if (
        source === '../../../tree' &&
        /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/.test(importer)
      )
        return FILTER_TREE;
      if (source === '@rc-component/tree' && /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/.test(importer))
        return TREE_HELPERS;
      return null;
    },
    load(id) {
      if (id === NAME_PATH)
        return [
          "import { toArray } from 'antd/es/form/util.js';",
          "export const toNamePathStr = (name) => toArray(name).join('_');",
        ].join('\n');
      if (id === TREE_HELPERS)
        return [
          "export { arrAdd, arrDel } from '@rc-component/tree/es/util.js';",
          "export { conductCheck } from '@rc-component/tree/es/utils/conductUtil.js';",
          "export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil.js';",
        ].join('\n');
      if (id === FILTER_TREE)
        return [
          "import { createElement, lazy, Suspense } from 'react';",
          "const Tree = lazy(() => import('antd/es/tree/index.js'));",
          'export default function FilterTree(props) {',
          '  return createElement(Suspense, { fallback: null }, createElement(Tree, props));',
          '}',
        ].join('\n');
      return null;
    },
  };
}

const workspace = workspaceChunk(fileURLToPath(new URL('./src/app/layout/MainLayout.tsx', import.meta.url)));

export default defineConfig({
  plugins: [react(), themeTokensCss(), antdOnDemand(), workspace.plugin, precompress()],
  resolve: {
    alias: [
      // The browser's entry only (types and constants): the package index brings the DTO classes, with
      // class-validator and class-transformer.
      { find: /^@sixa\/contracts\/browser$/, replacement: `${contracts}/browser.ts` },
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
