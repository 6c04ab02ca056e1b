import { useNavigation } from '@/lib/navigation';
import AuthPage from './auth-page';
import InvitePage from './invite-page';

/**
 * The sign-in portal's page for the address (auth-root.tsx): an invitation's
 * link (docs/product/sign-in.md#invitations) or the sign-in itself. One module
 * for both keeps the portal one chunk, shared by nothing else.
 */
export default function PortalPage() {
  const { pathname } = useNavigation().location;
  return pathname === '/auth/invite' ? <InvitePage /> : <AuthPage />;
}
