import { useNavigate, useSearchParams } from 'react-router';
import { LoginScreen } from './login-screen';

/**
 * The /login route inside the router (log-out, docs/product.md §4; a guard's redirect, docs/product.md §6): the login screen
 * with the router's navigate. A page *loaded* at /login draws the same screen without the router
 * (app/index.tsx).
 */
export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <LoginScreen
      redirectTo={searchParams.get('redirectTo')}
      navigate={(to) => void navigate(to, { replace: true })}
    />
  );
}
