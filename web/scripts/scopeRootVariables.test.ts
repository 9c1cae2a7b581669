import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { scopeRootVariables } from './scopeRootVariables';

const run = (css: string) => postcss([scopeRootVariables()]).process(css, { from: undefined }).css;

describe('scopeRootVariables', () => {
  it("moves a lazily loaded sheet's variables from :root to the element that reads them", () => {
    expect(run(':root{--toastify-color-light:#fff;--toastify-z-index:9999}.Toastify__toast{color:var(--toastify-color-light)}')).toBe(
      '.Toastify{--toastify-color-light:#fff;--toastify-z-index:9999}.Toastify__toast{color:var(--toastify-color-light)}',
    );
    expect(run(':root{/* theme */--toastify-color-light:#fff}')).toBe('.Toastify{/* theme */--toastify-color-light:#fff}');
  });

  it('leaves a :root rule with anything else in it, and other selectors, alone', () => {
    for (const css of [
      ':root{--bs-blue:#0d6efd;--toastify-color-light:#fff}',
      ':root{--toastify-color-light:#fff;color:red}',
      ':root,[data-bs-theme=light]{--toastify-color-light:#fff}',
      '.x{--toastify-color-light:#fff}',
      ':root{}',
    ]) {
      expect(run(css)).toBe(css);
    }
  });
});
