/**
 * @jest-environment node
 */
// What turning on FILES_REDIRECT asks of the rest of the site: settings that cannot work are refused
// when they are read, and pages allow images and fetches from the bucket and the CDN the file route
// redirects to, or every redirected image would be blocked by the page's own policy.
import { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { pageContentSecurityPolicy } from "@/lib/http/content-security-policy";
import { fileRedirectOrigins } from "@/lib/storage/file-origins";
import proxy from "@/proxy";
import { setSettings } from "../setup/settings";

const NAMES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_REGION",
  "S3_FORCE_PATH_STYLE",
  "FILES_REDIRECT",
  "FILES_PUBLIC_BASE_URL",
];
const S3 = { S3_BUCKET: "pictura-files", S3_ACCESS_KEY_ID: "AKIAFAKEPICTURA", S3_SECRET_ACCESS_KEY: "secret", S3_REGION: "eu-west-1" };

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("file redirect settings", () => {
  const use = (settings: Record<string, string>) => setSettings({ ...Object.fromEntries(NAMES.map((name) => [name, undefined])), ...settings });

  it("refuses FILES_REDIRECT without S3 storage, and a CDN address without redirects, naming the variable", () => {
    use({ FILES_REDIRECT: "true" });
    expect(() => env()).toThrow(/FILES_REDIRECT: FILES_REDIRECT=true needs S3 storage: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    use({ FILES_REDIRECT: "true", S3_BUCKET: "pictura-files" });
    expect(() => env()).toThrow(/FILES_REDIRECT=true needs S3 storage/);
    use({ ...S3, FILES_PUBLIC_BASE_URL: "https://cdn.pictura.example" });
    expect(() => env()).toThrow(/FILES_PUBLIC_BASE_URL: FILES_PUBLIC_BASE_URL is used only by redirects/);
    use({ ...S3, FILES_REDIRECT: "true", FILES_PUBLIC_BASE_URL: "ftp://cdn.pictura.example" });
    expect(() => env()).toThrow(/FILES_PUBLIC_BASE_URL must be an http\(s\) address/);
    use({ ...S3, FILES_REDIRECT: "true", FILES_PUBLIC_BASE_URL: "https://cdn.pictura.example/files/" });
    expect(env()).toMatchObject({ FILES_REDIRECT: true, FILES_PUBLIC_BASE_URL: "https://cdn.pictura.example/files" });
  });

  it("names the bucket's own origin and the CDN's, and nothing while files are streamed", () => {
    use({ ...S3 });
    expect(fileRedirectOrigins()).toEqual([]);
    use({ ...S3, FILES_REDIRECT: "true" });
    expect(fileRedirectOrigins()).toEqual(["https://pictura-files.s3.eu-west-1.amazonaws.com"]);
    use({ ...S3, FILES_REDIRECT: "true", S3_ENDPOINT: "https://minio.pictura.example:9000", FILES_PUBLIC_BASE_URL: "https://cdn.pictura.example/files" });
    expect(fileRedirectOrigins()).toEqual(["https://minio.pictura.example:9000", "https://cdn.pictura.example"]);
  });

  it("allows file origins in img-src and connect-src of the page policy, and only there", () => {
    const plain = pageContentSecurityPolicy({ development: false });
    const widened = pageContentSecurityPolicy({ development: false, fileOrigins: ["https://bucket.example", "https://cdn.example", "https://cdn.example"] });
    expect(directive(plain, "img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(directive(widened, "img-src")).toEqual(["'self'", "data:", "blob:", "https://bucket.example", "https://cdn.example"]);
    expect(directive(widened, "connect-src")).toEqual(["'self'", "blob:", "data:", "https://api.stripe.com", "https://bucket.example", "https://cdn.example"]);
    const others = (policy: string) => policy.split("; ").filter((part) => !/^(img|connect)-src /.test(part));
    expect(others(widened)).toEqual(others(plain));
    expect(widened).not.toContain("'unsafe-eval'");
    expect(directive(pageContentSecurityPolicy({ development: true }), "script-src")).toContain("'unsafe-eval'");
  });

  it("has the proxy give pages the widened policy when redirects are on, and leave next.config's alone when they are off", async () => {
    const page = () => proxy(new NextRequest("http://localhost:3000/en/gallery", { headers: { "accept-language": "en" } }));
    use({ ...S3 });
    expect(page().headers.get("content-security-policy")).toBeNull();
    use({ ...S3, FILES_REDIRECT: "true", FILES_PUBLIC_BASE_URL: "https://cdn.pictura.example" });
    const policy = page().headers.get("content-security-policy")!;
    expect(directive(policy, "img-src")).toEqual(expect.arrayContaining(["https://pictura-files.s3.eu-west-1.amazonaws.com", "https://cdn.pictura.example"]));
    expect(directive(policy, "connect-src")).toEqual(
      expect.arrayContaining(["https://pictura-files.s3.eu-west-1.amazonaws.com", "https://cdn.pictura.example"]),
    );
  });
});
