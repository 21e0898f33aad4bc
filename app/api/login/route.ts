// Full-page sign-in redirect: to the sign-in screen, keeping where the visitor wants to return.
import { NextResponse } from "next/server";
import { safeReturnPath } from "@/lib/http/return-path";
import { siteOrigin } from "@/lib/http/site-origin";
import { previewAware } from "@/lib/http/preview-guard";

export const GET = previewAware((request: Request) => {
  const url = new URL(request.url);
  const target = new URL("/auth", siteOrigin(request));
  const returnTo = safeReturnPath(url.searchParams.get("returnTo"), "");
  if (returnTo) target.searchParams.set("returnTo", returnTo);
  return NextResponse.redirect(target, 303);
});
