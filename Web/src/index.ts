/**
 * Marquee's web SDK as an ES module: `import { init, logEvent } from ".../marquee.mjs"`.
 * The script build (`marquee.js`) defines the same API as one global, `Marquee`.
 */
export * from "./api.js";
