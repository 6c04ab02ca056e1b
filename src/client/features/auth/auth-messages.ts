/** The texts of the mock sign-in (docs/product/sign-in.md#mock-texts), verbatim. */
export const AUTH_MESSAGES = {
  signInRequired: 'Email and password are required for the demo',
  signUpRequired: 'All fields are required for the demo',
  signInSuccess: 'Demo login successful! (Mock authentication)',
  signInSuccessDetail: 'This is a demonstration - no real authentication occurred',
  signUpSuccess: 'Demo registration successful! (Mock authentication)',
  signUpSuccessDetail: 'This is a demonstration - no real account was created',
  signOutSuccess: 'Demo logout successful',
  errorToast: 'Mock authentication error',
  signInError: 'Demo signin error occurred',
  signUpError: 'Demo signup error occurred',
  quickLoginError: 'Demo login error occurred',
} as const;
