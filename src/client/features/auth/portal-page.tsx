import { useNavigation } from '@/lib/navigation';
import AuthPage from './auth-page';
import InvitePage from './invite-page';
import VerifyPage from './verify-page';

/**
 * The sign-in portal's page for the address (auth-root.tsx): an invitation's
 * link (docs/product/sign-in.md#invitations), a sign-up's verify link
 * (docs/product/sign-in.md#sign-up-tells) or the sign-in itself. One module
 * for both keeps the portal one chunk, shared by nothing else.
 */
export default function PortalPage() {
  const { pathname } = useNavigation().location;
  if (pathname === '/auth/invite') return <InvitePage />;
  if (pathname === '/auth/verify') return <VerifyPage />;
  return <AuthPage />;
}
