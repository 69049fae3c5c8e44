/**
 * Marquee's web SDK as an ES module: `import { init, logEvent } from ".../marquee.mjs"`.
 * The script build (`marquee.js`) defines the same API as one global, `Marquee`.
 */
import { setModuleBase } from "./runtime/moduleLoader.js";

// The optional modules (the message UI, the matcher) are beside this one.
setModuleBase(import.meta.url);

export * from "./api.js";
