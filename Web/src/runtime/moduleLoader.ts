/**
 * The SDK's optional modules (the message UI, the regular-expression matcher) live beside its
 * own file on the Marquee server and load the first time they are needed, so the core a page
 * downloads stays small. Each build's entry says where the SDK was loaded from.
 */
let base: string | undefined;

export function setModuleBase(sdkURL: string | undefined): void {
  base = sdkURL === undefined || sdkURL === "" ? undefined : sdkURL;
}

/** The served module `file` (`marquee-ui.mjs`), or, when the SDK runs from its compiled sources (tests), `source`. */
export function loadModule<Module>(file: string, source: () => string | undefined): Promise<Module> {
  const specifier = base !== undefined ? new URL(file, base).href : source();
  if (specifier === undefined) return Promise.reject(new Error(`${file} cannot be found: load the SDK from its URL on the Marquee server`));
  return import(/* a module beside the SDK */ specifier) as Promise<Module>;
}
