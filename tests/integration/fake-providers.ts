// Image calls with AI providers configured, for a test file: fakes that speak Flux's and OpenAI's HTTP
// APIs, started before its tests with the environment pointing at them (plus the file's own
// settings), reset before each test, and stopped with that environment removed after the file.
import { FakeFlux } from "../fakes/flux-server";
import { FakeOpenAIImages } from "../fakes/openai-images-server";
import { setSettings } from "../setup/settings";

/** The provider-choice variables a file may set; all are removed when it ends. */
const CHOICES = ["IMAGE_PROVIDER_EXPAND", "IMAGE_PROVIDER_OBJECT_REMOVAL"];

export function withFakeProviders(settings: Record<string, string> = {}): { flux: FakeFlux; openai: FakeOpenAIImages } {
  const flux = new FakeFlux();
  const openai = new FakeOpenAIImages();
  let names: string[] = [];
  beforeAll(async () => {
    await flux.start();
    await openai.start();
    const values = {
      BFL_API_KEY: flux.apiKey,
      BFL_BASE_URL: flux.apiUrl,
      BFL_POLL_INTERVAL_MS: "20",
      BFL_POLL_TIMEOUT_MS: "1500",
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.apiUrl,
      IMAGE_PROVIDER_MAX_RETRIES: "0",
      ...settings,
    };
    names = [...Object.keys(values), ...CHOICES];
    setSettings(values);
  });
  afterAll(async () => {
    setSettings(Object.fromEntries(names.map((name) => [name, undefined])));
    await flux.stop();
    await openai.stop();
  });
  beforeEach(() => {
    flux.reset();
    openai.reset();
  });
  return { flux, openai };
}
