import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * One chunk for the signed-in workspace: the code its shell (MainLayout) needs that the first page
 * has not already loaded. Left alone, the bundler cuts that code into a chunk per set of screens
 * that shares a piece (the customer's page shares antd's core, most screens share icons...), and a
 * screen's first load fetched some thirty files, each with its own request and headers, although
 * the shell always needs every one of them. The screens stay chunks of their own, fetched on first
 * visit (see src/app/router.tsx).
 *
 * What the shell needs is followed through static imports. The libraries' index modules (antd,
 * @ant-design/icons) re-export everything, so through them only the names a source file imports
 * are followed: `import { Button } from 'antd'` leads to antd's button and what it imports.
 */
export function workspaceChunk(shell: string): { plugin: Plugin; test: (id: string) => boolean } {
  /** Per source file of the app, the names it imports from each library index. */
  const namedImports = new Map<string, Map<string, string[]>>();
  let members = new Set<string>();

  const plugin: Plugin = {
    name: 'sixa:workspace-chunk',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id)) return null;
      const found = new Map<string, string[]>();
      for (const [, names, source] of code.matchAll(
        /import\s*\{([^}]*)\}\s*from\s*["'](antd|@ant-design\/icons)["']/g,
      )) {
        const values = names
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0]);
        found.set(source, [...(found.get(source) ?? []), ...values]);
      }
      if (found.size > 0) namedImports.set(id, found);
      return null;
    },
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const ids = [...this.getModuleIds()];
      if (!ids.includes(shell)) throw new Error(`workspaceChunk: ${shell} is not part of the build`);

      /** `export { default as X } from './x'` and `export * from './y'` of an index, to module ids. */
      const exportsOf = (barrel: string): Map<string, string> => {
        const byName = new Map<string, string>();
        const imported = info(barrel)?.importedIds ?? [];
        const resolve = (spec: string) => {
          const tail = spec.replace(/^\.\//, '/');
          return imported.find((id) => id.endsWith(`${tail}/index.js`) || id.endsWith(`${tail}.js`));
        };
        const text = readFileSync(barrel, 'utf8');
        for (const [, name, spec] of text.matchAll(/export \{ default as (\w+) \} from ["'](\.[^"']+)["']/g)) {
          const target = resolve(spec);
          if (target) byName.set(name, target);
        }
        for (const [, spec] of text.matchAll(/export \* from ["'](\.[^"']+)["']/g)) {
          const target = resolve(spec);
          if (target) for (const [name, id] of exportsOf(target)) byName.set(name, id);
        }
        return byName;
      };
      const libraryIndex = new Map<string, { id: string; names: Map<string, string> }>();
      for (const [source, pattern] of [
        ['antd', /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/],
        ['@ant-design/icons', /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/],
      ] as const) {
        const id = ids.find((candidate) => pattern.test(candidate));
        if (id) libraryIndex.set(source, { id, names: exportsOf(id) });
      }
      const indexIds = new Set([...libraryIndex.values()].map(({ id }) => id));

      /** What a module needs before it can run: its static imports, through library indexes by name. */
      const dependencies = (id: string): string[] => {
        if (indexIds.has(id)) return [];
        const found = [...(info(id)?.importedIds ?? [])].filter((dep) => !indexIds.has(dep));
        for (const [source, names] of namedImports.get(id) ?? []) {
          for (const name of names) {
            const target = libraryIndex.get(source)?.names.get(name);
            if (target) found.push(target);
          }
        }
        return found;
      };
      const staticClosure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...dependencies(id));
        }
        return seen;
      };
      const initial = staticClosure(ids.filter((id) => info(id)?.isEntry));
      const shellModules = [...staticClosure([shell])].filter((id) => !initial.has(id) && !indexIds.has(id));
      members = new Set(shellModules);

      // The small pieces that several lazily loaded parts (screens, dialogs) share, the app's shared
      // modules, contracts and icons, join them when everything they need is there already: a few KB
      // more for the shell, a dozen files fewer for a screen. Anything that would bring more (an antd
      // component of its own) stays out, and so does what only one part uses (it is in its chunk).
      const screens = [...new Set(ids.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []))].filter(
        (id) => id !== shell,
      );
      const small =
        /[\\/]web[\\/]src[\\/](shared|theme|app)[\\/]|[\\/]libs[\\/]contracts[\\/]|[\\/]@ant-design[\\/]icons(-svg)?[\\/]/;
      const usedBy = new Map<string, number>();
      for (const screen of screens) {
        for (const id of staticClosure([screen])) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
      }
      const candidates = [...usedBy].flatMap(([id, count]) =>
        count >= 2 && small.test(id) && !initial.has(id) && !members.has(id) ? [id] : [],
      );
      for (let added = true; added;) {
        added = false;
        for (const id of candidates) {
          if (members.has(id) || !dependencies(id).every((dep) => initial.has(dep) || members.has(dep))) continue;
          members.add(id);
          added = true;
        }
      }
    },
  };
  return { plugin, test: (id) => members.has(id) };
}
