// docs/web.md says what the served SDK is: its snippet stays under 1 KB, and the snippet's
// integrity hash and versioned URL are those of this release's marquee.js.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { version } from "../.build/lib/api.js";

const guide = readFileSync(new URL("../../docs/web.md", import.meta.url), "utf8");
const snippet = guide.match(/<!-- snippet -->\n```html\n([\s\S]*?)```\n<!-- \/snippet -->/)?.[1];

test("the snippet is under 1 KB", () => {
  assert.ok(snippet !== undefined, "docs/web.md has a snippet between <!-- snippet --> markers");
  assert.ok(Buffer.byteLength(snippet) < 1024, `the snippet is ${Buffer.byteLength(snippet)} bytes`);
});

test("the snippet loads this release's script, with its integrity hash", () => {
  const script = readFileSync(new URL("../../Server/Sources/MarqueeServer/SDK/WebBundle/marquee.js", import.meta.url));
  const integrity = `sha384-${createHash("sha384").update(script).digest("base64")}`;
  assert.ok(snippet.includes(`/sdk/web/${version}/marquee.js`), "the snippet names this release's URL");
  assert.ok(snippet.includes(`integrity="${integrity}"`), `docs/web.md's snippet needs integrity="${integrity}" (Web/scripts/build prints it)`);
  for (const url of guide.match(/\/sdk\/web\/[^/\s"]+\//g)) assert.equal(url, `/sdk/web/${version}/`);
});
