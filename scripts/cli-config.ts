import { type Config, ConfigError, loadConfig } from "../src/server/config.ts";

/**
 * The shell tools' config: parsed from the environment, or undefined once its one-line error is printed (the tool
 * then exits 1). Anything other than a bad setting is a bug and is thrown.
 */
export function configOrExplain(): Config | undefined {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return undefined;
    }
    throw error;
  }
}
