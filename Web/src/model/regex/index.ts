/** The regular-expression matcher as a module of its own (`marquee-regex.mjs`): loaded only for campaigns with patterns. */
export { CompiledRegex } from "./compiledRegex.js";
