import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:react-icon/';
const RESOLVED = '\0react-icon:';

/**
 * react-icons keeps each set (fa, fa6, …) in one module, so every icon used anywhere in the app
 * lands in one shared chunk that the home page loads too. In a build this plugin turns
 * `import { FaStar } from 'react-icons/fa'` into one small module per icon, so each icon goes
 * with the screen that shows it.
 */
export function splitReactIcons(): Plugin {
  const require = createRequire(import.meta.url);
  const sets = new Map<string, Map<string, string>>();

  function iconsOf(set: string): Map<string, string> {
    let icons = sets.get(set);
    if (!icons) {
      const source = fs.readFileSync(require.resolve(`react-icons/${set}`).replace(/index\.js$/, 'index.mjs'), 'utf8');
      icons = new Map();
      for (const m of source.matchAll(/export function (\w+) \(props\) \{\n\s*return (GenIcon\([^\n]*\))\(props\);\n\};/g)) {
        icons.set(m[1], m[2]);
      }
      sets.set(set, icons);
    }
    return icons;
  }

  return {
    name: 'haat:split-react-icons',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes('react-icons/')) return null;
      const out = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/(\w+)['"];?/g,
        (whole, names: string, set: string) => {
          const icons = iconsOf(set);
          const parts = names.split(',').map((n) => n.trim()).filter(Boolean);
          const lines: string[] = [];
          for (const part of parts) {
            const [name, local = name] = part.split(/\s+as\s+/).map((s) => s.trim());
            if (!icons.has(name)) return whole; // something unusual: leave the import alone
            lines.push(`import ${local} from '${PREFIX}${set}/${name}';`);
          }
          return lines.join('\n');
        },
      );
      return out === code ? null : { code: out, map: null };
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? RESOLVED + source.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [set, name] = id.slice(RESOLVED.length).split('/');
      const body = iconsOf(set).get(name);
      if (!body) this.error(`react-icons/${set} has no icon ${name}`);
      return {
        code: `import { GenIcon } from 'react-icons/lib';\nexport default function ${name}(props) {\n  return ${body}(props);\n}\n`,
        moduleSideEffects: false,
      };
    },
  };
}
