"use client";
// The interactive API reference (Scalar), rendered from /api/openapi.json. It is loaded only on the
// developer page, only in the browser, and only when its section comes near the screen, so no other
// page's JavaScript and not this page's first load carry it. Its fonts are the site's own: nothing
// is fetched from a CDN.
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";

const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((module) => module.ApiReferenceReact), { ssr: false });

export function ApiReference({ documentUrl, loadingLabel }: { documentUrl: string; loadingLabel: string }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = anchor.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "400px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={anchor} className="min-h-96" data-testid="api-reference">
      {near ? (
        <ApiReferenceReact
          configuration={{
            url: documentUrl,
            withDefaultFonts: false,
            telemetry: false,
            showDeveloperTools: "never",
            hideClientButton: true,
            hideDarkModeToggle: true,
            layout: "modern",
            showSidebar: false,
            // Its AI chat and MCP features talk to Scalar's servers: this page fetches nothing elsewhere.
            agent: { disabled: true },
            mcp: { disabled: true },
          }}
        />
      ) : (
        <p className="text-muted-foreground text-sm">{loadingLabel}</p>
      )}
    </div>
  );
}
