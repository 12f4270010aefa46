import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../shared/brand';
import { usePageTitle } from '../../shared/usePageTitle';
import { LoginForm } from './LoginForm';

/**
 * Shown whenever nobody is signed in, whatever the address. The first thing a visitor loads, so it
 * is built from plain elements styled with the theme's tokens (theme/basic.css): no antd until the
 * workspace opens.
 */
export function LoginPage() {
  usePageTitle('Sign In');
  return (
    <main className="sx-screen">
      <div className="sx-panel">
        <header className="sx-brand">
          <h1 className="sx-title">{PRODUCT_NAME}</h1>
          <p className="sx-muted">{PRODUCT_TAGLINE}</p>
        </header>
        <LoginForm />
      </div>
    </main>
  );
}
