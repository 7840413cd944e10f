import type { ReactNode } from 'react';
import { Link } from 'wouter';

type NavLinkProps = { href: string; className?: string; onClick?: () => void; children: ReactNode };

/**
 * In-page anchors ("/#features") stay plain links so the browser scrolls to the section;
 * other paths go through the router. "/" on the landing page scrolls back to the top.
 */
export function NavLink({ href, className, onClick, children }: NavLinkProps) {
  if (href.includes('#')) {
    return (
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  const handleClick = () => {
    onClick?.();
    if (href === '/' && window.location.pathname === '/') window.scrollTo({ top: 0 });
  };
  return (
    <Link href={href} className={className} onClick={handleClick}>
      {children}
    </Link>
  );
}
