import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Where the link goes in the app: a path, or its pathname, search and hash. */
  to: To;
  /** Replace the current history entry rather than adding one. */
  replace?: boolean;
  /** The location state the next screen finds. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a screen of the app, followed without reloading the page: react-router's Link without
 * its framework-mode prefetching, which the app (routed in declarative mode) never uses and which
 * would otherwise come with every first visit. Import links from here, not from react-router.
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) follow(e);
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
  const path = useResolvedPath(to).pathname.toLowerCase();
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
