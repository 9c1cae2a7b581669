import { describe, expect, it } from 'vitest';
import { staticImports, type ModuleGraph } from './firstLoadChunk';

/** A module graph of made-up modules: id -> [code, imported ids]. */
function graph(modules: Record<string, [string, string[]]>): ModuleGraph {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id) => (modules[id] ? { isEntry: false, code: modules[id][0], importedIds: modules[id][1] } : null),
  };
}

const auth = {
  '/src/features/auth/index.ts': [
    `// The feature's public API.
export { selectUserInfo, setCredentials } from "./authSlice";
export { default as VerifyEmailField, VerifiedBadge } from './VerifyEmailField';`,
    ['/src/features/auth/authSlice.ts', '/src/features/auth/VerifyEmailField.tsx'],
  ],
  '/src/features/auth/authSlice.ts': ['export const selectUserInfo = (s) => s.auth.userInfo;', []],
  '/src/features/auth/VerifyEmailField.tsx': ['import OtpModal from "./OtpModal";', ['/src/features/auth/OtpModal.tsx']],
  '/src/features/auth/OtpModal.tsx': ['import Modal from "react-bootstrap/Modal";', ['/nm/react-bootstrap/Modal.js']],
  '/nm/react-bootstrap/Modal.js': ['export default function Modal() {}', []],
} satisfies Record<string, [string, string[]]>;

describe('staticImports', () => {
  it("follows a barrel only to the modules of the names the importer takes", () => {
    const g = graph({
      ...auth,
      '/src/features/catalog/Screen.tsx': [
        `import { useState } from "react";
import { selectUserInfo } from "../auth";`,
        ['/nm/react/index.js', '/src/features/auth/index.ts'],
      ],
      '/nm/react/index.js': ['export function useState() {}', []],
    });
    expect([...staticImports(g, ['/src/features/catalog/Screen.tsx'])].sort()).toEqual([
      '/nm/react/index.js',
      '/src/features/auth/authSlice.ts',
      '/src/features/auth/index.ts',
      '/src/features/catalog/Screen.tsx',
    ]);
  });

  it('follows a barrel to what an aliased import, a namespace, a bare import and a re-export take', () => {
    const screen = (code: string) =>
      graph({ ...auth, '/src/features/profile/Screen.tsx': [code, ['/src/features/auth/index.ts']] });
    const reached = (code: string) => [...staticImports(screen(code), ['/src/features/profile/Screen.tsx'])];
    expect(reached('import { VerifyEmailField as Field, type UserInfo } from "../auth";')).toContain('/nm/react-bootstrap/Modal.js');
    expect(reached('import { VerifyEmailField as Field, type UserInfo } from "../auth";')).not.toContain('/src/features/auth/authSlice.ts');
    expect(reached('import * as auth from "../auth";')).toContain('/src/features/auth/authSlice.ts');
    expect(reached('import "../auth";')).toContain('/nm/react-bootstrap/Modal.js');
    expect(reached('export { VerifiedBadge } from "../auth";')).toContain('/src/features/auth/OtpModal.tsx');
  });

  it('treats a module with anything besides re-exports as an ordinary module', () => {
    const g = graph({
      ...auth,
      '/src/features/auth/index.ts': [auth['/src/features/auth/index.ts'][0] + '\nexport const ready = true;', auth['/src/features/auth/index.ts'][1]],
      '/src/Screen.tsx': ['import { selectUserInfo } from "./features/auth";', ['/src/features/auth/index.ts']],
    });
    expect(staticImports(g, ['/src/Screen.tsx'])).toContain('/src/features/auth/OtpModal.tsx');
  });
});
