import { Link } from 'react-router';
import type { ReactNode } from 'react';

/** A paragraph with one link back to where the page was reached from. */
export function BackLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <p className={className}>
      <Link to={to} className="text-teal-700 underline">
        {children}
      </Link>
    </p>
  );
}
