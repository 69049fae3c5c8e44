// Size budgets of what a page downloads, gzip-compressed as the server sends it: the core every
// page loads within 12 KB; the message UI, loaded at the first message shown, within 25 KB; the
// pattern matcher, loaded only for campaigns with pattern conditions, within 4 KB.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { gzipSync } from "node:zlib";

const bundle = new URL("../../Server/Sources/MarqueeServer/SDK/WebBundle/", import.meta.url);
const budgets = { "marquee.mjs": 12 * 1024, "marquee.js": 12 * 1024, "marquee-ui.mjs": 25 * 1024, "marquee-regex.mjs": 4 * 1024 };

for (const [file, budget] of Object.entries(budgets)) {
  test(`${file} is within its budget of ${budget} bytes of gzip`, () => {
    const size = gzipSync(readFileSync(new URL(file, bundle)), { level: 9 }).length;
    assert.ok(size <= budget, `${file} is ${size} bytes of gzip, over its ${budget}`);
  });
}
