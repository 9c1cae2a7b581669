import { useContext, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { createPath, parsePath, UNSAFE_NavigationContext, useLocation } from 'react-router';

/** A path of the app from its root, with any search and hash: "/cart", "/login?redirect=%2Fcart". */
export type AppPath = `/${string}`;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Where the link goes in the app. */
  to: AppPath;
  /** Replace the current history entry rather than adding one. */
  replace?: boolean;
  /** The location state the next screen finds. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A plain left click that the browser would follow in this tab, as react-router's Link decides. */
function followsHere(e: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return e.button === 0 && (!target || target === '_self') && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);
}

/**
 * A link to a screen of the app, followed without reloading the page, as react-router's Link is. It
 * takes only paths from the app's root, so it needs neither the route it sits in nor a navigate
 * function of its own: react-router's Link resolves its path against the route's matches and sets up
 * useNavigate in every link, which made the links a quarter of the home page's first render (some
 * thirty of them). Without framework-mode prefetching, which the app (routed in declarative mode)
 * never uses. Import links from here, not from react-router.
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const here = useLocation();
  const path = parsePath(to);
  return (
    <a
      {...rest}
      href={navigator.createHref(path)}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || !followsHere(e, target)) return;
        e.preventDefault();
        // A link to the page shown replaces its entry rather than adding the same page again.
        if (replace ?? createPath(here) === createPath(path)) navigator.replace(to, state);
        else navigator.push(to, state);
      }}
    />
  );
}

export interface NavLinkProps extends LinkProps {
  /** Active only on its own path, not on the paths below it. */
  end?: boolean;
}

/**
 * A Link that knows when it leads to the page shown (as react-router's NavLink: on its path or one
 * below it, case aside): then it has the class "active" and aria-current="page".
 */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const path = (parsePath(to).pathname ?? '/').toLowerCase();
  const active = here === path || (!end && path !== '/' && here.startsWith(path.endsWith('/') ? path : `${path}/`));
  return (
    <Link
      {...rest}
      to={to}
      className={active ? [className, 'active'].filter(Boolean).join(' ') : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
