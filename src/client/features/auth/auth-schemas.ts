// zod's small build: the sign-in portal loads these and nothing else of zod (zod-config.ts still applies).
import { z } from 'zod/mini';
import { AUTH_MESSAGES } from './auth-messages';

// docs/product/sign-in.md#mock-validation: the fields must be filled, and that is all: any values are accepted,
// so the address is not checked for shape and any password works.
const filled = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const signInSchema = z.object({
  email: filled(AUTH_MESSAGES.signInRequired),
  password: z.string().check(z.minLength(1, AUTH_MESSAGES.signInRequired)),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  fullName: filled(AUTH_MESSAGES.signUpRequired),
  email: filled(AUTH_MESSAGES.signUpRequired),
  password: z.string().check(z.minLength(1, AUTH_MESSAGES.signUpRequired)),
});
export type SignUpValues = z.infer<typeof signUpSchema>;
