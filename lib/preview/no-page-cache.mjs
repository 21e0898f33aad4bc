// The page cache of a preview whose mode is known only at run time (next.config.ts installs it then):
// it keeps nothing, so every page is rendered for its request with the running settings (the preview
// banner, canonical links on PRODUCTION_URL) instead of served as the build prerendered it.
// Plain JavaScript: Next's server imports it as it is, outside any bundle.
export default class NoPageCache {
  async get() {
    return null;
  }

  async set() {}

  async revalidateTag() {}

  resetRequestCache() {}
}
