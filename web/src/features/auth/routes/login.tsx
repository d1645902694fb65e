import { Navigate } from 'react-router';

import { paths } from '@/config/paths';
import { hasValidSession } from '@/lib/session';

import { LoginForm } from '../components/login-form';
import { LoginLayout } from '../components/login-layout';

/** /login: e-mail step, then the six-box code step (SPEC sections 2, 4, 5, 8). */
export function LoginRoute() {
  if (hasValidSession()) return <Navigate to={paths.dashboard} replace />;
  return (
    <LoginLayout>
      <LoginForm />
    </LoginLayout>
  );
}

export { LoginRoute as Component };
