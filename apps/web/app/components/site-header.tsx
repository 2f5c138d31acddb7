import { Link } from 'react-router';

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <Link
          to="/"
          className="flex items-center gap-3 rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        >
          <img src="/logo.svg" alt="Logo" width={40} height={40} />
          <span className="text-lg font-semibold text-slate-900">Psychology Training Institute</span>
        </Link>
      </div>
    </header>
  );
}
