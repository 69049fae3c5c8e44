// Size budgets of what a page downloads, gzip-compressed as the server sends it: the core (the
// whole SDK today, rules and runtime) stays within 12 KB.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { gzipSync } from "node:zlib";

const bundle = new URL("../../Server/Sources/MarqueeServer/SDK/WebBundle/", import.meta.url);
const coreBudget = 12 * 1024;

for (const file of ["marquee.mjs", "marquee.js"]) {
  test(`${file} is within the core's budget of ${coreBudget} bytes of gzip`, () => {
    const size = gzipSync(readFileSync(new URL(file, bundle)), { level: 9 }).length;
    assert.ok(size <= coreBudget, `${file} is ${size} bytes of gzip, over the core's ${coreBudget}`);
  });
}
