// One version for a Marquee release: the web SDK sends the one the Swift SDK and the server have.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { version } from "../.build/lib/api.js";

test("the web SDK's version is the release's", () => {
  const swift = readFileSync(new URL("../../Sources/MarqueeModel/Support/MarqueeVersion.swift", import.meta.url), "utf8");
  assert.equal(version, swift.match(/current = "([^"]+)"/)[1]);
});
