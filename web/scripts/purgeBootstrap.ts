import fs from 'node:fs';
import path from 'node:path';
import type { Plugin as PostcssPlugin } from 'postcss';
import { PurgeCSS } from 'purgecss';
import * as sass from 'sass';

/**
 * Bootstrap is 230 KB of CSS, and the home page waits for its stylesheet. The app's stylesheets are
 * made of the parts of Bootstrap's SCSS each needs (see isBootstrapSheet), and of each this PostCSS
 * plugin keeps only:
 *  - the whole CSS of every react-bootstrap component that src/ imports (react-bootstrap builds many
 *    class names at run time, such as `alert-${variant}` or `modal-dialog-centered`), and
 *  - any other class (utilities, grid, helpers) whose name appears as a word in src/ or index.html.
 * So a class written out in full in the code (className="d-flex gap-2") keeps its rule; a class put
 * together at run time from pieces (`mb-${n}`) does not, unless it belongs to a component below.
 */

// react-bootstrap component (import name prefix) -> the class names its CSS starts with (a name
// ending in $ is kept alone, not with the classes that start with it).
const COMPONENT_CLASSES: [RegExp, string[]][] = [
  [/^Accordion/, ['accordion', 'collapse', 'collapsing', 'show']],
  [/^Alert/, ['alert', 'btn-close', 'fade', 'show']],
  [/^Badge/, ['badge']],
  [/^Breadcrumb/, ['breadcrumb']],
  [/^(Button|ToggleButton$|CloseButton)/, ['btn']],
  [/^(ButtonGroup|ButtonToolbar|ToggleButtonGroup)/, ['btn', 'btn-group', 'btn-toolbar']],
  [/^Card/, ['card', 'list-group']],
  [/^Carousel/, ['carousel', 'visually-hidden']],
  // The breakpoint classes these make from their props: gridClasses.
  [/^(Col|Row|Container)$/, ['container$', 'row$', 'col$']],
  [/^Collapse/, ['collapse', 'collapsing', 'show']],
  [/^(Dropdown|NavDropdown|SplitButton)/, ['dropdown', 'dropup', 'dropend', 'dropstart', 'dropup-center', 'dropdown-center', 'btn-group', 'nav', 'show']],
  [/^Fade/, ['fade', 'show']],
  [/^Figure/, ['figure']],
  [/^(Form|FloatingLabel|Feedback|Switch)/, ['form-', 'was-validated', 'is-valid', 'is-invalid', 'valid-', 'invalid-', 'col-form-label', 'input-group']],
  [/^Image$/, ['img-', 'rounded', 'figure']],
  [/^InputGroup/, ['input-group', 'form-']],
  [/^ListGroup/, ['list-group']],
  [/^Modal/, ['modal', 'fade', 'show', 'btn-close']],
  [/^Offcanvas/, ['offcanvas', 'btn-close', 'fade', 'show', 'showing', 'hiding']],
  [/^Nav(Item|Link|Context)?$/, ['nav']],
  [/^Navbar/, ['navbar', 'nav', 'collapse', 'collapsing', 'show', 'container']],
  [/^(Overlay|OverlayTrigger|Tooltip)/, ['tooltip', 'bs-tooltip', 'popover', 'bs-popover', 'fade', 'show']],
  [/^Popover/, ['popover', 'bs-popover', 'fade', 'show']],
  [/^(Pagination|PageItem)/, ['pagination', 'page-']],
  [/^Placeholder/, ['placeholder']],
  [/^ProgressBar/, ['progress']],
  [/^Ratio/, ['ratio']],
  [/^Spinner/, ['spinner', 'visually-hidden']],
  [/^Stack/, ['hstack', 'vstack', 'gap-']],
  [/^(Tab|Tabs|TabContainer|TabContent|TabPane)$/, ['nav', 'tab-content', 'tab-pane', 'fade', 'show']],
  [/^Table/, ['table']],
  [/^Toast/, ['toast', 'fade', 'show', 'showing']],
];

/**
 * A stylesheet of the app's made of Bootstrap's SCSS: the first screen's (src/app/bootstrap.scss),
 * the other screens' (src/app/screens.scss), and those a lazily loaded part brings along (the filter
 * panel's).
 */
function isBootstrapSheet(file: string): boolean {
  return file.endsWith('.scss') && !/node_modules/.test(file) && fs.readFileSync(file, 'utf8').includes("'bootstrap/scss/");
}

/** Each <Tag …> of the sources, with what stands between the name and its closing >. */
function* tagsNamed(text: string, tag: string): Generator<string> {
  for (const m of text.matchAll(new RegExp(`<${tag}\\b`, 'g'))) {
    let depth = 0;
    let i = m.index + m[0].length;
    for (; i < text.length && !(depth === 0 && text[i] === '>'); i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
    }
    yield text.slice(m.index + m[0].length, i);
  }
}

/**
 * The breakpoint classes react-bootstrap's Col, Row and Container make from their props: <Col md={6}>
 * is col-md-6, <Col lg={{ span: 3, offset: 1 }}> col-lg-3 offset-lg-1, <Row md={2}> row-cols-md-2,
 * <Container fluid="md"> container-md. Null when a prop is not written out as a number or a word:
 * then every grid class stays.
 */
