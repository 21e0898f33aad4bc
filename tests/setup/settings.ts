// Settings for the app's code in a test, without changing process.env: setSettings() lays values over
// it through lib/settings/source.ts, whose parsers (env(), siteSettings()) then parse them afresh.
// Called in a test or a beforeEach, the values last until that test ends; called in a beforeAll or at
// a file's top, until the file ends or a later call changes them. after-env.ts registers the reset.
import { configureEnvironment, environmentOverrides } from "@/lib/settings/source";

/** Sets each named variable for the app (undefined: unset), on top of those set before. */
export function setSettings(values: Readonly<Record<string, string | undefined>>): void {
  configureEnvironment({ ...environmentOverrides(), ...values });
}

let atTestStart: ReturnType<typeof environmentOverrides> = null;

/** Registered once for every test file (tests/setup/after-env.ts): each test starts from its file's settings. */
export function resetSettingsAfterEachTest(): void {
  beforeEach(() => {
    atTestStart = environmentOverrides();
  });
  afterEach(() => {
    if (environmentOverrides() !== atTestStart) configureEnvironment(atTestStart);
  });
}
