// The signed-in user for server components, read through Auth.js from the session cookie.
import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { auth } from "./auth";
import { findUserById } from "./users";

export async function getCurrentUser(): Promise<User | null> {
  const session = await auth();
  const id = session?.user?.id;
  return id ? findUserById(id) : null;
}