export function gridClasses(text: string): string[] | null {
  const found: string[] = [];
  const infix = (bp: string) => (bp === 'xs' ? '' : `-${bp}`);
  // A number, true, or a quoted word, as JSX writes a prop's value ({6}, {true}, "auto", {'auto'}).
  const literal = (value: string) => /^(?:\{\s*(\d+|true)\s*\}|\{\s*(['"])(\w+)\2\s*\}|(['"])(\w+)\4)$/.exec(value.trim());
  const word = (value: string) => {
    const m = literal(value);
    return m ? (m[1] ?? m[3] ?? m[5]) : null;
  };
  for (const tag of ['Col', 'Row']) {
    for (const props of tagsNamed(text, tag)) {
      for (const [, bp, value] of props.matchAll(/\b(xs|sm|md|lg|xl|xxl)=(\{\{[^}]*\}\}|\{[^}]*\}|"[^"]*"|'[^']*')/g)) {
        const object = /^\{\{([^}]*)\}\}$/.exec(value)?.[1];
        if (object !== undefined && tag === 'Col') {
          for (const pair of object.split(',').filter((p) => p.trim() !== '')) {
            const m = /^\s*(span|offset|order)\s*:\s*(.+?)\s*$/.exec(pair);
            const v = m && word(`{${m[2]}}`);
            if (!m || !v) return null;
            found.push(m[1] === 'span' ? (v === 'true' ? `col${infix(bp)}` : `col${infix(bp)}-${v}`) : `${m[1]}${infix(bp)}-${v}`);
          }
          continue;
        }
        const v = word(value);
        if (!v) return null;
        if (tag === 'Row') found.push(`row-cols${infix(bp)}-${v}`);
        else found.push(v === 'true' ? `col${infix(bp)}` : `col${infix(bp)}-${v}`);
      }
    }
  }
  for (const props of tagsNamed(text, 'Container')) {
    const fluid = /\bfluid(?:=(\{[^}]*\}|"[^"]*"|'[^']*'))?/.exec(props);
    if (!fluid) continue;
    const v = fluid[1] === undefined ? 'true' : word(fluid[1]);
    if (!v) return null;
    found.push(v === 'true' ? 'container-fluid' : `container-${v}`);
  }
  return found;
}

// Colour names react-bootstrap turns into utilities (<Badge bg="success" text="dark">, <Card border=…>).
const THEME = '(primary|secondary|success|danger|warning|info|light|dark|white|black|body|transparent)';

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(tsx?|css|scss)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Purges stylesheets against the app's sources as they are when the build starts: the classes they
 * name, the react-bootstrap components they import, the custom properties they read.
 */
function purger(root: string) {
  const files = sourceFiles(path.join(root, 'src'));
  const text = files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  const components = new Set<string>();
  for (const m of text.matchAll(/from\s+['"]react-bootstrap\/(\w+)['"]/g)) components.add(m[1]);
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s+['"]react-bootstrap['"]/g)) {
    for (const name of m[1].split(',')) components.add(name.trim().split(/\s+as\s+/)[0]);
  }
  const prefixes = new Set<string>();
  for (const name of components) {
    for (const [test, classes] of COMPONENT_CLASSES) if (test.test(name)) classes.forEach((c) => prefixes.add(c));
  }
  const grid = gridClasses(text);
  if (components.has('Col') || components.has('Row') || components.has('Container')) {
    // Every grid class, when a grid prop could not be read.
    const classes = grid ?? ['container', 'row', 'col', 'offset-', 'order-'];
    classes.forEach((c) => prefixes.add(grid ? `${c}$` : c));
  }
  const escape = (s: string) => s.replace(/[-]/g, '\\-');
  const greedy = [...prefixes].map((p) => new RegExp(`^${escape(p)}${p.endsWith('-') || p.endsWith('$') ? '' : '($|-)'}`));
  // Custom properties the app's own styles and inline styles read.
  const read = [...text.matchAll(/var\((--bs-[\w-]+)/g)].map((m) => m[1]);

  const purge = async (css: string, keepVariables: string[] | 'all') => {
    const [result] = await new PurgeCSS().purge({
      content: [...files.filter((f) => /\.tsx?$/.test(f)), path.join(root, 'index.html')],
      css: [{ raw: css }],
      variables: keepVariables !== 'all',
      keyframes: true,
      fontFace: true,
      safelist: {
        standard: [
          ...greedy,
          new RegExp(`^(bg|text|border)-${THEME}$`),
          /^(show|fade|active|disabled|collapsing|visually-hidden|visually-hidden-focusable)$/,
        ],
        variables: keepVariables === 'all' ? [] : [...read, ...keepVariables],
      },
    });
    return result.css;
  };

  // The app's Bootstrap stylesheets are loaded one after the other, and those loaded later read the
  // custom properties the first screen's declares (:root): each keeps those that the rules any of
  // them keeps read.
  let variables: Promise<string[]> | undefined;
  const readBySheets = async () => {
    const found = new Set<string>();
    for (const sheet of files.filter(isBootstrapSheet)) {
      const { css } = sass.compile(sheet, { loadPaths: [path.join(root, 'node_modules')], logger: sass.Logger.silent });
      for (const m of (await purge(css, 'all')).matchAll(/var\((--bs-[\w-]+)/g)) found.add(m[1]);
    }
    return [...found];
  };
  return async (css: string) => purge(css, await (variables ??= readBySheets()));
}

export function purgeBootstrap({ root }: { root: string }): PostcssPlugin {
  let purge: ReturnType<typeof purger> | undefined;
  return {
    postcssPlugin: 'haat-purge-bootstrap',
    async Once(css, { postcss }) {
      const file = css.source?.input.file ?? '';
      if (!isBootstrapSheet(file)) return;
      purge ??= purger(root);
      const kept = await purge(css.toString());
      css.removeAll();
      css.append(postcss.parse(kept, { from: file }).nodes);
    },
  };
}
