import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/** Any unknown path (SPEC section 2). */
export function NotFoundRoute() {
  const navigate = useNavigate();

  // Back one page; a tab opened straight on a bad link has nowhere to go back to.
  const goBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(paths.dashboard, { replace: true });
  };

  return (
    <main className="flex min-h-full flex-col items-center justify-center px-4 text-center">
      <title>Page not found · Hirelane</title>
      <Logo />
      <p className="mt-10 text-6xl font-bold tracking-tight text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">404 - Invalid URL</h1>
      <p className="mt-2 max-w-md text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Button onClick={goBack} className="mt-8">
        Go Back
      </Button>
    </main>
  );
}

export { NotFoundRoute as Component };
