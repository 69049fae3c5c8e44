/** The web SDK's message UI, loaded at the first message a page shows (`marquee-ui.mjs`). */
export { showInFrame } from "./frameRenderer.js";
