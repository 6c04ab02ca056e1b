import { Link } from 'react-router';

/** The not-found page (docs/product/public-site.md#not-found). */
export default function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4">
      <title>Page not found · Talent Ecosystem Demo</title>
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-slate-700">Oops! Page not found</p>
        <Link to="/" className="text-indigo-700 underline underline-offset-4 hover:text-indigo-900">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
