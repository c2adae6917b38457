import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 defaults to argon2id (ARCHITECTURE §5)
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
