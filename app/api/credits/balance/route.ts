import { route } from "@/lib/http/route";

export const GET = route({ auth: "user" }, ({ user }) => ({ credits: user.credits }));
