import * as client from 'openid-client';

// At start: the console's endpoints and keys, from its discovery document.
export const discover = (issuer: string, clientId: string, secret: string, insecureHttp = false) =>
  client.discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(secret), {
    execute: insecureHttp ? [client.allowInsecureRequests] : [],
  });

// Sign-in: send the browser to `url`; keep `verifier` and `nonce` in the person's session.
export async function startSignIn(config: client.Configuration, redirectUri: string) {
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile roles',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
  });
  return { url, verifier, nonce };
}

// Callback: trade the code once, check the ID token, read who signed in.
export async function finishSignIn(
  config: client.Configuration,
  callbackUrl: URL,
  kept: { verifier: string; nonce: string },
) {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: kept.verifier,
    expectedNonce: kept.nonce,
    idTokenExpected: true,
  });
  return tokens.claims()!; // sub, email, name, roles
}
