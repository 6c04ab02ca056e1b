-- An application registered as an OpenID Connect client may name where it starts its own sign-in
-- (initiate_login_uri): a console link to it sends the person there.
ALTER TABLE "applications" ADD COLUMN "oidc_initiate_login_uri" text;
