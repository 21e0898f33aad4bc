// The C2PA manifest writer (@trustnxt/c2pa-ts), which ships only ES modules: loaded on first use, so a
// process that signs nothing never loads it. Jest maps this module to tests/setup/c2pa-library.ts,
// which loads the same package with Node's own loader.
import "server-only";

export async function loadC2paLibrary() {
  const [asset, cose, jumbf, manifest] = await Promise.all([
    import("@trustnxt/c2pa-ts/asset"),
    import("@trustnxt/c2pa-ts/cose"),
    import("@trustnxt/c2pa-ts/jumbf"),
    import("@trustnxt/c2pa-ts/manifest"),
  ]);
  return { asset, cose, jumbf, manifest };
}

export type C2paLibrary = Awaited<ReturnType<typeof loadC2paLibrary>>;
